extension Database {
    /// Deletes and recreates from scratch all indexes that use a
    /// collation, with `REINDEX`: run it after the definition of a
    /// collation changed.
    ///
    /// ```swift
    /// // REINDEX NOCASE
    /// try db.reindex(collation: .nocase)
    /// ```
    ///
    /// - Parameter collation: A collation name.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_reindex.html>.
    public func reindex(collation: Database.CollationName) throws {
        try execute(sql: "REINDEX \(collation.rawValue.quotedDatabaseIdentifier)")
    }

    /// Deletes and recreates from scratch all indexes that use a custom
    /// collation, with `REINDEX`: run it after the definition of the
    /// collation changed.
    ///
    /// ```swift
    /// db.add(collation: newByLength) // same name, new comparison
    /// // REINDEX "byLength"
    /// try db.reindex(collation: newByLength)
    /// ```
    ///
    /// - Parameter collation: A collation.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_reindex.html>.
    public func reindex(collation: DatabaseCollation) throws {
        try execute(sql: "REINDEX \(collation.name.quotedDatabaseIdentifier)")
    }
}
