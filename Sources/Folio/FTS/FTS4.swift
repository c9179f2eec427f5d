/// The FTS4 full-text search module.
///
/// ```swift
/// // CREATE VIRTUAL TABLE "book" USING fts4("title", "author", "body")
/// try db.create(virtualTable: "book", using: FTS4()) { t in
///     t.column("title")
///     t.column("author")
///     t.column("body")
/// }
///
/// try db.execute(sql: "INSERT INTO book (title, author, body) VALUES (?, ?, ?)",
///                arguments: ["Moby-Dick", "Herman Melville", "Call me Ishmael."])
/// let pattern = FTS3Pattern(matchingAllTokensIn: "ishmael")
/// let titles = try String.fetchAll(db, sql: "SELECT title FROM book WHERE book MATCH ?",
///                                  arguments: [pattern]) // ["Moby-Dick"]
/// ```
///
/// All columns of a full-text table hold text. To index a table that
/// holds other values, define an external content table with
/// ``FTS4TableDefinition/synchronize(withTable:)``.
///
/// See <https://www.sqlite.org/fts3.html>.
///
/// ## Topics
/// - ``FTS4TableDefinition``
/// - ``FTS4ColumnDefinition``
/// - ``FTS3TokenizerDescriptor``
/// - ``FTS3Pattern``
public struct FTS4: VirtualTableModule, Sendable {
    /// Creates the FTS4 module.
    public init() { }

    /// "fts4"
    public var moduleName: String { "fts4" }

    /// Returns a new table definition.
    ///
    /// - Parameter configuration: The configuration of the creation.
    /// - Returns: A table definition.
    public func makeTableDefinition(configuration: VirtualTableConfiguration) -> FTS4TableDefinition {
        FTS4TableDefinition(configuration: configuration)
    }

    /// Returns the module arguments: the columns, then the options.
    ///
    /// - Parameters:
    ///   - definition: A table definition.
    ///   - db: A database connection.
    /// - Returns: The module arguments.
    public func moduleArguments(for definition: FTS4TableDefinition, in db: Database) -> [String] {
        var arguments: [String] = []
        var notIndexed: [String] = []
        var languageID: String?
        for column in definition.columns {
            if column.isLanguageID {
                // The language id is a hidden column, named by an option.
                languageID = column.name
                continue
            }
            arguments.append(column.name.quotedDatabaseIdentifier)
            if !column.isIndexed {
                notIndexed.append(column.name)
            }
        }
        if let tokenizer = definition.tokenizer {
            arguments.append("tokenize=" + tokenizer.sql)
        }
        if let content = definition.content {
            arguments.append("content=" + content.quotedDatabaseStringLiteral)
        }
        if let compress = definition.compress {
            arguments.append("compress=" + FTS3TokenizerDescriptor.optionValue(compress))
        }
        if let uncompress = definition.uncompress {
            arguments.append("uncompress=" + FTS3TokenizerDescriptor.optionValue(uncompress))
        }
        if let languageID {
            arguments.append("languageid=" + FTS3TokenizerDescriptor.optionValue(languageID))
        }
        if let matchinfo = definition.matchinfo {
            arguments.append("matchinfo=" + FTS3TokenizerDescriptor.optionValue(matchinfo))
        }
        for column in notIndexed {
            arguments.append("notindexed=" + FTS3TokenizerDescriptor.optionValue(column))
        }
        if let prefixes = definition.prefixes {
            let value = prefixes.sorted().map(String.init).joined(separator: ",")
            arguments.append("prefix=" + value.quotedDatabaseStringLiteral)
        }
        return arguments
    }

    /// Creates the synchronization triggers of an external content table
    /// (see ``FTS4TableDefinition/synchronize(withTable:)``), and indexes
    /// the current content.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - tableName: The name of the full-text table.
    ///   - definition: Its definition.
    /// - Throws: A ``DatabaseError``, for example when the synchronized
    ///   table does not exist.
    public func database(_ db: Database, didCreate tableName: String, using definition: FTS4TableDefinition) throws {
        guard let contentTable = definition.contentTable else { return }
        guard try db.tableExists(contentTable) else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "can not synchronize a full-text table with table \(contentTable): no such table")
        }
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
        let content = contentTable.quotedDatabaseIdentifier
        let ftsColumns = (["docid"] + columns).map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let newValues = ([rowID] + columns).map { "new." + $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        let deleteOld = "DELETE FROM \(ftsTable) WHERE \"docid\" = old.\(rowID.quotedDatabaseIdentifier);"
        let insertNew = "INSERT INTO \(ftsTable)(\(ftsColumns)) VALUES (\(newValues));"
        // A temporary table gets temporary triggers: a trigger of the main
        // schema can not refer to a temporary table.
        let createTrigger = (definition.configuration.temporary ? "TEMP " : "") + "TRIGGER "
            + (definition.configuration.ifNotExists ? "IF NOT EXISTS " : "")
        let names = FTS4.synchronizationTriggerNames(forTable: tableName)
        // Before an update or a delete, the full-text table removes the
        // old row, reading its content from the content table: the
        // content must still be there.
        for (name, event, body) in [
            (names.beforeUpdate, "BEFORE UPDATE", deleteOld),
            (names.beforeDelete, "BEFORE DELETE", deleteOld),
            (names.afterUpdate, "AFTER UPDATE", insertNew),
            (names.afterInsert, "AFTER INSERT", insertNew),
        ] {
            try db.execute(sql: """
                CREATE \(createTrigger)\(name.quotedDatabaseIdentifier) \(event) ON \(content) BEGIN
                    \(body)
                END
                """)
        }
        try db.execute(sql: "INSERT INTO \(ftsTable)(\(ftsTable)) VALUES ('rebuild')")
    }

    /// The names of the synchronization triggers of a full-text table.
    static func synchronizationTriggerNames(forTable tableName: String)
        -> (beforeUpdate: String, beforeDelete: String, afterUpdate: String, afterInsert: String)
    {
        ("__\(tableName)_bu", "__\(tableName)_bd", "__\(tableName)_au", "__\(tableName)_ai")
    }
}

/// The definition of an FTS4 table, given to the closure of
/// ``Database/create(virtualTable:options:using:_:)``.
///
/// ```swift
/// // CREATE VIRTUAL TABLE "document" USING fts4(
/// //   "content", "uuid",
/// //   content='', compress=zip, uncompress=unzip, languageid=lid,
/// //   notindexed=uuid, prefix='2,4')
/// try db.create(virtualTable: "document", using: FTS4()) { t in
///     t.content = ""
///     t.compress = "zip"
///     t.uncompress = "unzip"
///     t.prefixes = [2, 4]
///     t.column("content")
///     t.column("uuid").notIndexed()
///     t.column("lid").asLanguageId()
/// }
/// ```
///
/// See <https://www.sqlite.org/fts3.html#fts4_options>.
public final class FTS4TableDefinition {
    let configuration: VirtualTableConfiguration
    var columns: [FTS4ColumnDefinition] = []
    /// The table set by ``synchronize(withTable:)``.
    var contentTable: String?

    /// The tokenizer (`tokenize` option), or nil for the default
    /// (`simple`).
    ///
    /// See <https://www.sqlite.org/fts3.html#tokenizer>.
    public var tokenizer: FTS3TokenizerDescriptor?

    /// The explicit `content` option.
    var explicitContent: String?

    /// The `content` option: the name of an external content table, or
    /// the empty string for a contentless table.
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "document" USING fts4("body", content='')
    /// try db.create(virtualTable: "document", using: FTS4()) { t in
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
    /// See <https://www.sqlite.org/fts3.html#the_content_option_>.
    public var content: String? {
        get { contentTable ?? explicitContent }
        set {
            explicitContent = newValue
            contentTable = nil
        }
    }

    /// The `compress` option: the name of an SQL function that compresses
    /// the stored text. Set ``uncompress`` as well.
    ///
    /// See <https://www.sqlite.org/fts3.html#the_compress_and_uncompress_options>.
    public var compress: String?

    /// The `uncompress` option: the name of an SQL function that
    /// uncompresses the text compressed by ``compress``.
    ///
    /// See <https://www.sqlite.org/fts3.html#the_compress_and_uncompress_options>.
    public var uncompress: String?

    /// The `matchinfo` option: `fts3` to use less space, at the cost of
    /// the `matchinfo()` information that FTS3 does not provide.
    ///
    /// See <https://www.sqlite.org/fts3.html#the_matchinfo_option>.
    public var matchinfo: String?

    /// The `prefix` option: the lengths of the prefixes to index, to speed
    /// up prefix queries (`data*`).
    ///
    /// See <https://www.sqlite.org/fts3.html#the_prefix_option>.
    public var prefixes: Set<Int>?

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
    public func column(_ name: String) -> FTS4ColumnDefinition {
        let column = FTS4ColumnDefinition(name: name)
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
    /// // CREATE VIRTUAL TABLE "book_ft" USING fts4("title", content='book')
    /// try db.create(virtualTable: "book_ft", using: FTS4()) { t in
    ///     t.synchronize(withTable: "book")
    ///     t.column("title")
    /// }
    /// ```
    ///
    /// The full-text columns must have the names of columns of the
    /// content table. The rows already in the table are indexed. Drop the
    /// triggers with ``Database/dropFTS4SynchronizationTriggers(forTable:)``
    /// if you drop the full-text table.
    ///
    /// - Parameter tableName: The content table.
    ///
    /// See <https://www.sqlite.org/fts3.html#_external_content_fts4_tables_>.
    public func synchronize(withTable tableName: String) {
        contentTable = tableName
    }
}

/// A column of an FTS4 table.
///
/// ```swift
/// t.column("uuid").notIndexed()
/// t.column("lid").asLanguageId()
/// ```
public final class FTS4ColumnDefinition {
    let name: String
    var isIndexed = true
    var isLanguageID = false

    init(name: String) {
        self.name = name
    }

    /// Excludes the column from the full-text index (`notindexed`
    /// option).
    ///
    /// - Returns: The column.
    ///
    /// See <https://www.sqlite.org/fts3.html#the_notindexed_option>.
    @discardableResult
    public func notIndexed() -> Self {
        isIndexed = false
        return self
    }

    /// Makes the column the language id of the rows (`languageid`
    /// option): a hidden integer column, which restricts full-text
    /// queries to the rows of one language (`WHERE lid = 1`).
    ///
    /// - Returns: The column.
    ///
    /// See <https://www.sqlite.org/fts3.html#the_languageid_option>.
    @discardableResult
    public func asLanguageId() -> Self {
        isLanguageID = true
        return self
    }
}

extension Database {
    /// Deletes the triggers that synchronize a full-text table with its
    /// content table (see ``FTS4TableDefinition/synchronize(withTable:)``).
    /// Call it after you drop the full-text table: the triggers would make
    /// writes to the content table fail.
    ///
    /// ```swift
    /// try db.drop(table: "book_ft")
    /// try db.dropFTS4SynchronizationTriggers(forTable: "book_ft")
    /// ```
    ///
    /// - Parameter tableName: The name of the full-text table.
    /// - Throws: A ``DatabaseError``.
    public func dropFTS4SynchronizationTriggers(forTable tableName: String) throws {
        let names = FTS4.synchronizationTriggerNames(forTable: tableName)
        for name in [names.beforeUpdate, names.beforeDelete, names.afterUpdate, names.afterInsert] {
            try execute(sql: "DROP TRIGGER IF EXISTS \(name.quotedDatabaseIdentifier)")
        }
    }
}
