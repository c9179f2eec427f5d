extension DatabaseWriter {
    /// Returns a recorder of the changes written through this writer to
    /// some tables.
    ///
    /// GRDB has no such API: it is Folio's own, over SQLite's session
    /// extension.
    ///
    /// ```swift
    /// let recorder = try dbPool.makeChangeRecorder(tables: ["player"])
    /// try dbPool.write { db in try player.insert(db) }
    /// let pending: Changeset = try recorder.takeChangeset()
    /// ```
    ///
    /// - Parameter tables: The names of the tables to record, or nil for
    ///   all tables of the main schema. SQLite does not record the changes
    ///   of tables without a primary key: it throws when `tables` names
    ///   one, and leaves them out when `tables` is nil.
    /// - Returns: A recorder, which records until it is deallocated.
    /// - Throws: A ``DatabaseError`` that names a table that does not
    ///   exist or has no primary key.
    public func makeChangeRecorder(tables: [String]?) throws -> ChangeRecorder {
        try ChangeRecorder(writer: self, tables: tables)
    }
}
