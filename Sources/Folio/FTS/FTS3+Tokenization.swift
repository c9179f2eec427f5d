extension FTS3 {
    /// Returns the tokens of a string, as a full-text table that uses the
    /// tokenizer would index them.
    ///
    /// ```swift
    /// try FTS3.tokenize("SQLite database")                          // ["sqlite", "database"]
    /// try FTS3.tokenize("Gustave Doré")                             // ["gustave", "doré"]
    /// try FTS3.tokenize("SQLite database", withTokenizer: .porter)  // ["sqlite", "databas"]
    /// try FTS3.tokenize("Gustave Doré", withTokenizer: .unicode61()) // ["gustave", "dore"]
    /// ```
    ///
    /// The tokenizer is built into SQLite (`simple`, `porter`,
    /// `unicode61`): strings are tokenized in a private connection, where
    /// custom tokenizers are not registered.
    ///
    /// - Parameters:
    ///   - string: The string to tokenize.
    ///   - tokenizer: The tokenizer (`simple` by default).
    /// - Returns: The tokens, in order.
    /// - Throws: A ``DatabaseError`` whenever an SQLite error occurs, for
    ///   example when the tokenizer is unknown.
    ///
    /// See <https://www.sqlite.org/fts3.html#tokenizer> and
    /// <https://www.sqlite.org/fts3.html#querying_tokenizers>.
    public static func tokenize(_ string: String, withTokenizer tokenizer: FTS3TokenizerDescriptor = .simple) throws -> [String] {
        try FullTextSupport.tokenize(string, with: tokenizer)
    }
}

/// A private in-memory database, where strings are tokenized and
/// full-text patterns are checked.
enum FullTextSupport {
    static let database = Result { try DatabaseQueue() }

    /// Tokenizes a string with an `fts3tokenize` table, created once per
    /// tokenizer.
    ///
    /// See <https://www.sqlite.org/fts3.html#querying_tokenizers>.
    static func tokenize(_ string: String, with tokenizer: FTS3TokenizerDescriptor) throws -> [String] {
        let moduleArguments = ([tokenizer.name] + tokenizer.arguments)
            .map { $0.quotedDatabaseStringLiteral }
            .joined(separator: ", ")
        let tableName = "tokenize(\(moduleArguments))".quotedDatabaseIdentifier
        return try database.get().inDatabase { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(tableName) USING fts3tokenize(\(moduleArguments))")
            return try String.fetchAll(
                db.cachedStatement(sql: "SELECT token FROM temp.\(tableName) WHERE input = ? ORDER BY position"),
                arguments: [string])
        }
    }

    /// Throws a ``DatabaseError`` when the pattern is not a valid FTS3
    /// full-text query.
    ///
    /// See <https://www.sqlite.org/fts3.html#full_text_index_queries>.
    static func validateFTS3Pattern(_ pattern: String) throws {
        try database.get().inDatabase { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.\"fts3pattern\" USING fts3()")
            _ = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM temp.\"fts3pattern\" WHERE \"fts3pattern\" MATCH ?"),
                arguments: [pattern])
        }
    }
}
