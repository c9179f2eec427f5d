/// A request that can be grouped.
public protocol AggregatingRequest: TypedRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request grouped by the given expressions.
    ///
    /// - Parameter expressions: Grouping expressions.
    /// - Returns: A request.
    func group(_ expressions: [any SQLExpressible]) -> Self

    /// Returns a request with a HAVING condition, in addition to the
    /// current ones.
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    func having(_ predicate: any SQLExpressible) -> Self

    /// Returns an aggregate request grouped on the SQL expressions that
    /// the closure returns when the request is prepared. Any previous
    /// grouping is discarded.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId
    /// let request = Player
    ///     .select(Column("teamId"), max(Column("score")))
    ///     .groupWhenConnected { db in [Column("teamId")] }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter expressions: A closure that accepts a database
    ///   connection and returns an array of SQL expressions.
    /// - Returns: A request.
    func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible]) -> Self

    /// Returns a request whose aggregated groups are filtered by the
    /// boolean SQL expression that the closure returns when the request
    /// is prepared, in addition to the current HAVING conditions.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId HAVING MAX(score) > 1000
    /// let request = Player
    ///     .select(Column("teamId"), max(Column("score")))
    ///     .group(Column("teamId"))
    ///     .havingWhenConnected { db in max(Column("score")) > 1000 }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter predicate: A closure that accepts a database connection
    ///   and returns a boolean SQL expression.
    /// - Returns: A request.
    func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self
}

extension AggregatingRequest {
    /// Returns a request grouped by the given expressions.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId
    /// Player.select(Column("teamId"), max(Column("score"))).group(Column("teamId"))
    /// ```
    ///
    /// - Parameter expressions: Grouping expressions.
    /// - Returns: A request.
    public func group(_ expressions: any SQLExpressible...) -> Self {
        group(expressions)
    }

    /// Returns a request grouped by raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func group(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        group([SQL(sql: sql, arguments: arguments)])
    }

    /// Returns a request with a HAVING condition, in addition to the
    /// current ones (they are joined with AND).
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId HAVING MIN(score) >= 1000
    /// Player.select(Column("teamId"), max(Column("score")))
    ///     .group(Column("teamId"))
    ///     .having(min(Column("score")) >= 1000)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public func having(_ predicate: some SQLExpressible) -> Self {
        having(predicate.sqlExpression as any SQLExpressible)
    }

    /// Returns a request with a raw SQL HAVING condition.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func having(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        having(SQL(sql: sql, arguments: arguments))
    }
}

extension AggregatingRequest where RowDecoder: TableRecord {
    /// The database components of the record type: `$0` in the closures of
    /// the request.
    ///
    /// ```swift
    /// // Player.Columns.Type, or DynamicColumns.Type
    /// QueryInterfaceRequest<Player>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// Returns a request grouped by the expressions returned by the
    /// closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT teamId, position, MAX(score) FROM player GROUP BY teamId, position
    /// Player.all().select { [$0.teamId, $0.position, max($0.score)] }.group { [$0.teamId, $0.position] }
    /// ```
    ///
    /// - Parameter expressions: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func group(_ expressions: (DatabaseComponents) throws -> [any SQLExpressible]) rethrows -> Self {
        group(try expressions(RowDecoder.databaseComponents))
    }

    /// Returns a request grouped by the expression returned by the
    /// closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId
    /// Player.all().select { [$0.teamId, max($0.score)] }.group { $0.teamId }
    /// ```
    ///
    /// - Parameter expression: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func group(_ expression: (DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        group([try expression(RowDecoder.databaseComponents)])
    }

    /// Returns a request with the HAVING condition returned by the closure,
    /// which receives the columns of the record
    /// (``TableRecord/databaseComponents``), in addition to the current ones.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId HAVING MIN(score) >= 1000
    /// Player.all().select { [$0.teamId, max($0.score)] }.group(\.teamId).having { min($0.score) >= 1000 }
    /// ```
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func having(_ predicate: (DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        having(try predicate(RowDecoder.databaseComponents).sqlExpression as any SQLExpressible)
    }
}

// The closures of requests of rows: `$0` is `DynamicColumns`.
extension AggregatingRequest where RowDecoder == Row {
    /// Returns a request of rows grouped by the expressions returned by the
    /// closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT teamId, position, MAX(score) FROM player GROUP BY teamId, position
    /// Table("player").all().select { [$0.teamId, $0.position, max($0.score)] }.group { [$0.teamId, $0.position] }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter expressions: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func group(_ expressions: (DynamicColumns.Type) throws -> [any SQLExpressible]) rethrows -> Self {
        group(try expressions(DynamicColumns.self))
    }

    /// Returns a request of rows grouped by the expression returned by the
    /// closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId
    /// Table("player").all().select { [$0.teamId, max($0.score)] }.group { $0.teamId }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter expression: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func group(_ expression: (DynamicColumns.Type) throws -> any SQLExpressible) rethrows -> Self {
        group([try expression(DynamicColumns.self)])
    }

    /// Returns a request of rows with the HAVING condition returned by the closure,
    /// which receives ``DynamicColumns``, in addition to the current ones.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId HAVING MIN(score) >= 1000
    /// Table("player").all().select { [$0.teamId, max($0.score)] }.group(\.teamId).having { min($0.score) >= 1000 }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func having(_ predicate: (DynamicColumns.Type) throws -> any SQLExpressible) rethrows -> Self {
        having(try predicate(DynamicColumns.self).sqlExpression as any SQLExpressible)
    }
}
