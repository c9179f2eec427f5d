import CSQLite

extension Database {
    /// Deletes all tables, indexes, views and triggers, and all content,
    /// as if the database had just been created.
    ///
    /// It uses `SQLITE_DBCONFIG_RESET_DATABASE` followed by `VACUUM`, and
    /// must run outside of any transaction, with no other connection
    /// reading the database.
    ///
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html#sqlitedbconfigresetdatabase>.
    func erase() throws {
        let connection = try checkOpen()
        if isInsideTransaction {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "can not erase the database inside a transaction")
        }
        var code = _folio_db_config_reset_database(connection, 1)
        guard code == SQLITE_OK else {
            throw DatabaseError.lastError(connection, code: code)
        }
        do {
            try execute(sql: "VACUUM")
        } catch {
            _ = _folio_db_config_reset_database(connection, 0) // the VACUUM error matters more
            throw error
        }
        code = _folio_db_config_reset_database(connection, 0)
        guard code == SQLITE_OK else {
            throw DatabaseError.lastError(connection, code: code)
        }
        clearStatementCache()
        clearSchemaCache()
    }
}

extension DatabaseWriter {
    /// Deletes all tables, indexes, views, triggers and content of the
    /// database, leaving it as if it had just been created.
    ///
    /// ```swift
    /// try dbQueue.erase()
    /// ```
    ///
    /// It waits for concurrent reads to end, and runs outside of any
    /// transaction.
    ///
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html#sqlitedbconfigresetdatabase>.
    public func erase() throws {
        try barrierWriteWithoutTransaction { db in
            try db.erase()
        }
    }

    /// Deletes all tables, indexes, views, triggers and content of the
    /// database, without blocking the current task.
    ///
    /// ```swift
    /// try await dbQueue.erase()
    /// ```
    ///
    /// It waits for concurrent reads to end, and runs outside of any
    /// transaction.
    ///
    /// - Throws: A ``DatabaseError``, or `CancellationError` when the task
    ///   is cancelled before the database is erased.
    ///
    /// See <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html#sqlitedbconfigresetdatabase>.
    public func erase() async throws {
        try await barrierWriteWithoutTransaction { db in
            try db.erase()
        }
    }
}
