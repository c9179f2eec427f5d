extension Database {
    /// What SQLite does when a statement violates a constraint: the
    /// `ON CONFLICT` clause of table constraints, and the `OR` clause of
    /// `INSERT` and `UPDATE` statements.
    ///
    /// ```swift
    /// // CREATE TABLE "player" (
    /// //   "id" INTEGER PRIMARY KEY,
    /// //   "email" TEXT UNIQUE ON CONFLICT REPLACE
    /// // )
    /// try db.create(table: "player") { t in
    ///     t.column("id", .integer).primaryKey()
    ///     t.column("email", .text).unique(onConflict: .replace)
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_conflict.html>.
    public enum ConflictResolution: String, Sendable {
        /// `ROLLBACK`: the statement fails and the transaction rolls back.
        case rollback = "ROLLBACK"
        /// `ABORT` (the default): the statement fails and its changes are
        /// undone; the transaction goes on.
        case abort = "ABORT"
        /// `FAIL`: the statement fails, keeping the changes it made before
        /// the conflict.
        case fail = "FAIL"
        /// `IGNORE`: the conflicting row is skipped, and the statement goes
        /// on.
        case ignore = "IGNORE"
        /// `REPLACE`: the rows that conflict are deleted before the new row
        /// is inserted or updated.
        case replace = "REPLACE"
    }
}
