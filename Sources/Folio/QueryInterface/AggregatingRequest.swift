/// A request that can be grouped.
public protocol AggregatingRequest {
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

    /// Returns a request grouped by the expressions returned by the closure.
    ///
    /// - Parameter expressions: A closure that receives the columns.
    /// - Returns: A request.
    public func group(_ expressions: (DatabaseComponents<RowDecoder>) throws -> [any SQLExpressible]) rethrows -> Self {
        group(try expressions(DatabaseComponents()))
    }

    /// Returns a request grouped by the expression returned by the closure.
    ///
    /// - Parameter expression: A closure that receives the columns.
    /// - Returns: A request.
    public func group(_ expression: (DatabaseComponents<RowDecoder>) throws -> any SQLExpressible) rethrows -> Self {
        group([try expression(DatabaseComponents())])
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

    /// Returns a request with the HAVING condition returned by the closure.
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    public func having(_ predicate: (DatabaseComponents<RowDecoder>) throws -> any SQLExpressible) rethrows -> Self {
        having(try predicate(DatabaseComponents()).sqlExpression)
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
