/// A virtual table module, such as ``FTS5``, that
/// ``Database/create(virtualTable:options:using:_:)`` uses to define and
/// create virtual tables.
///
/// ```swift
/// try db.create(virtualTable: "document", using: FTS5()) { t in
///     t.column("content")
/// }
/// ```
///
/// See <https://www.sqlite.org/vtab.html>.
public protocol VirtualTableModule {
    /// The type of the object that defines a virtual table, given to the
    /// closure of ``Database/create(virtualTable:options:using:_:)``.
    associatedtype TableDefinition

    /// The module name, as in `CREATE VIRTUAL TABLE ... USING <name>`.
    var moduleName: String { get }

    /// Returns a new table definition.
    ///
    /// - Parameter configuration: The configuration of the table creation.
    /// - Returns: A table definition.
    func makeTableDefinition(configuration: VirtualTableConfiguration) -> TableDefinition

    /// Returns the arguments of the module, in `CREATE VIRTUAL TABLE ...
    /// USING <name>(<arguments>)`.
    ///
    /// - Parameters:
    ///   - definition: A table definition.
    ///   - db: A database connection.
    /// - Returns: The module arguments.
    /// - Throws: A ``DatabaseError``.
    func moduleArguments(for definition: TableDefinition, in db: Database) throws -> [String]

    /// Runs extra work after the virtual table was created, such as
    /// creating triggers. It runs in the same savepoint as the creation.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - tableName: The name of the new virtual table.
    ///   - definition: Its definition.
    /// - Throws: A ``DatabaseError``.
    func database(_ db: Database, didCreate tableName: String, using definition: TableDefinition) throws
}

extension Database {
    /// Creates a virtual table from a module name, with its arguments.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "place" USING rtree(id, minX, maxX)
    /// try db.create(virtualTable: "place", using: "rtree(id, minX, maxX)")
    /// ```
    ///
    /// - Parameters:
    ///   - tableName: The table name.
    ///   - options: Table options.
    ///   - module: The module name, followed by its arguments if any.
    /// - Throws: A ``DatabaseError``, for example when the module does not
    ///   exist.
    ///
    /// See <https://www.sqlite.org/lang_createvtab.html>.
    public func create(virtualTable tableName: String, options: VirtualTableOptions = [], using module: String) throws {
        try execute(sql: Database.createVirtualTableSQL(tableName, options: options, using: module))
    }

    /// Creates a virtual table with a module, such as ``FTS5``.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "book" USING fts5("author", "title", "body", tokenize='porter')
    /// try db.create(virtualTable: "book", using: FTS5()) { t in
    ///     t.tokenizer = .porter()
    ///     t.column("author")
    ///     t.column("title")
    ///     t.column("body")
    /// }
    /// ```
    ///
    /// The table is created in a savepoint, with the extra objects the
    /// module may add (such as synchronization triggers).
    ///
    /// - Parameters:
    ///   - tableName: The table name.
    ///   - options: Table options.
    ///   - module: The module.
    ///   - body: A closure that defines the table, or nil.
    /// - Throws: The error of `body`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_createvtab.html>.
    public func create<Module: VirtualTableModule>(
        virtualTable tableName: String,
        options: VirtualTableOptions = [],
        using module: Module,
        _ body: ((Module.TableDefinition) throws -> Void)? = nil) throws
    {
        let configuration = VirtualTableConfiguration(
            ifNotExists: options.contains(.ifNotExists),
            temporary: options.contains(.temporary))
        let definition = module.makeTableDefinition(configuration: configuration)
        try body?(definition)
        let arguments = try module.moduleArguments(for: definition, in: self)
        let moduleSQL = arguments.isEmpty
            ? module.moduleName
            : module.moduleName + "(" + arguments.joined(separator: ", ") + ")"
        try inSavepoint {
            try execute(sql: Database.createVirtualTableSQL(tableName, options: options, using: moduleSQL))
            try module.database(self, didCreate: tableName, using: definition)
            return .commit
        }
    }

    /// `CREATE VIRTUAL TABLE [IF NOT EXISTS] "name" USING module`
    static func createVirtualTableSQL(_ tableName: String, options: VirtualTableOptions, using module: String) -> String {
        var sql = "CREATE VIRTUAL TABLE "
        if options.contains(.ifNotExists) {
            sql += "IF NOT EXISTS "
        }
        if options.contains(.temporary) {
            sql += "\"temp\"."
        }
        return sql + tableName.quotedDatabaseIdentifier + " USING " + module
    }
}
