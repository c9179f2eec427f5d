// The closures of `Table` requests: `$0` is the columns of the record
// type, or `DynamicColumns` for a table of rows. GRDB's `Table` has no such
// closures but those of `updateAll`: these are Folio's.

extension Table where RowDecoder: TableRecord {
    /// The database components of the record type: `$0` in the closures of
    /// the requests of the table.
    ///
    /// ```swift
    /// // Player.Columns.Type, or DynamicColumns.Type
    /// Table<Player>.DatabaseComponents.self
    /// ```
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// A request filtered by the predicate returned by the closure, which
    /// receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Table<Player>("player").filter { $0.score > 1000 }
    /// ```
    ///
    /// GRDB has no such method: use `Player.all()`.
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func filter(_ predicate: (DatabaseComponents) throws -> any SQLSpecificExpressible) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().filter(predicate)
    }

    /// A request sorted by the ordering returned by the closure, which
    /// receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC
    /// Table<Player>("player").order { $0.score.desc }
    /// ```
    ///
    /// GRDB has no such method: use `Player.all()`.
    ///
    /// - Parameter ordering: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ ordering: (DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().order(ordering)
    }

    /// A request sorted by the orderings returned by the closure, which
    /// receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Table<Player>("player").order { [$0.score.desc, $0.name] }
    /// ```
    ///
    /// GRDB has no such method: use `Player.all()`.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().order(orderings)
    }

    /// A request that selects the columns returned by the closure, which
    /// receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// Table<Player>("player").select { [$0.id, $0.name] }
    /// ```
    ///
    /// GRDB has no such method: use `Player.all()`.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().select(selection)
    }

    /// A request that selects the column or expression returned by the
    /// closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// Table<Player>("player").select { max($0.score) }
    /// ```
    ///
    /// GRDB has no such method: use `Player.all()`.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DatabaseComponents) throws -> any SQLSelectable) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().select(selection)
    }

    /// A request of another type, that selects the column or expression
    /// returned by the closure, which receives the columns of the record
    /// (``TableRecord/databaseComponents``).
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// let maxScore = try Table<Player>("player").select({ max($0.score) }, as: Int.self).fetchOne(db)
    /// ```
    ///
    /// GRDB has no such method: use `Player.all()`.
    ///
    /// - Parameters:
    ///   - selection: A closure that receives the columns.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select<T>(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable,
        as type: T.Type = T.self) rethrows -> QueryInterfaceRequest<T>
    {
        try all().select(selection, as: type)
    }
}

// The closures of tables of rows: `$0` is `DynamicColumns`.
extension Table where RowDecoder == Row {
    /// A request filtered by the predicate returned by the closure, which
    /// receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Table("player").filter { $0.score > 1000 }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func filter(_ predicate: (DynamicColumns.Type) throws -> any SQLSpecificExpressible) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().filter(predicate)
    }

    /// A request sorted by the ordering returned by the closure, which
    /// receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC
    /// Table("player").order { $0.score.desc }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter ordering: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ ordering: (DynamicColumns.Type) throws -> any SQLOrderingTerm) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().order(ordering)
    }

    /// A request sorted by the orderings returned by the closure, which
    /// receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC, name
    /// Table("player").order { [$0.score.desc, $0.name] }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func order(_ orderings: (DynamicColumns.Type) throws -> [any SQLOrderingTerm]) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().order(orderings)
    }

    /// A request that selects the columns returned by the closure, which
    /// receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT id, name FROM player
    /// Table("player").select { [$0.id, $0.name] }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DynamicColumns.Type) throws -> [any SQLSelectable]) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().select(selection)
    }

    /// A request that selects the column or expression returned by the
    /// closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// Table("player").select { max($0.score) }
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select(_ selection: (DynamicColumns.Type) throws -> any SQLSelectable) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().select(selection)
    }

    /// A request of another type, that selects the column or expression
    /// returned by the closure, which receives ``DynamicColumns``.
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// let maxScore = try Table("player").select({ max($0.score) }, as: Int.self).fetchOne(db)
    /// ```
    ///
    /// GRDB has no such method: its closures need a record type.
    ///
    /// - Parameters:
    ///   - selection: A closure that receives the columns.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    /// - Throws: The error of the closure.
    public func select<T>(
        _ selection: (DynamicColumns.Type) throws -> any SQLSelectable,
        as type: T.Type = T.self) rethrows -> QueryInterfaceRequest<T>
    {
        try all().select(selection, as: type)
    }
}
