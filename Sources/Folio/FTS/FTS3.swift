/// The FTS3 full-text search module.
///
/// ```swift
/// // CREATE VIRTUAL TABLE "document" USING fts3("content")
/// try db.create(virtualTable: "document", using: FTS3()) { t in
///     t.column("content")
/// }
///
/// try db.execute(sql: "INSERT INTO document (content) VALUES (?)", arguments: ["SQLite database"])
/// let pattern = FTS3Pattern(matchingAllTokensIn: "database")
/// let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH ?",
///                              arguments: [pattern]) // 1
/// ```
///
/// All columns of a full-text table hold text. Prefer ``FTS4``, which is
/// faster, and supports external content tables, or ``FTS5``.
///
/// See <https://www.sqlite.org/fts3.html>.
///
/// ## Topics
/// - ``FTS3TableDefinition``
/// - ``FTS3TokenizerDescriptor``
/// - ``FTS3Pattern``
/// - ``tokenize(_:withTokenizer:)``
public struct FTS3: VirtualTableModule, Sendable {
    /// Whether the `unicode61` tokenizer removes diacritics from latin
    /// characters.
    ///
    /// See <https://www.sqlite.org/fts3.html#unicode61>.
    public enum Diacritics: Sendable {
        /// Diacritics are kept: "jérôme" does not match "jerome".
        case keep
        /// Diacritics are removed, with the legacy algorithm of SQLite
        /// (the default).
        case removeLegacy
        /// Diacritics are removed, with the algorithm of SQLite 3.27+,
        /// which also handles characters the legacy one misses.
        case remove
    }

    /// Creates the FTS3 module.
    public init() { }

    /// "fts3"
    public var moduleName: String { "fts3" }

    /// Returns a new table definition.
    ///
    /// - Parameter configuration: The configuration of the creation.
    /// - Returns: A table definition.
    public func makeTableDefinition(configuration: VirtualTableConfiguration) -> FTS3TableDefinition {
        FTS3TableDefinition()
    }

    /// Returns the module arguments: the columns, then the tokenizer.
    ///
    /// - Parameters:
    ///   - definition: A table definition.
    ///   - db: A database connection.
    /// - Returns: The module arguments.
    public func moduleArguments(for definition: FTS3TableDefinition, in db: Database) -> [String] {
        var arguments = definition.columns.map(\.quotedDatabaseIdentifier)
        if let tokenizer = definition.tokenizer {
            arguments.append("tokenize=" + tokenizer.sql)
        }
        return arguments
    }

    /// Does nothing: an FTS3 table needs no extra object.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - tableName: The name of the full-text table.
    ///   - definition: Its definition.
    public func database(_ db: Database, didCreate tableName: String, using definition: FTS3TableDefinition) { }
}

/// The definition of an FTS3 table, given to the closure of
/// ``Database/create(virtualTable:options:using:_:)``.
///
/// ```swift
/// // CREATE VIRTUAL TABLE "book" USING fts3("author", "title", "body", tokenize=porter)
/// try db.create(virtualTable: "book", using: FTS3()) { t in
///     t.tokenizer = .porter
///     t.column("author")
///     t.column("title")
///     t.column("body")
/// }
/// ```
///
/// See <https://www.sqlite.org/fts3.html#creating_and_destroying_fts_tables>.
public final class FTS3TableDefinition {
    var columns: [String] = []

    /// The tokenizer (`tokenize` option), or nil for the default
    /// (`simple`).
    ///
    /// See <https://www.sqlite.org/fts3.html#tokenizer>.
    public var tokenizer: FTS3TokenizerDescriptor?

    init() { }

    /// Adds a column.
    ///
    /// ```swift
    /// t.column("content")
    /// ```
    ///
    /// - Parameter name: The column name.
    public func column(_ name: String) {
        columns.append(name)
    }
}
