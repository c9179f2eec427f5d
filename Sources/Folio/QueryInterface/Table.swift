/// A database table, for requests without a record type.
///
/// ```swift
/// let playerTable = Table("player")
/// let rows = try playerTable.filter(Column("score") > 1000).fetchAll(db)   // [Row]
/// let count = try playerTable.fetchCount(db)
/// let names = try Table<String>("player").select(Column("name")).fetchAll(db)
/// ```
public struct Table<RowDecoder>: Sendable {
    /// The table name.
    public let tableName: String

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

    /// A filtered request. See ``QueryInterfaceRequest/filter(_:)``.
    public func filter(_ predicate: any SQLExpressible) -> QueryInterfaceRequest<RowDecoder> { all().filter(predicate) }

    /// A filtered request. See ``FilteredRequest/filter(sql:arguments:)``.
    public func filter(sql: String, arguments: StatementArguments = StatementArguments()) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(sql: sql, arguments: arguments)
    }

    /// A sorted request. See ``OrderedRequest/order(_:)-...``.
    public func order(_ orderings: any SQLOrderingTerm...) -> QueryInterfaceRequest<RowDecoder> { all().order(orderings) }

    /// A request with a selection. See ``SelectionRequest/select(_:)``.
    public func select(_ selection: any SQLSelectable...) -> QueryInterfaceRequest<RowDecoder> { all().select(selection) }

    /// A request of another type with a selection.
    public func select<T>(_ selection: any SQLSelectable..., as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(selection, as: type)
    }

    /// A limited request. See ``QueryInterfaceRequest/limit(_:offset:)``.
    public func limit(_ limit: Int, offset: Int? = nil) -> QueryInterfaceRequest<RowDecoder> { all().limit(limit, offset: offset) }

    /// An aliased request. See ``QueryInterfaceRequest/aliased(_:)-...``.
    public func aliased(_ alias: TableAlias<RowDecoder>) -> QueryInterfaceRequest<RowDecoder> { all().aliased(alias) }

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
}

extension Table where RowDecoder == Row {
    /// Creates a table whose rows are fetched as ``Row``.
    ///
    /// - Parameter tableName: The table name.
    public init(_ tableName: String) {
        self.tableName = tableName
    }
}
