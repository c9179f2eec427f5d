// Checking foreign keys with `PRAGMA foreign_key_check`: the cursors of
// violations, which return records, are in Record/.

extension Database {
    /// Throws an error if a row of the database violates a foreign key.
    ///
    /// ```swift
    /// try db.execute(sql: "PRAGMA foreign_keys = OFF")
    /// // ... changes that may break foreign keys ...
    /// try db.checkForeignKeys()
    /// // SQLite error 19: FOREIGN KEY constraint violation - from
    /// // book(authorId) to author(id), in [id:12 authorId:42 title:"Dune"]
    /// ```
    ///
    /// To list all violations, use ``foreignKeyViolations()`` instead.
    ///
    /// - Throws: A ``DatabaseError`` with the extended code
    ///   `SQLITE_CONSTRAINT_FOREIGNKEY` for the first violation found (see
    ///   ``ForeignKeyViolation/databaseError(_:)``), or the error of the
    ///   check.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
    public func checkForeignKeys() throws {
        try checkForeignKeys(sql: foreignKeyCheckSQL(in: nil, in: nil))
    }

    /// Throws an error if a row of a table violates a foreign key.
    ///
    /// ```swift
    /// try db.checkForeignKeys(in: "book")
    /// ```
    ///
    /// When `schemaName` is nil, the table is looked for in the main
    /// schema, the temp schema, and the attached databases, in this order
    /// (the SQLite resolution order), and the first match is checked.
    ///
    /// To list the violations, use ``foreignKeyViolations(in:in:)``
    /// instead.
    ///
    /// - Parameters:
    ///   - tableName: The name of a table.
    ///   - schemaName: A schema name (`main`, `temp`, an attached
    ///     database), or nil.
    /// - Throws: A ``DatabaseError`` with the extended code
    ///   `SQLITE_CONSTRAINT_FOREIGNKEY` for the first violation found; a
    ///   ``DatabaseError`` when the schema or the table does not exist.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
    public func checkForeignKeys(in tableName: String, in schemaName: String? = nil) throws {
        try checkForeignKeys(sql: foreignKeyCheckSQL(in: tableName, in: schemaName))
    }

    private func checkForeignKeys(sql: String) throws {
        let rows = try Row.fetchCursor(self, sql: sql)
        if let row = try rows.next() {
            throw ForeignKeyViolation(row: row).databaseError(self)
        }
    }

    /// The `PRAGMA foreign_key_check` statement for a table, or for the
    /// whole database when `tableName` is nil.
    ///
    /// - Throws: A ``DatabaseError`` when `schemaName` names no schema.
    func foreignKeyCheckSQL(in tableName: String?, in schemaName: String?) throws -> String {
        try checkSchemaExists(schemaName)
        let prefix = schemaName.map { $0.quotedDatabaseIdentifier + "." } ?? ""
        guard let tableName else {
            return "PRAGMA \(prefix)foreign_key_check"
        }
        return "PRAGMA \(prefix)foreign_key_check(\(tableName.quotedDatabaseIdentifier))"
    }
}
