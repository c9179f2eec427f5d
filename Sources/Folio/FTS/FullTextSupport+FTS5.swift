extension FullTextSupport {
    /// The name of the only column of the table that checks patterns
    /// which may filter no column: a control character, that no pattern
    /// names by accident.
    private static let hiddenPatternColumn = "\u{7F}"

    /// Throws a ``DatabaseError`` when the pattern is not a valid FTS5
    /// full-text query, or filters a column that is not allowed.
    ///
    /// The pattern is matched against an empty FTS5 table, created once
    /// per list of columns in the private database.
    ///
    /// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
    static func validateFTS5Pattern(_ pattern: String, allowedColumns: [String]) throws {
        // Column names are case-insensitive: a duplicate would make the
        // creation of the table fail.
        var seen: Set<String> = []
        var columns = allowedColumns.filter { seen.insert($0.lowercased()).inserted }
        if columns.isEmpty {
            columns = [hiddenPatternColumn]
        }
        let columnList = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let tableName = "fts5pattern(\(columnList))".quotedDatabaseIdentifier
        do {
            try database.get().inDatabase { db in
                try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(tableName) USING fts5(\(columnList))")
                _ = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT rowid FROM temp.\(tableName) WHERE \(tableName) MATCH ?"),
                    arguments: [pattern])
            }
        } catch let error as DatabaseError {
            // The SQL of the private table means nothing to the user.
            throw DatabaseError(
                resultCode: error.extendedResultCode,
                message: error.message,
                sql: nil,
                arguments: [pattern],
                publicStatementArguments: false)
        }
    }
}
