// Requests that start from a record type: `Player.all()`,
// `Player.filter(...)`, `Player.order(...)`...

extension TableRecord {
    /// A request for all rows of the table, with the default selection
    /// (``TableRecord/databaseSelection``).
    ///
    /// ```swift
    /// let players = try Player.all().fetchAll(db)
    /// ```
    ///
    /// - Returns: A request.
    public static func all() -> QueryInterfaceRequest<Self> {
        QueryInterfaceRequest(relation: SQLRelation(
            table: databaseTableName,
            selection: databaseSelection.map(\.sqlSelection)))
    }

    /// A request that fetches no row.
    ///
    /// - Returns: A request.
    public static func none() -> QueryInterfaceRequest<Self> {
        all().none()
    }

    /// A request filtered by a predicate.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE email IS NOT NULL
    /// Player.filter(Column("email") != nil)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public static func filter(_ predicate: any SQLExpressible) -> QueryInterfaceRequest<Self> {
        all().filter(predicate)
    }

    /// A request filtered by a predicate.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Player.filter(Column("score") > 1000)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public static func filter(_ predicate: some SQLSpecificExpressible) -> QueryInterfaceRequest<Self> {
        all().filter(predicate.sqlExpression as any SQLExpressible)
    }

    /// A request filtered by the predicate returned by the closure.
    ///
    /// ```swift
    /// Player.filter { $0.name == "Arthur" }
    /// ```
    ///
    /// - Parameter predicate: A closure that receives the columns.
    /// - Returns: A request.
    public static func filter(_ predicate: (Self.DatabaseComponents) throws -> any SQLSpecificExpressible) rethrows -> QueryInterfaceRequest<Self> {
        try all().filter(predicate)
    }

    /// A request filtered by raw SQL.
    ///
    /// - Parameters:
    ///   - sql: A raw SQL condition.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public static func filter(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<Self> {
        all().filter(sql: sql, arguments: arguments)
    }

    /// A request filtered by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public static func filter(literal sqlLiteral: SQL) -> QueryInterfaceRequest<Self> {
        all().filter(literal: sqlLiteral)
    }

    /// A sorted request.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC
    /// Player.order(Column("score").desc)
    /// ```
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public static func order(_ orderings: any SQLOrderingTerm...) -> QueryInterfaceRequest<Self> {
        all().order(orderings)
    }

    /// A sorted request.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public static func order(_ orderings: [any SQLOrderingTerm]) -> QueryInterfaceRequest<Self> {
        all().order(orderings)
    }

    /// A request sorted by the ordering returned by the closure.
    ///
    /// ```swift
    /// Player.order { $0.score.desc }
    /// Player.order(\.score.desc)
    /// ```
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public static func order(_ orderings: (Self.DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> QueryInterfaceRequest<Self> {
        try all().order(orderings)
    }

    /// A request sorted by the orderings returned by the closure.
    ///
    /// - Parameter orderings: A closure that receives the columns.
    /// - Returns: A request.
    public static func order(_ orderings: (Self.DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows -> QueryInterfaceRequest<Self> {
        try all().order(orderings)
    }

    /// A request sorted by raw SQL: `Player.order(sql: "RANDOM()")`.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public static func order(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<Self> {
        all().order(sql: sql, arguments: arguments)
    }

    /// A request sorted by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public static func order(literal sqlLiteral: SQL) -> QueryInterfaceRequest<Self> {
        all().order(literal: sqlLiteral)
    }

    /// A request that selects the given columns and expressions.
    ///
    /// - Parameter selection: The selected columns and expressions.
    /// - Returns: A request.
    public static func select(_ selection: any SQLSelectable...) -> QueryInterfaceRequest<Self> {
        all().select(selection)
    }

    /// A request that selects the given columns and expressions.
    ///
    /// - Parameter selection: The selected columns and expressions.
    /// - Returns: A request.
    public static func select(_ selection: [any SQLSelectable]) -> QueryInterfaceRequest<Self> {
        all().select(selection)
    }

    /// A request of values of another type, that selects the given columns
    /// and expressions.
    ///
    /// ```swift
    /// let names = try Player.select([Column("name")], as: String.self).fetchAll(db)
    /// ```
    ///
    /// - Parameters:
    ///   - selection: The selected columns and expressions.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public static func select<RowDecoder>(_ selection: [any SQLSelectable], as type: RowDecoder.Type = RowDecoder.self) -> QueryInterfaceRequest<RowDecoder> {
        all().select(selection, as: type)
    }

    /// A request of values of another type, that selects the given columns
    /// and expressions.
    ///
    /// - Parameters:
    ///   - selection: The selected columns and expressions.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public static func select<RowDecoder>(_ selection: any SQLSelectable..., as type: RowDecoder.Type = RowDecoder.self) -> QueryInterfaceRequest<RowDecoder> {
        all().select(selection, as: type)
    }

    /// A request that selects the columns returned by the closure.
    ///
    /// ```swift
    /// Player.select { [$0.id, $0.name] }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public static func select(_ selection: (Self.DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> QueryInterfaceRequest<Self> {
        try all().select(selection)
    }

    /// A request that selects the column or expression returned by the
    /// closure.
    ///
    /// ```swift
    /// // SELECT MAX(score) FROM player
    /// let request = Player.select { max($0.score) }
    /// let maxScore = try Int.fetchOne(db, request)
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public static func select(_ selection: (Self.DatabaseComponents) throws -> any SQLSelectable) rethrows -> QueryInterfaceRequest<Self> {
        try all().select(selection)
    }

    /// A request of values of another type, that selects the column or
    /// expression returned by the closure.
    ///
    /// ```swift
    /// let names: [String] = try Player.select(\.name).fetchAll(db)
    /// ```
    ///
    /// - Parameters:
    ///   - selection: A closure that receives the columns.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public static func select<RowDecoder>(
        _ selection: (Self.DatabaseComponents) throws -> any SQLSelectable,
        as type: RowDecoder.Type = RowDecoder.self) rethrows -> QueryInterfaceRequest<RowDecoder>
    {
        try all().select(selection, as: type)
    }

    /// A request that selects raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public static func select(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<Self> {
        all().select(sql: sql, arguments: arguments)
    }

    /// A request that selects an SQL literal.
    ///
    /// ```swift
    /// // SELECT IFNULL(name, 'Anonymous'), score FROM player
    /// let defaultName = "Anonymous"
    /// Player.select(literal: "IFNULL(name, \(defaultName)), score")
    /// ```
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public static func select(literal sqlLiteral: SQL) -> QueryInterfaceRequest<Self> {
        all().select(literal: sqlLiteral)
    }

    /// A request of values of another type, that selects raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public static func select<RowDecoder>(sql: String, arguments: StatementArguments = StatementArguments(), as type: RowDecoder.Type = RowDecoder.self) -> QueryInterfaceRequest<RowDecoder> {
        all().select(sql: sql, arguments: arguments, as: type)
    }

    /// A request of values of another type, that selects an SQL literal.
    ///
    /// - Parameters:
    ///   - sqlLiteral: An SQL literal.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public static func select<RowDecoder>(literal sqlLiteral: SQL, as type: RowDecoder.Type = RowDecoder.self) -> QueryInterfaceRequest<RowDecoder> {
        all().select(literal: sqlLiteral, as: type)
    }

    /// A request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public static func annotated(with selection: any SQLSelectable...) -> QueryInterfaceRequest<Self> {
        all().annotated(with: selection)
    }

    /// A request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public static func annotated(with selection: [any SQLSelectable]) -> QueryInterfaceRequest<Self> {
        all().annotated(with: selection)
    }

    /// A request with the columns returned by the closure added to the
    /// selection.
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public static func annotated(with selection: (Self.DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> QueryInterfaceRequest<Self> {
        try all().annotated(with: selection)
    }

    /// A request with the column or expression returned by the closure
    /// added to the selection.
    ///
    /// ```swift
    /// // SELECT *, score + bonus AS total FROM player
    /// Player.annotated { ($0.score + $0.bonus).forKey("total") }
    /// ```
    ///
    /// - Parameter selection: A closure that receives the columns.
    /// - Returns: A request.
    public static func annotated(with selection: (Self.DatabaseComponents) throws -> any SQLSelectable) rethrows -> QueryInterfaceRequest<Self> {
        try all().annotated(with: selection)
    }

    /// A request limited to `limit` rows, after skipping `offset`.
    ///
    /// - Parameters:
    ///   - limit: The maximum number of rows.
    ///   - offset: The number of rows to skip.
    /// - Returns: A request.
    public static func limit(_ limit: Int, offset: Int? = nil) -> QueryInterfaceRequest<Self> {
        all().limit(limit, offset: offset)
    }

    /// A request whose table is named by the alias.
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public static func aliased(_ alias: TableAlias<Self>) -> QueryInterfaceRequest<Self> {
        all().aliased(alias)
    }

    /// A request whose table is named by the anonymous alias.
    ///
    /// ```swift
    /// // SELECT * FROM player p WHERE p.score > 1000
    /// let alias = TableAlias(name: "p")
    /// Player.aliased(alias).filter(alias["score"] > 1000)
    /// ```
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public static func aliased(_ alias: TableAlias<Void>) -> QueryInterfaceRequest<Self> {
        all().aliased(alias)
    }

    /// A request with a common table expression in its WITH clause.
    ///
    /// - Parameter cte: A common table expression.
    /// - Returns: A request.
    public static func with<RowDecoder>(_ cte: CommonTableExpression<RowDecoder>) -> QueryInterfaceRequest<Self> {
        all().with(cte)
    }

    /// Returns the number of rows in the table.
    ///
    /// ```swift
    /// let count = try Player.fetchCount(db) // SELECT COUNT(*) FROM player
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCount(_ db: Database) throws -> Int {
        try all().fetchCount(db)
    }

    /// Deletes all rows of the table.
    ///
    /// ```swift
    /// try Player.deleteAll(db) // DELETE FROM player
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteAll(_ db: Database) throws -> Int {
        try all().deleteAll(db)
    }

    /// Updates all rows of the table.
    ///
    /// ```swift
    /// try Player.updateAll(db, Column("score").set(to: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]) throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }

    /// Updates all rows of the table.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: ColumnAssignment...) throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }

    /// Updates all rows of the table with the assignments returned by the
    /// closure.
    ///
    /// ```swift
    /// try Player.updateAll(db) { $0.score.set(to: 0) }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (Self.DatabaseComponents) throws -> [ColumnAssignment]) throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments: assignments)
    }

    /// Updates all rows of the table with the assignment returned by the
    /// closure.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignment: A closure that receives the columns.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignment: (Self.DatabaseComponents) throws -> ColumnAssignment) throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, [assignment(databaseComponents)])
    }
}

extension TableRecord {
    /// A request that selects the primary key of all records.
    ///
    /// ```swift
    /// // SELECT id FROM player
    /// let ids = try Player.selectID().fetchAll(db)
    /// ```
    ///
    /// The table must have a single-column primary key, or no explicit
    /// primary key (the rowid is then selected): other tables make the
    /// request fail with a ``DatabaseError``. When `ID` is optional, such
    /// as `Int64?`, prefer ``selectPrimaryKey(as:)``, which fetches
    /// non-optional values.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Returns: A request of identifiers.
    public static func selectID() -> QueryInterfaceRequest<Self.ID> where Self: Identifiable {
        all().selectID()
    }
}
