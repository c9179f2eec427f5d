import CSQLite

extension Statement {
    /// Steps the statement for the default `next()` of ``DatabaseCursor``,
    /// the cursors written outside of Folio: refuses to go on once the
    /// database access that started the iteration has returned, and resets
    /// the statement at the end. Folio's own cursors keep this state in
    /// their `_StatementStepper` instead.
    ///
    /// After the first step of an iteration, the statement reads its
    /// columns again when SQLite compiled it again (see
    /// ``refreshColumnsIfRecompiled()``).
    ///
    /// - Returns: True when a row is available, false when done.
    /// - Throws: A ``DatabaseError``: the error of the step, or
    ///   `SQLITE_MISUSE` when the access has returned.
    @usableFromInline
    func stepForDatabaseCursor() throws -> Bool {
        let database = self.database
        let hasRow: Bool
        if sqlite3_stmt_busy(sqliteStatement) == 0 {
            // The first step of an iteration.
            databaseCursorAccessGeneration = database.accessGeneration
            hasRow = try step(in: database)
            _ = refreshColumnsIfRecompiled()
        } else if databaseCursorAccessGeneration != database.accessGeneration || database.sqliteConnection == nil {
            sqlite3_reset(sqliteStatement)
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a database cursor was used outside of the database access closure that created it",
                sql: sql)
        } else {
            hasRow = try step(in: database)
        }
        if hasRow { return true }
        sqlite3_reset(sqliteStatement)
        return false
    }
}
