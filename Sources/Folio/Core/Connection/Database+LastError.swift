import CSQLite

extension Database {
    /// The result code of the most recent SQLite call of the connection
    /// that failed, or `SQLITE_OK` when the most recent call succeeded.
    ///
    /// ```swift
    /// try? db.execute(sql: "SELECT * FROM missing")
    /// db.lastErrorCode    // .SQLITE_ERROR
    /// db.lastErrorMessage // "no such table: missing"
    /// ```
    ///
    /// Folio throws a ``DatabaseError`` for each failure: prefer the
    /// error, which also carries the SQL that failed.
    ///
    /// See <https://www.sqlite.org/c3ref/errcode.html>.
    public var lastErrorCode: ResultCode {
        guard let sqliteConnection else { return .SQLITE_MISUSE }
        return ResultCode(rawValue: sqlite3_extended_errcode(sqliteConnection))
    }

    /// The English message of the most recent SQLite call of the
    /// connection that failed ("not an error" when it succeeded), or nil
    /// when the connection is closed.
    ///
    /// ```swift
    /// try? db.execute(sql: "SELECT * FROM missing")
    /// db.lastErrorMessage // "no such table: missing"
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/errcode.html>.
    public var lastErrorMessage: String? {
        guard let sqliteConnection else { return nil }
        return String(cString: sqlite3_errmsg(sqliteConnection))
    }
}
