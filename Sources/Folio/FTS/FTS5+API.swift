import CSQLite

extension FTS5 {
    /// Returns the `fts5_api` structure of a connection, with which you
    /// can register tokenizers and auxiliary functions with the FTS5 C API.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     let api = FTS5.api(db)
    ///     var tokenizer = fts5_tokenizer()
    ///     var context: UnsafeMutableRawPointer?
    ///     api.pointee.xFindTokenizer(UnsafeMutablePointer(mutating: api), "unicode61", &context, &tokenizer)
    /// }
    /// ```
    ///
    /// The pointer is valid as long as the connection is open.
    ///
    /// - Precondition: The connection is open, and SQLite is compiled with
    ///   FTS5 (as Debian's is): otherwise the program stops.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A pointer to the `fts5_api` structure.
    ///
    /// See <https://www.sqlite.org/fts5.html#extending_fts5>.
    public static func api(_ db: Database) -> UnsafePointer<fts5_api> {
        do {
            return try apiPointer(db)
        } catch {
            fatalProgrammerError("FTS5 is not available: \(error)")
        }
    }

    /// Returns the `fts5_api` structure of a connection, obtained with
    /// `SELECT fts5(?)` and a pointer bound with the type `fts5_api_ptr`.
    ///
    /// See <https://www.sqlite.org/fts5.html#extending_fts5>.
    static func apiPointer(_ db: Database) throws -> UnsafePointer<fts5_api> {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed")
        }
        let sql = "SELECT fts5(?)"
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql)
        }
        var api: UnsafeMutablePointer<fts5_api>?
        code = withUnsafeMutablePointer(to: &api) { apiPointer in
            // The type string must outlive the binding: it does, since the
            // statement is stepped inside this closure.
            "fts5_api_ptr".withCString { type in
                let code = sqlite3_bind_pointer(statement, 1, apiPointer, type, nil)
                guard code == SQLITE_OK else { return code }
                return sqlite3_step(statement)
            }
        }
        guard code == SQLITE_ROW || code == SQLITE_DONE, let api else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code == SQLITE_ROW || code == SQLITE_DONE ? SQLITE_ERROR : code),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql)
        }
        return UnsafePointer(api)
    }
}
