// Connected derivations of query interface requests: filters, orderings,
// selections, groupings and HAVING conditions built by a closure that
// receives the database connection when the request is prepared.

extension QueryInterfaceRequest {
    /// Returns a request filtered by the boolean SQL expression that the
    /// closure returns when the request is prepared.
    ///
    /// The closure runs each time the request is prepared (by `fetchAll`,
    /// `fetchCount`, as a subquery...), with the connection of the
    /// database access, and can read the database. The predicate is
    /// joined with AND to the other filters of the request:
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE (score > 100) AND (teamId = 1)
    /// let request = Player
    ///     .filter(Column("score") > 100)
    ///     .filterWhenConnected { db in
    ///         let teamId = try Int.fetchOne(db, sql: "SELECT id FROM team WHERE name = 'red'")
    ///         return Column("teamId") == teamId
    ///     }
    /// ```
    ///
    /// An error thrown by the closure is thrown by the fetching method.
    ///
    /// See <https://www.sqlite.org/lang_select.html#whereclause>.
    ///
    /// - Parameter predicate: A closure that accepts a database
    ///   connection and returns a boolean SQL expression.
    /// - Returns: A request.
    public func filterWhenConnected(
        _ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> QueryInterfaceRequest<RowDecoder>
    {
        _withRelation(_relation.filterWhenConnected { db in try predicate(db).sqlExpression })
    }

    /// Returns a request sorted by the SQL ordering terms that the closure
    /// returns when the request is prepared. Any previous ordering is
    /// discarded.
    ///
    /// The closure runs each time the request is prepared, with the
    /// connection of the database access. The derivations that follow
    /// apply to the connected ordering:
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score, name DESC
    /// let request = Player.all()
    ///     .orderWhenConnected { db in [Column("score").desc, Column("name")] }
    ///     .reversed()
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#the_order_by_clause>.
    ///
    /// - Parameter orderings: A closure that accepts a database connection
    ///   and returns an array of SQL ordering terms.
    /// - Returns: A request.
    public func orderWhenConnected(
        _ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm]) -> QueryInterfaceRequest<RowDecoder>
    {
        _withRelation(_relation.orderWhenConnected { db in try orderings(db).map(\.sqlOrdering) })
    }

    /// Returns a request that selects the result columns that the closure
    /// returns when the request is prepared. Any previous selection is
    /// discarded.
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// let request = Player.all().selectWhenConnected { db in
    ///     [Column("id"), Column("name")]
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#generation_of_the_set_of_result_rows>.
    ///
    /// - Parameter selection: A closure that accepts a database connection
    ///   and returns an array of result columns.
    /// - Returns: A request.
    public func selectWhenConnected(
        _ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> QueryInterfaceRequest<RowDecoder>
    {
        _withRelation(_relation.selectWhenConnected { db in try selection(db).map(\.sqlSelection) })
    }

    /// Returns a request that appends the result columns that the closure
    /// returns when the request is prepared to the selected columns.
    ///
    /// ```swift
    /// // SELECT *, score + bonus AS totalScore FROM player
    /// let request = Player.all().annotatedWhenConnected { db in
    ///     [(Column("score") + Column("bonus")).forKey("totalScore")]
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#generation_of_the_set_of_result_rows>.
    ///
    /// - Parameter selection: A closure that accepts a database connection
    ///   and returns an array of result columns.
    /// - Returns: A request.
    public func annotatedWhenConnected(
        with selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) -> QueryInterfaceRequest<RowDecoder>
    {
        _withRelation(_relation.annotatedWhenConnected { db in try selection(db).map(\.sqlSelection) })
    }

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
    public func groupWhenConnected(
        _ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible]) -> QueryInterfaceRequest<RowDecoder>
    {
        var request = self
        request.query = query.groupWhenConnected { db in try expressions(db).map(\.sqlExpression) }
        return request
    }

    /// Returns a request whose aggregated groups are filtered by the
    /// boolean SQL expression that the closure returns when the request
    /// is prepared, in addition to the current HAVING conditions (they
    /// are joined with AND).
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
    public func havingWhenConnected(
        _ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> QueryInterfaceRequest<RowDecoder>
    {
        var request = self
        request.query = query.havingWhenConnected { db in try predicate(db).sqlExpression }
        return request
    }

    /// Returns the request with its connected derivations applied, for the
    /// methods that read its query directly (batch updates and deletes).
    ///
    /// - Throws: The error of a closure given to a `…WhenConnected`
    ///   method.
    func resolvingConnectedDerivations(_ db: Database) throws -> Self {
        var request = self
        request.query = try query.resolved(db)
        return request
    }
}
