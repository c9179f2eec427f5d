/// A full-text search pattern for FTS5 tables.
///
/// ```swift
/// // Validates a pattern written in the full-text query syntax:
/// let pattern = try db.makeFTS5Pattern(rawPattern: "sqlite AND database", forTable: "book")
///
/// // Builds a valid pattern from any string, such as a user's input:
/// let pattern = FTS5Pattern(matchingAllTokensIn: "SQLite database")
///
/// let books = try Book.matching(pattern).order(Column.rank).fetchAll(db)
/// let books = try Book.fetchAll(db, sql: "SELECT * FROM book WHERE book MATCH ?", arguments: [pattern])
/// ```
///
/// Patterns are values: use them as statement arguments.
///
/// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
public struct FTS5Pattern: Sendable {
    /// The pattern, in the full-text query syntax.
    public let rawPattern: String

    init(uncheckedRawPattern rawPattern: String) {
        self.rawPattern = rawPattern
    }

    /// Creates a pattern from a string in the full-text query syntax,
    /// after checking that it is valid, and that it only filters the
    /// allowed columns.
    ///
    /// ```swift
    /// let pattern = try FTS5Pattern(rawPattern: "sqlite AND database")
    /// let pattern = try FTS5Pattern(rawPattern: "title: sqlite", allowedColumns: ["title", "body"])
    /// // DatabaseError: fts5: syntax error near "AND"
    /// try FTS5Pattern(rawPattern: "AND")
    /// // DatabaseError: no such column: author
    /// try FTS5Pattern(rawPattern: "author: melville", allowedColumns: ["title"])
    /// ```
    ///
    /// To check a pattern against the columns of an existing table, use
    /// ``Database/makeFTS5Pattern(rawPattern:forTable:)``.
    ///
    /// - Parameters:
    ///   - rawPattern: A full-text query.
    ///   - allowedColumns: The columns the pattern may filter on (by
    ///     default none: a column filter is an error).
    /// - Throws: A ``DatabaseError`` when the pattern is not valid, or
    ///   filters a column that is not allowed.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public init(rawPattern: String, allowedColumns: [String] = []) throws {
        try FullTextSupport.validateFTS5Pattern(rawPattern, allowedColumns: allowedColumns)
        self.rawPattern = rawPattern
    }

    /// Creates a pattern that matches the documents that contain any of
    /// the words of a string, or nil when the string has no word.
    ///
    /// ```swift
    /// // sqlite OR database
    /// let pattern = FTS5Pattern(matchingAnyTokenIn: "SQLite database")
    /// FTS5Pattern(matchingAnyTokenIn: "*") // nil
    /// ```
    ///
    /// - Parameter string: Any string.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public init?(matchingAnyTokenIn string: String) {
        self.init(tokensOf: string) { $0.joined(separator: " OR ") }
    }

    /// Creates a pattern that matches the documents that contain all the
    /// words of a string, or nil when the string has no word.
    ///
    /// ```swift
    /// // sqlite database
    /// let pattern = FTS5Pattern(matchingAllTokensIn: "SQLite database")
    /// ```
    ///
    /// - Parameter string: Any string.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public init?(matchingAllTokensIn string: String) {
        self.init(tokensOf: string) { $0.joined(separator: " ") }
    }

    /// Creates a pattern that matches the documents that contain words
    /// that start with each of the words of a string, or nil when the
    /// string has no word.
    ///
    /// ```swift
    /// // sqlite* databa*
    /// let pattern = FTS5Pattern(matchingAllPrefixesIn: "SQLite databa")
    /// ```
    ///
    /// - Parameter string: Any string.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public init?(matchingAllPrefixesIn string: String) {
        self.init(tokensOf: string) { $0.map { $0 + "*" }.joined(separator: " ") }
    }

    /// Creates a pattern that matches the documents that contain the words
    /// of a string, in the same order, or nil when the string has no word.
    ///
    /// ```swift
    /// // "sqlite database"
    /// let pattern = FTS5Pattern(matchingPhrase: "SQLite database")
    /// ```
    ///
    /// - Parameter string: Any string.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public init?(matchingPhrase string: String) {
        self.init(phraseOf: string) { $0 }
    }

    /// Creates a pattern that matches the documents whose column starts
    /// with the words of a string, or nil when the string has no word.
    ///
    /// ```swift
    /// // ^"sqlite database"
    /// let pattern = FTS5Pattern(matchingPrefixPhrase: "SQLite database")
    /// ```
    ///
    /// - Parameter string: Any string.
    ///
    /// See <https://www.sqlite.org/fts5.html#fts5_initial_token_queries>.
    public init?(matchingPrefixPhrase string: String) {
        self.init(phraseOf: string) { "^" + $0 }
    }

    /// Creates a pattern from the words of a string, each one a bareword.
    /// The words are found by the `simple` FTS3 tokenizer: lowercase, so
    /// that they are never query operators (`OR`, `NOT`...), and made of
    /// ASCII letters and digits and non-ASCII characters only, so that
    /// they are barewords. A word that would not be one (which the
    /// tokenizer does not produce) is quoted.
    ///
    /// See <https://www.sqlite.org/fts5.html#fts5_strings>.
    private init?(tokensOf string: String, _ makePattern: ([String]) -> String) {
        // A failable initializer: nil reports that no pattern can be made.
        // The `simple` tokenizer is built into SQLite, and runs in a private
        // in-memory connection: it fails only when SQLite can not open one.
        guard let tokens = try? FTS3.tokenize(string), !tokens.isEmpty else { return nil }
        self.init(uncheckedRawPattern: makePattern(tokens.map(Self.bareword)))
    }

    /// A token as a bareword when it is one, or as a quoted string.
    private static func bareword(_ token: String) -> String {
        let isBareword = token.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "\u{1A}": return true
            default: return scalar.value > 127
            }
        }
        if isBareword && !["AND", "OR", "NOT", "NEAR"].contains(token) {
            return token
        }
        return "\"" + token.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// Creates a pattern from a phrase made of the words of a string.
    private init?(phraseOf string: String, _ makePattern: (String) -> String) {
        // A failable initializer: nil reports that no pattern can be made.
        // The `simple` tokenizer is built into SQLite, and runs in a private
        // in-memory connection: it fails only when SQLite can not open one.
        guard let tokens = try? FTS3.tokenize(string), !tokens.isEmpty else { return nil }
        self.init(uncheckedRawPattern: makePattern("\"" + tokens.joined(separator: " ") + "\""))
    }
}

extension FTS5Pattern: DatabaseValueConvertible {
    /// The raw pattern, as a text value.
    public var databaseValue: DatabaseValue {
        rawPattern.databaseValue
    }

    /// Returns a pattern from a text value, or nil when the value is not
    /// text. The pattern is not validated: use
    /// ``Database/makeFTS5Pattern(rawPattern:forTable:)`` for that.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A pattern, or nil.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> FTS5Pattern? {
        String.fromDatabaseValue(dbValue).map(FTS5Pattern.init(uncheckedRawPattern:))
    }
}

extension Database {
    /// Returns a pattern written in the full-text query syntax, after
    /// checking that an FTS5 table accepts it.
    ///
    /// ```swift
    /// let pattern = try db.makeFTS5Pattern(rawPattern: "sqlite", forTable: "book")
    /// // DatabaseError: fts5: syntax error near "AND"
    /// try db.makeFTS5Pattern(rawPattern: "AND", forTable: "book")
    /// // DatabaseError: no such column: missing
    /// try db.makeFTS5Pattern(rawPattern: "missing: sqlite", forTable: "book")
    /// ```
    ///
    /// - Parameters:
    ///   - rawPattern: A full-text query.
    ///   - table: The name of an FTS5 table.
    /// - Returns: A pattern.
    /// - Throws: A ``DatabaseError`` when the pattern is not valid, or
    ///   refers to a column the table does not have.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    public func makeFTS5Pattern(rawPattern: String, forTable table: String) throws -> FTS5Pattern {
        let name = table.quotedDatabaseIdentifier
        _ = try Row.fetchOne(
            cachedStatement(sql: "SELECT rowid FROM \(name) WHERE \(name) MATCH ?"),
            arguments: [rawPattern])
        return FTS5Pattern(uncheckedRawPattern: rawPattern)
    }
}
