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
    /// The statement is Folio's ``Statement``, stepped by
    /// `Statement.step()` like every other (errors name the SQL, observers
    /// see the step). Only the binding is SQLite's own
    /// (`sqlite3_bind_pointer`): a pointer is not a ``DatabaseValue``, so
    /// the binder of `Statement` can not carry it.
    ///
    /// See <https://www.sqlite.org/fts5.html#extending_fts5>.
    static func apiPointer(_ db: Database) throws -> UnsafePointer<fts5_api> {
        let statement = try db.makeStatement(sql: "SELECT fts5(?)")
        var api: UnsafeMutablePointer<fts5_api>?
        try withUnsafeMutablePointer(to: &api) { apiPointer in
            // The pointer and the type string must outlive the binding:
            // they do, since the statement runs inside these closures, and
            // its bindings are cleared before they end.
            try "fts5_api_ptr".withCString { type in
                let code = sqlite3_bind_pointer(statement.sqliteStatement, 1, apiPointer, type, nil)
                guard code == SQLITE_OK else {
                    throw statement.makeError(code: code)
                }
                defer {
                    statement.reset()
                    sqlite3_clear_bindings(statement.sqliteStatement)
                }
                while try statement.step() { }
            }
        }
        guard let api else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "fts5() did not return the fts5_api structure",
                sql: statement.sql)
        }
        return UnsafePointer(api)
    }
}
