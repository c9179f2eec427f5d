extension Database {
    /// An SQLite conflict resolution algorithm, used in `INSERT OR REPLACE`,
    /// `UPDATE OR IGNORE`, and column constraints.
    ///
    /// See <https://www.sqlite.org/lang_conflict.html>.
    public enum ConflictResolution: String, Sendable {
        /// ROLLBACK: abort the statement and roll back the transaction.
        case rollback = "ROLLBACK"
        /// ABORT (the default): abort the statement, keep the transaction.
        case abort = "ABORT"
        /// FAIL: abort the statement, keep the changes it already made.
        case fail = "FAIL"
        /// IGNORE: skip the row that causes the conflict.
        case ignore = "IGNORE"
        /// REPLACE: delete the conflicting rows, then proceed.
        case replace = "REPLACE"
    }
}
