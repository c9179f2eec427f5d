/// A database table, for requests without a record type.
///
/// ```swift
/// let playerTable = Table("player")
/// let rows = try playerTable.filter(Column("score") > 1000).fetchAll(db)   // [Row]
/// let count = try playerTable.fetchCount(db)
/// let names = try Table<String>("player").select(Column("name")).fetchAll(db)
/// try playerTable.filter { $0.score == 0 }.deleteAll(db)
/// try playerTable.updateAll(db, Column("score").set(to: 0))
/// ```
///
/// Each method builds a ``QueryInterfaceRequest``: see its documentation
/// for the details. `Table("player")` fetches rows; `Table<Player>("player")`
/// fetches `Player` records, and `Table<String>("player")` values, as the
/// record type or the value type would.
///
/// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
///
/// ## Topics
///
/// ### Fetching
/// - ``fetchCursor(_:)->DatabaseValueCursor<RowDecoder>``
/// - ``fetchAll(_:)-1t9bb``
/// - ``fetchSet(_:)->Set<Row>``
/// - ``fetchOne(_:)->Row?``
/// - ``fetchCount(_:)``
///
/// ### Keys
/// - ``filter(id:)``
/// - ``filter(ids:)``
/// - ``exists(_:id:)``
/// - ``deleteOne(_:id:)``
/// - ``deleteAll(_:ids:)``
/// - ``selectID()``
/// - ``selectPrimaryKey(as:)``
/// - ``orderByPrimaryKey()``
///
/// ### Associations
/// - ``belongsTo(_:key:using:)-(Destination.Type,_,_)``
/// - ``hasMany(_:key:using:)-(Destination.Type,_,_)``
/// - ``hasOne(_:key:using:)-(Destination.Type,_,_)``
/// - ``hasMany(_:through:using:key:)``
/// - ``hasOne(_:through:using:key:)``
/// - ``including(all:)``
/// - ``including(optional:)``
/// - ``including(required:)``
/// - ``joining(optional:)``
/// - ``joining(required:)``
/// - ``annotated(withOptional:)``
/// - ``annotated(withRequired:)``
/// - ``having(_:)``
public struct Table<RowDecoder>: Sendable {
    /// The table name.
    public var tableName: String

    /// Creates a table whose rows decode as `RowDecoder`.
    ///
    /// - Parameter tableName: The table name.
    public init(_ tableName: String) {
        self.tableName = tableName
    }

    /// A request for all rows of the table.
    ///
    /// - Returns: A request.
    public func all() -> QueryInterfaceRequest<RowDecoder> {
        QueryInterfaceRequest(relation: SQLRelation(table: tableName, selection: [.allColumns]))
    }

    /// A request that fetches no row.
    ///
    /// - Returns: A request.
    public func none() -> QueryInterfaceRequest<RowDecoder> { all().none() }

    // MARK: - Filtering

    /// A filtered request. See ``QueryInterfaceRequest/filter(_:)-((DynamicColumns.)->SQLSpecificExpressible)``.
    public func filter(_ predicate: any SQLExpressible) -> QueryInterfaceRequest<RowDecoder> { all().filter(predicate) }

    /// A request filtered by a predicate.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > 1000
    /// Table("player").filter(Column("score") > 1000)
    /// ```
    ///
    /// - Parameter predicate: A boolean expression.
    /// - Returns: A request.
    public func filter(_ predicate: some SQLSpecificExpressible) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(predicate.sqlExpression as any SQLExpressible)
    }

    /// A filtered request. See ``FilteredRequest/filter(sql:arguments:)``.
    public func filter(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(sql: sql, arguments: arguments)
    }

    /// A request filtered by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func filter(literal sqlLiteral: SQL) -> QueryInterfaceRequest<RowDecoder> { all().filter(literal: sqlLiteral) }

    // MARK: - Ordering

    /// A sorted request. See `OrderedRequest/order(_:)-...`.
    public func order(_ orderings: any SQLOrderingTerm...) -> QueryInterfaceRequest<RowDecoder> { all().order(orderings) }

    /// A sorted request.
    ///
    /// - Parameter orderings: Ordering terms.
    /// - Returns: A request.
    public func order(_ orderings: [any SQLOrderingTerm]) -> QueryInterfaceRequest<RowDecoder> { all().order(orderings) }

    /// A request sorted by raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func order(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<RowDecoder> {
        all().order(sql: sql, arguments: arguments)
    }

    /// A request sorted by an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func order(literal sqlLiteral: SQL) -> QueryInterfaceRequest<RowDecoder> { all().order(literal: sqlLiteral) }

    // MARK: - Selection

    /// A request with a selection. See ``SelectionRequest/select(_:)``.
    public func select(_ selection: any SQLSelectable...) -> QueryInterfaceRequest<RowDecoder> { all().select(selection) }

    /// A request with a selection.
    ///
    /// - Parameter selection: The selected columns and expressions.
    /// - Returns: A request.
    public func select(_ selection: [any SQLSelectable]) -> QueryInterfaceRequest<RowDecoder> { all().select(selection) }

    /// A request that selects raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    /// - Returns: A request.
    public func select(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<RowDecoder> {
        all().select(sql: sql, arguments: arguments)
    }

    /// A request that selects an SQL literal.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func select(literal sqlLiteral: SQL) -> QueryInterfaceRequest<RowDecoder> { all().select(literal: sqlLiteral) }

    /// A request of another type with a selection.
    ///
    /// ```swift
    /// let names = try Table("player").select(Column("name"), as: String.self).fetchAll(db)
    /// ```
    ///
    /// - Parameters:
    ///   - selection: The selected columns and expressions.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(_ selection: any SQLSelectable..., as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(selection, as: type)
    }

    /// A request of another type with a selection.
    ///
    /// - Parameters:
    ///   - selection: The selected columns and expressions.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(_ selection: [any SQLSelectable], as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(selection, as: type)
    }

    /// A request of another type, that selects raw SQL.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(sql: String, arguments: StatementArguments = StatementArguments(), as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(sql: sql, arguments: arguments, as: type)
    }

    /// A request of another type, that selects an SQL literal.
    ///
    /// - Parameters:
    ///   - sqlLiteral: An SQL literal.
    ///   - type: The type of fetched values.
    /// - Returns: A request.
    public func select<T>(literal sqlLiteral: SQL, as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(literal: sqlLiteral, as: type)
    }

    /// A request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public func annotated(with selection: any SQLSelectable...) -> QueryInterfaceRequest<RowDecoder> { all().annotated(with: selection) }

    /// A request with added columns and expressions.
    ///
    /// - Parameter selection: The added columns and expressions.
    /// - Returns: A request.
    public func annotated(with selection: [any SQLSelectable]) -> QueryInterfaceRequest<RowDecoder> { all().annotated(with: selection) }

    // MARK: - Other requests

    /// A limited request. See ``QueryInterfaceRequest/limit(_:offset:)``.
    public func limit(_ limit: Int, offset: Int? = nil) -> QueryInterfaceRequest<RowDecoder> { all().limit(limit, offset: offset) }

    /// An aliased request. See ``QueryInterfaceRequest/aliased(_:)``.
    public func aliased(_ alias: TableAlias<RowDecoder>) -> QueryInterfaceRequest<RowDecoder> { all().aliased(alias) }

    /// A request whose table is named by the anonymous alias.
    ///
    /// ```swift
    /// // SELECT * FROM player p WHERE p.score > 1000
    /// let alias = TableAlias(name: "p")
    /// Table("player").aliased(alias).filter(alias["score"] > 1000)
    /// ```
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func aliased(_ alias: TableAlias<Void>) -> QueryInterfaceRequest<RowDecoder> { all().aliased(alias) }

    /// A request with a common table expression in its WITH clause.
    ///
    /// - Parameter cte: A common table expression.
    /// - Returns: A request.
    public func with<T>(_ cte: CommonTableExpression<T>) -> QueryInterfaceRequest<RowDecoder> { all().with(cte) }

    // MARK: - Counting, deleting, updating

    /// Returns the number of rows in the table.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchCount(_ db: Database) throws -> Int { try all().fetchCount(db) }

    /// Deletes all rows of the table.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func deleteAll(_ db: Database) throws -> Int { try all().deleteAll(db) }

    /// Updates all rows of the table.
    ///
    /// ```swift
    /// // UPDATE player SET score = 0
    /// try Table("player").updateAll(db, Column("score").set(to: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: Column assignments.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
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
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: ColumnAssignment...) throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }

    /// Updates all rows of the table with the assignments returned by the
    /// closure.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignments: A closure that receives the columns.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (Table<RowDecoder>.DatabaseComponents) throws -> [ColumnAssignment]) throws -> Int
    where RowDecoder: TableRecord
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments: assignments)
    }

    /// Updates all rows of the table with the assignment returned by the
    /// closure.
    ///
    /// ```swift
    /// try Table<Player>("player").updateAll(db) { $0.score += 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict policy, or nil.
    ///   - assignment: A closure that receives the columns.
    /// - Returns: The number of updated rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func updateAll(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignment: (Table<RowDecoder>.DatabaseComponents) throws -> ColumnAssignment) throws -> Int
    where RowDecoder: TableRecord
    {
        try all().updateAll(db, onConflict: conflictResolution, assignment: assignment)
    }
}

extension Table where RowDecoder == Row {
    /// Creates a table whose rows are fetched as ``Row``.
    ///
    /// - Parameter tableName: The table name.
    public init(_ tableName: String) {
        self.tableName = tableName
    }

    /// Returns a cursor over all rows of the table.
    ///
    /// ```swift
    /// let rows = try Table("player").fetchCursor(db)
    /// while let row = try rows.next() { ... }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> RowCursor { try all().fetchCursor(db) }

    /// Returns all rows of the table.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchAll(_ db: Database) throws -> [Row] { try all().fetchAll(db) }

    /// Returns the set of distinct rows of the table.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchSet(_ db: Database) throws -> Set<Row> { try all().fetchSet(db) }

    /// Returns a row of the table, or nil if the table is empty.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A row, or nil.
    /// - Throws: A ``DatabaseError``.
    public func fetchOne(_ db: Database) throws -> Row? { try all().fetchOne(db) }
}
