/// A request that can be sorted.
public protocol OrderedRequest: TypedRequest {
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

extension OrderedRequest where RowDecoder: TableRecord {
    /// The database components of the record type: `$0` in the closures of
    /// the request.
    ///
    /// ```swift
    /// // Player.Columns.Type, or DynamicColumns.Type
    /// QueryInterfaceRequest<Player>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// Returns a request sorted by the ordering returned by the closure,
    /// which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC
    /// Player.all().order { $0.score.desc }
    /// Player.all().order(\.score.desc)
    /// ```
    ///
    /// - Parameter ordering: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ ordering: (DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> Self {
        order([try ordering(RowDecoder.databaseComponents)])
    }

    /// Returns a request sorted by the orderings returned by the closure,
    /// which receives the columns of the record.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Player.all().order { [$0.score.desc, $0.name] }
    /// ```
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        order(try orderings(RowDecoder.databaseComponents))
    }

    /// Returns a request sorted by the current ordering, then by the
    /// ordering returned by the closure.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Player.order(\.score.desc).thenOrder(\.name)
    /// ```
    ///
    /// GRDB has no `thenOrder` method.
    ///
    /// - Parameter ordering: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func thenOrder(_ ordering: (DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> Self {
        thenOrder([try ordering(RowDecoder.databaseComponents)])
    }

    /// Returns a request sorted by the current ordering, then by the
    /// orderings returned by the closure.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name, id
    /// Player.order(\.score.desc).thenOrder { [$0.name, $0.id] }
    /// ```
    ///
    /// GRDB has no `thenOrder` method.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func thenOrder(_ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        thenOrder(try orderings(RowDecoder.databaseComponents))
    }
}

// The closures of requests of rows: `$0` is `DynamicColumns`.
extension OrderedRequest where RowDecoder == Row {
    /// Returns a request of rows sorted by the ordering returned by the
    /// closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC
    /// Table("player").all().order { $0.score.desc }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter ordering: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ ordering: (DynamicColumns.Type) throws -> any SQLOrderingTerm) rethrows -> Self {
        order([try ordering(DynamicColumns.self)])
    }

    /// Returns a request of rows sorted by the orderings returned by the
    /// closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Table("player").all().order { [$0.score.desc, $0.name] }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ orderings: (DynamicColumns.Type) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        order(try orderings(DynamicColumns.self))
    }

    /// Returns a request of rows sorted by the current ordering, then by
    /// the ordering returned by the closure, which receives
    /// ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Table("player").order(Column("score").desc).thenOrder { $0.name }
    /// ```
    ///
    /// GRDB has no `thenOrder` method.
    ///
    /// - Parameter ordering: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func thenOrder(_ ordering: (DynamicColumns.Type) throws -> any SQLOrderingTerm) rethrows -> Self {
        thenOrder([try ordering(DynamicColumns.self)])
    }

    /// Returns a request of rows sorted by the current ordering, then by
    /// the orderings returned by the closure, which receives
    /// ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name, id
    /// Table("player").order(Column("score").desc).thenOrder { [$0.name, $0.id] }
    /// ```
    ///
    /// GRDB has no `thenOrder` method.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func thenOrder(_ orderings: (DynamicColumns.Type) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        thenOrder(try orderings(DynamicColumns.self))
    }
}
