import CSQLite

// Recovering from an interrupt.
//
// `sqlite3_interrupt` sets a flag that SQLite clears only when a statement
// starts while no other statement of the connection is running
// (<https://www.sqlite.org/c3ref/interrupt.html>). Some modules leave
// their own statements running after an interrupt: after an FTS5 table
// was written in the interrupted transaction, every statement of the
// connection, ROLLBACK included, fails with `SQLITE_INTERRUPT`, and the
// transaction can not end. The statements that end a transaction or
// restore the state of the connection after a failure go through
// ``Database/executeCleanup(sql:)``, which resets the statements of the
// connection and tries again.

extension Database {
    /// Runs SQL that ends a transaction or a savepoint, or restores the
    /// state of the connection, after a failure or at the end of an
    /// access: it runs even when the async access was cancelled, and when
    /// the connection stays interrupted, it resets the statements of the
    /// connection and runs the SQL once more.
    ///
    /// - Parameter sql: SQL that ends a transaction or restores a state:
    ///   `ROLLBACK`, `RELEASE SAVEPOINT`, `PRAGMA query_only = 0`...
    /// - Throws: A ``DatabaseError``.
    func executeCleanup(sql: String) throws {
        try executeCleanup { try execute(sql: sql) }
    }

    /// Runs a function that ends a transaction or a savepoint, or restores
    /// the state of the connection, as ``executeCleanup(sql:)`` runs its
    /// SQL: even when the async access was cancelled, and once more after
    /// the statements of the connection are reset when it stays
    /// interrupted.
    ///
    /// - Parameter cleanup: A function that runs one statement, such as
    ///   the prepared `ROLLBACK` of ``runTransactionControl(_:)``.
    /// - Throws: A ``DatabaseError``.
    func executeCleanup(_ cleanup: () throws -> Void) throws {
        // A cancelled access refuses to run statements, but must still end
        // its transaction and restore the connection for the next access.
        let cancellation = accessCancellation
        accessCancellation = nil
        defer { accessCancellation = cancellation }
        do {
            try cleanup()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            resetAllStatements()
            try cleanup()
        }
    }

    /// Resets every statement of the connection, those prepared by SQLite
    /// modules included, so that no statement runs and the next one
    /// clears the interrupt flag.
    ///
    /// See <https://www.sqlite.org/c3ref/next_stmt.html> and
    /// <https://www.sqlite.org/c3ref/reset.html>.
    private func resetAllStatements() {
        guard let sqliteConnection else { return }
        var statement = sqlite3_next_stmt(sqliteConnection, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 {
                // The result code of `sqlite3_reset` repeats the error of
                // the last step, which was reported when it happened.
                sqlite3_reset(current)
            }
            statement = sqlite3_next_stmt(sqliteConnection, current)
        }
    }
}
