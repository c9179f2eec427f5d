/// The FTS5 full-text search module.
///
/// ```swift
/// // CREATE VIRTUAL TABLE "book" USING fts5("author", "title", "body", tokenize='porter')
/// try db.create(virtualTable: "book", using: FTS5()) { t in
///     t.tokenizer = .porter()
///     t.column("author")
///     t.column("title")
///     t.column("body")
/// }
///
/// try db.execute(sql: "INSERT INTO book (author, title, body) VALUES (?, ?, ?)",
///                arguments: ["Herman Melville", "Moby-Dick", "Call me Ishmael."])
/// let titles = try String.fetchAll(db, sql: "SELECT title FROM book WHERE book MATCH ? ORDER BY rank",
///                                  arguments: ["ishmael"])
/// ```
///
/// All columns of a full-text table hold text. To index a table that
/// holds other values, define an external content table with
/// ``FTS5TableDefinition/synchronize(withTable:)``.
///
/// See <https://www.sqlite.org/fts5.html>.
public struct FTS5: VirtualTableModule, Sendable {
    /// Whether the `unicode61` tokenizer removes diacritics from latin
    /// characters.
    ///
    /// See <https://www.sqlite.org/fts5.html#unicode61_tokenizer>.
    public enum Diacritics: Sendable {
        /// Diacritics are kept: "jérôme" does not match "jerome".
        case keep
        /// Diacritics are removed, with the legacy algorithm of SQLite
        /// (the default).
        case removeLegacy
        /// Diacritics are removed, with the algorithm of SQLite 3.27+.
        case remove
    }

    /// Creates the FTS5 module.
    public init() { }

    /// "fts5"
    public var moduleName: String { "fts5" }

    /// Returns a new table definition.
    ///
    /// - Parameter configuration: The configuration of the creation.
    /// - Returns: A table definition.
    public func makeTableDefinition(configuration: VirtualTableConfiguration) -> FTS5TableDefinition {
        FTS5TableDefinition(configuration: configuration)
    }

    /// Returns the module arguments: the columns, then the options.
    ///
    /// - Parameters:
    ///   - definition: A table definition.
    ///   - db: A database connection.
    /// - Returns: The module arguments.
    /// - Throws: A ``DatabaseError`` when the synchronized table does not
    ///   exist.
    public func moduleArguments(for definition: FTS5TableDefinition, in db: Database) throws -> [String] {
        var arguments = definition.columns.map { column in
            column.name.quotedDatabaseIdentifier + (column.isIndexed ? "" : " UNINDEXED")
        }
        if let tokenizer = definition.tokenizer {
            arguments.append("tokenize=" + tokenizer.optionValue.quotedDatabaseStringLiteral)
        }
        let content = definition.content
        var contentRowID = definition.contentRowID
        if let contentTable = definition.contentTable {
            // The default content_rowid is the rowid: only give another one.
            contentRowID = try db.primaryKey(contentTable).rowIDColumn
        }
        if let content {
            arguments.append("content=" + content.quotedDatabaseStringLiteral)
        }
        if let contentRowID {
            arguments.append("content_rowid=" + contentRowID.quotedDatabaseStringLiteral)
        }
        if let prefixes = definition.prefixes {
            let value = prefixes.sorted().map(String.init).joined(separator: " ")
            arguments.append("prefix=" + value.quotedDatabaseStringLiteral)
        }
        if let columnSize = definition.columnSize {
            arguments.append("columnsize=\(columnSize)")
        }
        if let detail = definition.detail {
            arguments.append("detail=" + detail)
        }
        return arguments
    }

    /// Creates the synchronization triggers of an external content table
    /// (see ``FTS5TableDefinition/synchronize(withTable:)``), and indexes
    /// the current content.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - tableName: The name of the full-text table.
    ///   - definition: Its definition.
    /// - Throws: A ``DatabaseError``.
    public func database(_ db: Database, didCreate tableName: String, using definition: FTS5TableDefinition) throws {
        guard let contentTable = definition.contentTable else { return }
        if definition.configuration.temporary, try !db.tableExists(contentTable, in: "temp") {
            // SQLite looks for the content table in the schema of the
            // full-text table.
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "can not synchronize the temporary full-text table \(tableName) with table \(contentTable): the content table of a temporary table must be temporary")
        }
        let rowID = try db.primaryKey(contentTable).rowIDColumn ?? "rowid"
        let columns = definition.columns.map(\.name)
        let ftsTable = tableName.quotedDatabaseIdentifier
        // Full-text columns: rowid and the indexed columns. Content
        // columns: the rowid (or its alias) and the same columns.
        let ftsColumns = (["rowid"] + columns).map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let contentColumns = ([rowID] + columns).map(\.quotedDatabaseIdentifier)
        let newValues = contentColumns.map { "new.\($0)" }.joined(separator: ", ")
        let oldValues = contentColumns.map { "old.\($0)" }.joined(separator: ", ")
        // A temporary table gets temporary triggers: a trigger of the main
        // schema can not refer to a temporary table.
        let createTrigger = (definition.configuration.temporary ? "TEMP " : "") + "TRIGGER "
            + (definition.configuration.ifNotExists ? "IF NOT EXISTS " : "")
        let insertNew = "INSERT INTO \(ftsTable)(\(ftsColumns)) VALUES (\(newValues));"
        let deleteOld = "INSERT INTO \(ftsTable)(\(ftsTable), \(ftsColumns)) VALUES ('delete', \(oldValues));"
        let content = contentTable.quotedDatabaseIdentifier
        let names = FTS5.synchronizationTriggerNames(forTable: tableName)
        try db.execute(sql: """
            CREATE \(createTrigger)\(names.afterInsert.quotedDatabaseIdentifier) AFTER INSERT ON \(content) BEGIN
                \(insertNew)
            END
            """)
        try db.execute(sql: """
            CREATE \(createTrigger)\(names.afterDelete.quotedDatabaseIdentifier) AFTER DELETE ON \(content) BEGIN
                \(deleteOld)
            END
            """)
        try db.execute(sql: """
            CREATE \(createTrigger)\(names.afterUpdate.quotedDatabaseIdentifier) AFTER UPDATE ON \(content) BEGIN
                \(deleteOld)
                \(insertNew)
            END
            """)
        try db.execute(sql: "INSERT INTO \(ftsTable)(\(ftsTable)) VALUES ('rebuild')")
    }

    /// The names of the synchronization triggers of a full-text table.
    static func synchronizationTriggerNames(forTable tableName: String)
        -> (afterInsert: String, afterDelete: String, afterUpdate: String)
    {
        ("__\(tableName)_ai", "__\(tableName)_ad", "__\(tableName)_au")
    }
}

/// The definition of an FTS5 table, given to the closure of
/// ``Database/create(virtualTable:options:using:_:)``.
///
/// ```swift
/// // CREATE VIRTUAL TABLE "document" USING fts5(
/// //   "content", "uuid" UNINDEXED,
/// //   prefix='2 4', columnsize=0, detail=column)
/// try db.create(virtualTable: "document", using: FTS5()) { t in
///     t.column("content")
///     t.column("uuid").notIndexed()
///     t.prefixes = [2, 4]
///     t.columnSize = 0
///     t.detail = "column"
/// }
/// ```
///
/// See <https://www.sqlite.org/fts5.html#fts5_table_creation_and_initialization>.
public final class FTS5TableDefinition {
    let configuration: VirtualTableConfiguration
    var columns: [FTS5ColumnDefinition] = []
    /// The table set by ``synchronize(withTable:)``.
    var contentTable: String?

    /// The tokenizer (`tokenize` option), or nil for the default
    /// `unicode61`.
    ///
    /// See <https://www.sqlite.org/fts5.html#tokenizers>.
    public var tokenizer: FTS5TokenizerDescriptor?

    /// The explicit `content` option.
    var explicitContent: String?

    /// The explicit `content_rowid` option.
    var explicitContentRowID: String?

    /// The `content` option: the name of an external content table, or
    /// the empty string for a contentless table.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "document" USING fts5("body", content='')
    /// try db.create(virtualTable: "document", using: FTS5()) { t in
    ///     t.content = ""
    ///     t.column("body")
    /// }
    /// ```
    ///
    /// Prefer ``synchronize(withTable:)``, which keeps the index up to
    /// date with the content table: after it, this property is the
    /// synchronized table. Setting this property invalidates the
    /// synchronization.
    ///
    /// See <https://www.sqlite.org/fts5.html#external_content_and_contentless_tables>.
    public var content: String? {
        get { contentTable ?? explicitContent }
        set {
            explicitContent = newValue
            contentTable = nil
        }
    }

    /// The `content_rowid` option: the integer primary key column of the
    /// external content table.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "book_ft" USING fts5("title", content='book', content_rowid='bookId')
    /// try db.create(virtualTable: "book_ft", using: FTS5()) { t in
    ///     t.content = "book"
    ///     t.contentRowID = "bookId"
    ///     t.column("title")
    /// }
    /// ```
    ///
    /// ``synchronize(withTable:)`` finds it from the schema. Setting this
    /// property invalidates the synchronization.
    ///
    /// See <https://www.sqlite.org/fts5.html#external_content_tables>.
    public var contentRowID: String? {
        get { explicitContentRowID }
        set {
            explicitContentRowID = newValue
            if let contentTable {
                // Keep the content option, without the triggers.
                explicitContent = contentTable
                self.contentTable = nil
            }
        }
    }

    /// The `prefix` option: the lengths of the prefixes to index.
    ///
    /// See <https://www.sqlite.org/fts5.html#prefix_indexes>.
    public var prefixes: Set<Int>?

    /// The `columnsize` option: 0 to not store the size of each column.
    ///
    /// See <https://www.sqlite.org/fts5.html#the_columnsize_option>.
    public var columnSize: Int?

    /// The `detail` option: `full` (the default), `column` or `none`.
    ///
    /// See <https://www.sqlite.org/fts5.html#the_detail_option>.
    public var detail: String?

    init(configuration: VirtualTableConfiguration) {
        self.configuration = configuration
    }

    /// Adds a column.
    ///
    /// ```swift
    /// t.column("content")
    /// ```
    ///
    /// - Parameter name: The column name.
    /// - Returns: The column, for more options.
    @discardableResult
    public func column(_ name: String) -> FTS5ColumnDefinition {
        let column = FTS5ColumnDefinition(name: name)
        columns.append(column)
        return column
    }

    /// Makes the full-text table index the content of a regular table,
    /// and keep the index up to date with triggers.
    ///
    /// ```swift
    /// try db.create(table: "book") { t in
    ///     t.autoIncrementedPrimaryKey("id")
    ///     t.column("title", .text)
    ///     t.column("pageCount", .integer)
    /// }
    /// // CREATE VIRTUAL TABLE "book_ft" USING fts5("title", content='book', content_rowid='id')
    /// try db.create(virtualTable: "book_ft", using: FTS5()) { t in
    ///     t.synchronize(withTable: "book")
    ///     t.column("title")
    /// }
    /// ```
    ///
    /// The rows already in the table are indexed. Drop the triggers with
    /// ``Database/dropFTS5SynchronizationTriggers(forTable:)`` if you drop
    /// the full-text table.
    ///
    /// - Parameter tableName: The content table.
    ///
    /// See <https://www.sqlite.org/fts5.html#external_content_tables>.
    public func synchronize(withTable tableName: String) {
        contentTable = tableName
    }
}

/// A column of an FTS5 table.
///
/// ```swift
/// t.column("uuid").notIndexed()
/// ```
public final class FTS5ColumnDefinition {
    let name: String
    var isIndexed = true

    init(name: String) {
        self.name = name
    }

    /// Excludes the column from the full-text index (`UNINDEXED`).
    ///
    /// - Returns: The column.
    ///
    /// See <https://www.sqlite.org/fts5.html#the_unindexed_column_option>.
    @discardableResult
    public func notIndexed() -> Self {
        isIndexed = false
        return self
    }
}

extension Database {
    /// Deletes the triggers that synchronize a full-text table with its
    /// content table (see ``FTS5TableDefinition/synchronize(withTable:)``).
    /// Call it after you drop the full-text table: the triggers would make
    /// writes to the content table fail.
    ///
    /// ```swift
    /// try db.drop(table: "book_ft")
    /// try db.dropFTS5SynchronizationTriggers(forTable: "book_ft")
    /// ```
    ///
    /// - Parameter tableName: The name of the full-text table.
    /// - Throws: A ``DatabaseError``.
    public func dropFTS5SynchronizationTriggers(forTable tableName: String) throws {
        let names = FTS5.synchronizationTriggerNames(forTable: tableName)
        for name in [names.afterInsert, names.afterDelete, names.afterUpdate] {
            try execute(sql: "DROP TRIGGER IF EXISTS \(name.quotedDatabaseIdentifier)")
        }
    }
}
