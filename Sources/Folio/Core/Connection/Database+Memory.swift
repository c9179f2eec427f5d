import CSQLite

extension Database {
    /// Frees as much memory as possible: SQLite caches, and the cached
    /// statements of the connection.
    ///
    /// ```swift
    /// try dbQueue.writeWithoutTransaction { db in
    ///     db.releaseMemory()
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_release_memory.html>.
    public func releaseMemory() {
        guard let sqliteConnection else { return }
        sqlite3_db_release_memory(sqliteConnection)
        clearStatementCache()
    }
}
