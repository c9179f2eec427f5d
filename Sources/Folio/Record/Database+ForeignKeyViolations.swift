// The violations of foreign keys, as a cursor of records. The checks that
// throw are in Core (Database+ForeignKeyCheck.swift).

extension Database {
    /// Returns a cursor of the rows of the database that violate a
    /// foreign key.
    ///
    /// ```swift
    /// let violations = try db.foreignKeyViolations()
    /// while let violation = try violations.next() {
    ///     print(violation)
    ///     // FOREIGN KEY constraint violation - from book to author, in rowid 12
    /// }
    /// ```
    ///
    /// The cursor is valid only during the database access that created
    /// it.
    ///
    /// - Returns: A cursor of violations.
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
    public func foreignKeyViolations() throws -> RecordCursor<ForeignKeyViolation> {
        try ForeignKeyViolation.fetchCursor(self, sql: foreignKeyCheckSQL(in: nil, in: nil))
    }

    /// Returns a cursor of the rows of a table that violate a foreign key.
    ///
    /// ```swift
    /// let violations = try Array(db.foreignKeyViolations(in: "book"))
    /// ```
    ///
    /// When `schemaName` is nil, the table is looked for in the main
    /// schema, the temp schema, and the attached databases, in this order
    /// (the SQLite resolution order), and the first match is checked.
    ///
    /// - Parameters:
    ///   - tableName: The name of a table.
    ///   - schemaName: A schema name (`main`, `temp`, an attached
    ///     database), or nil.
    /// - Returns: A cursor of violations.
    /// - Throws: A ``DatabaseError``, when the schema or the table does
    ///   not exist for example.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
    public func foreignKeyViolations(in tableName: String, in schemaName: String? = nil) throws -> RecordCursor<ForeignKeyViolation> {
        try ForeignKeyViolation.fetchCursor(self, sql: foreignKeyCheckSQL(in: tableName, in: schemaName))
    }
}
