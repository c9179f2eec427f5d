/// A request that can be sorted.
public protocol OrderedRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a request sorted by the given orderings, replacing the
    /// current ordering.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    func order(_ orderings: [any SQLOrderingTerm]) -> Self

    /// Returns a request sorted by the SQL ordering terms that the closure
    /// returns when the request is prepared. Any previous ordering is
    /// discarded.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// let request = Player.all().orderWhenConnected { db in
    ///     [Column("score").desc, Column("name")]
    /// }
    /// ```
    ///
    /// The closure runs each time the request is prepared, with the
    /// connection of the database access, and can read the database. The
    /// derivations that follow (`reversed()`, `thenOrder(_:)`...) apply to
    /// the connected ordering.
    ///
    /// See <https://www.sqlite.org/lang_select.html#the_order_by_clause>.
    ///
    /// - Parameter orderings: A closure that accepts a database connection
    ///   and returns an array of SQL ordering terms.
    /// - Returns: A request.
    func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm]) -> Self

    /// Returns a request sorted by the current ordering, then by the given
    /// orderings.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    func thenOrder(_ orderings: [any SQLOrderingTerm]) -> Self

    /// Returns a request with the ordering reversed. A request with no
    /// ordering is then sorted by primary key, descending.
    ///
    /// - Returns: A request.
    func reversed() -> Self

    /// Returns a request with no ordering.
    ///
    /// - Returns: A request.
    func unordered() -> Self

    /// Returns a request whose rows come in a well-defined order, for
    /// tests that compare fetched values or dumps.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY id
    /// Player.all().withStableOrder()
    ///
    /// // SELECT * FROM player ORDER BY score DESC, id
    /// Player.order(\.score.desc).withStableOrder()
    /// ```
    ///
    /// The request is sorted by its current ordering, then by the primary
    /// key of its table (the rowid when the table has no explicit primary
    /// key), or by all the columns of a view, from left to right. Joined
    /// and prefetched associations are sorted the same way. Requests on
    /// common table expressions are not sorted further.
    ///
    /// This ordering is meant for tests: it is not guaranteed to be a
    /// meaningful, nor an efficient ordering.
    ///
    /// - Returns: A request.
    func withStableOrder() -> Self
}

extension OrderedRequest {
    /// Returns a request sorted by the given orderings.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Player.all().order(Column("score").desc, Column("name"))
    /// ```
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func order(_ orderings: any SQLOrderingTerm...) -> Self {
        order(orderings)
    }

    /// Returns a request sorted by the current ordering, then by the given
    /// orderings.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func thenOrder(_ orderings: any SQLOrderingTerm...) -> Self {
        thenOrder(orderings)
    }

    /// Returns a request sorted by the ordering returned by the closure.
    ///
    /// ```swift
    /// Player.all().order { $0.score.desc }
    /// Player.all().order { [$0.score.desc, $0.name] }
    /// ```
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func order(_ orderings: (DatabaseComponents<RowDecoder>) throws -> any SQLOrderingTerm) rethrows -> Self {
        order([try orderings(DatabaseComponents())])
    }

    /// Returns a request sorted by the orderings returned by the closure.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func order(_ orderings: (DatabaseComponents<RowDecoder>) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        order(try orderings(DatabaseComponents()))
    }

    /// Returns a request sorted by the current ordering, then by the
    /// ordering returned by the closure.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Player.order(\.score.desc).thenOrder(\.name)
    /// ```
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func thenOrder(_ orderings: (DatabaseComponents<RowDecoder>) throws -> any SQLOrderingTerm) rethrows -> Self {
        thenOrder([try orderings(DatabaseComponents())])
    }

    /// Returns a request sorted by the current ordering, then by the
    /// orderings returned by the closure.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public func thenOrder(_ orderings: (DatabaseComponents<RowDecoder>) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        thenOrder(try orderings(DatabaseComponents()))
    }

    /// Returns a request sorted by raw SQL: `order(sql: "RANDOM()")`.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func order(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        order([SQL(sql: sql, arguments: arguments)])
    }

    /// Returns a request sorted by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func order(literal sqlLiteral: SQL) -> Self {
        order([sqlLiteral])
    }
}
