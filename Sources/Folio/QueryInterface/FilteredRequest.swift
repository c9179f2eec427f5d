/// A request that can be filtered.
public protocol FilteredRequest: TypedRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request filtered by a predicate, in addition to the current
    /// filters (they are joined with AND).
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Player.all().filter(Column("score") > 1000)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    func filter(_ predicate: any SQLExpressible) -> Self

    /// Returns a request filtered by the boolean SQL expression that the
    /// closure returns when the request is prepared, in addition to the
    /// current filters (they are joined with AND).
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE name = 'O''Brien'
    /// let name = "O'Brien"
    /// let request = Player.all().filterWhenConnected { db in
    ///     Column("name") == name
    /// }
    /// ```
    ///
    /// The closure runs each time the request is prepared, with the
    /// connection of the database access, and can read the database. Its
    /// error is thrown by the fetching method.
    ///
    /// See <https://www.sqlite.org/lang_select.html#whereclause>.
    ///
    /// - Parameter predicate: A closure that accepts a database
    ///   connection and returns a boolean SQL expression.
    /// - Returns: A request.
    func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self
}

extension FilteredRequest {
    /// Returns a request filtered by a predicate, in addition to the current
    /// filters (they are joined with AND).
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Player.all().filter(Column("score") > 1000)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public func filter(_ predicate: some SQLSpecificExpressible) -> Self {
        filter(predicate.sqlExpression as any SQLExpressible)
    }

    /// Returns a request filtered by raw SQL.
    ///
    /// ```swift
    /// Player.all().filter(sql: "score > ?", arguments: [1000])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: A raw SQL condition.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func filter(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        filter(SQL(sql: sql, arguments: arguments))
    }

    /// Returns a request filtered by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func filter(literal sqlLiteral: SQL) -> Self {
        filter(sqlLiteral)
    }

    /// Returns a request that fetches nothing.
    ///
    /// - Returns: A request.
    public func none() -> Self {
        filter(false.databaseValue)
    }

    /// Returns `self`: a request that fetches all rows from this request.
    ///
    /// This method, which does nothing, exists in order to match
    /// ``none()``, so that generic code can pick one or the other:
    ///
    /// ```swift
    /// func players(visible: Bool) -> QueryInterfaceRequest<Player> {
    ///     let request = Player.order(Column("name"))
    ///     return visible ? request.all() : request.none()
    /// }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Returns: The request, unchanged.
    public func all() -> Self {
        self
    }
}

extension FilteredRequest where RowDecoder: TableRecord {
    /// The database components of the record type: `$0` in the closures of
    /// the request.
    ///
    /// ```swift
    /// // Player.Columns.Type, or DynamicColumns.Type
    /// QueryInterfaceRequest<Player>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// Returns a request filtered by the predicate returned by the closure,
    /// which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE name = 'Arthur'
    /// Player.all().filter { $0.name == "Arthur" }
    /// ```
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func filter(_ predicate: (DatabaseComponents) throws -> any SQLSpecificExpressible) rethrows -> Self {
        filter(try predicate(RowDecoder.databaseComponents).sqlExpression as any SQLExpressible)
    }
}

// The closures of requests of rows: `$0` is `DynamicColumns`.
extension FilteredRequest where RowDecoder == Row {
    /// Returns a request of rows filtered by the predicate returned by the
    /// closure, which receives ``DynamicColumns``: `$0.score` is
    /// `Column("score")`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Table("player").all().filter { $0.score > 1000 }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func filter(_ predicate: (DynamicColumns.Type) throws -> any SQLSpecificExpressible) rethrows -> Self {
        filter(try predicate(DynamicColumns.self).sqlExpression as any SQLExpressible)
    }
}
