import CSQLite

extension Database {
    /// Copies the content of this database into another one, with the
    /// SQLite online backup API. The destination is replaced: it ends up
    /// with the same schema and content as the source.
    ///
    /// ```swift
    /// let source: DatabaseQueue = ...
    /// let destination: DatabaseQueue = ...
    /// try source.write { sourceDb in
    ///     try destination.barrierWriteWithoutTransaction { destDb in
    ///         try sourceDb.backup(to: destDb)
    ///     }
    /// }
    /// ```
    ///
    /// The copy runs in steps of at most `pagesPerStep` pages, until all
    /// pages are copied. `progress` is called after each step, including
    /// the last one (whose ``DatabaseBackupProgress/isCompleted`` is true).
    /// An error thrown by `progress` before the last step aborts the backup
    /// and is rethrown; an error thrown after the last step is ignored.
    ///
    /// - Parameters:
    ///   - destDb: The destination connection. It must be outside of any
    ///     transaction, and must not be this connection.
    ///   - pagesPerStep: The number of pages copied by each step. A
    ///     negative value (the default) copies all pages in one step.
    ///   - progress: An optional function called after each step.
    /// - Throws: A ``DatabaseError`` when the backup fails (for example
    ///   `SQLITE_READONLY` for a read-only destination, `SQLITE_BUSY` or
    ///   `SQLITE_LOCKED` when a database is locked, `SQLITE_ERROR` when
    ///   the destination is in a transaction), or the error of
    ///   `progress`.
    ///
    /// See <https://www.sqlite.org/backup.html> and
    /// <https://www.sqlite.org/c3ref/backup_finish.html>.
    public func backup(
        to destDb: Database,
        pagesPerStep: CInt = -1,
        progress: ((DatabaseBackupProgress) throws -> Void)? = nil) throws
    {
        let sourceConnection = try checkOpen()
        let destConnection = try destDb.checkOpen()
        try checkNotRemote("backup is")
        try destDb.checkNotRemote("backup is")
        guard let backup = sqlite3_backup_init(destConnection, "main", sourceConnection, "main") else {
            throw DatabaseError.lastError(destConnection, code: sqlite3_errcode(destConnection))
        }
        // The destination schema is replaced, even by a partial copy.
        defer { destDb.schemaDidChangeOutsideOfStatements() }

        var progressError: (any Error)?
        while true {
            let code = sqlite3_backup_step(backup, pagesPerStep)
            guard code == SQLITE_OK || code == SQLITE_DONE else {
                // SQLITE_BUSY and SQLITE_LOCKED could be retried later:
                // the caller decides, with the error.
                break
            }
            let isCompleted = code == SQLITE_DONE
            if let progress {
                let report = DatabaseBackupProgress(
                    remainingPageCount: Int(sqlite3_backup_remaining(backup)),
                    totalPageCount: Int(sqlite3_backup_pagecount(backup)),
                    isCompleted: isCompleted)
                do {
                    try progress(report)
                } catch {
                    // After the last step, the backup is complete and the
                    // error does not matter.
                    if !isCompleted {
                        progressError = error
                        break
                    }
                }
            }
            if isCompleted { break }
        }

        // sqlite3_backup_finish returns the error of the last step, if
        // any, and sets the message of the destination connection.
        let code = sqlite3_backup_finish(backup)
        if let progressError {
            throw progressError
        }
        guard code == SQLITE_OK else {
            throw DatabaseError.lastError(destConnection, code: code)
        }
    }

    /// Drops the caches that depend on the schema, after the schema was
    /// changed without a statement of this connection (a backup into it).
    func schemaDidChangeOutsideOfStatements() {
        clearStatementCache()
        clearSchemaCache()
    }
}
