/// A full-text search pattern for FTS3 and FTS4 tables.
///
/// ```swift
/// // Validates a pattern written in the full-text query syntax:
/// let pattern = try FTS3Pattern(rawPattern: "sqlite AND database")
///
/// // Builds a valid pattern from any string, such as a user's input:
/// let pattern = FTS3Pattern(matchingAllTokensIn: "SQLite database")
///
/// let books = try Book.matching(pattern).fetchAll(db)
/// let books = try Book.fetchAll(db, sql: "SELECT * FROM book WHERE book MATCH ?", arguments: [pattern])
/// ```
///
/// Patterns are values: use them as statement arguments.
///
/// See <https://www.sqlite.org/fts3.html#full_text_index_queries>.
public struct FTS3Pattern: Sendable {
    /// The pattern, in the full-text query syntax.
    public let rawPattern: String

    /// Creates a pattern from a string in the full-text query syntax.
    ///
    /// ```swift
    /// let pattern = try FTS3Pattern(rawPattern: "sqlite AND database")
    /// // DatabaseError: malformed MATCH expression: [AND]
    /// let invalid = try FTS3Pattern(rawPattern: "AND")
    /// ```
    ///
    /// - Parameter rawPattern: A full-text query.
    /// - Throws: A ``DatabaseError`` when the pattern is not valid.
    ///
    /// See <https://www.sqlite.org/fts3.html#full_text_index_queries>.
    public init(rawPattern: String) throws {
        try FullTextSupport.validateFTS3Pattern(rawPattern)
        self.rawPattern = rawPattern
    }

    /// Creates a pattern that matches the documents that contain any of
    /// the words of a string, or nil when the string has no word.
    ///
    /// ```swift
    /// // sqlite OR database
    /// let pattern = FTS3Pattern(matchingAnyTokenIn: "SQLite database")
    /// FTS3Pattern(matchingAnyTokenIn: "*") // nil
    /// ```
    ///
    /// - Parameter string: Any string.
    public init?(matchingAnyTokenIn string: String) {
        self.init(tokensOf: string) { $0.joined(separator: " OR ") }
    }

    /// Creates a pattern that matches the documents that contain all the
    /// words of a string, or nil when the string has no word.
    ///
    /// ```swift
    /// // sqlite database
    /// let pattern = FTS3Pattern(matchingAllTokensIn: "SQLite database")
    /// ```
    ///
    /// - Parameter string: Any string.
    public init?(matchingAllTokensIn string: String) {
        self.init(tokensOf: string) { $0.joined(separator: " ") }
    }

    /// Creates a pattern that matches the documents that contain words
    /// that start with each of the words of a string, or nil when the
    /// string has no word.
    ///
    /// ```swift
    /// // sqlite* databa*
    /// let pattern = FTS3Pattern(matchingAllPrefixesIn: "SQLite databa")
    /// ```
    ///
    /// - Parameter string: Any string.
    public init?(matchingAllPrefixesIn string: String) {
        self.init(tokensOf: string) { $0.map { $0 + "*" }.joined(separator: " ") }
    }

    /// Creates a pattern that matches the documents that contain the words
    /// of a string, in the same order, or nil when the string has no word.
    ///
    /// ```swift
    /// // "sqlite database"
    /// let pattern = FTS3Pattern(matchingPhrase: "SQLite database")
    /// ```
    ///
    /// - Parameter string: Any string.
    public init?(matchingPhrase string: String) {
        self.init(tokensOf: string) { "\"" + $0.joined(separator: " ") + "\"" }
    }

    /// Creates a pattern from the words of a string, found by the `simple`
    /// tokenizer: lowercase, so that they are never query operators (`OR`,
    /// `NOT`...), and without punctuation, so that they need no quoting.
    private init?(tokensOf string: String, _ makePattern: ([String]) -> String) {
        // A failable initializer: nil reports that no pattern can be made.
        // The `simple` tokenizer is built into SQLite, and runs in a private
        // in-memory connection: it fails only when SQLite can not open one.
        guard let tokens = try? FTS3.tokenize(string), !tokens.isEmpty, let pattern = try? FTS3Pattern(rawPattern: makePattern(tokens)) else {
            return nil
        }
        self = pattern
    }
}

extension FTS3Pattern: DatabaseValueConvertible {
    /// The raw pattern, as a text value.
    public var databaseValue: DatabaseValue {
        rawPattern.databaseValue
    }

    /// Returns a pattern from a text value, or nil when the value is not
    /// a valid pattern.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A pattern, or nil.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> FTS3Pattern? {
        // An invalid pattern is what nil reports (see above).
        String.fromDatabaseValue(dbValue).flatMap { try? FTS3Pattern(rawPattern: $0) }
    }
}
