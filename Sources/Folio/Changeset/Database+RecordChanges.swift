extension Database {
    /// Runs a function, and returns the changes it made to some tables as
    /// a changeset, with the result of the function.
    ///
    /// GRDB has no such API: it is Folio's own, over SQLite's session
    /// extension.
    ///
    /// ```swift
    /// let (changeset, value) = try dbQueue.write { db in
    ///     try db.recordChanges(in: ["player", "team"]) { db in
    ///         try player.insert(db)
    ///         return 42
    ///     }
    /// }
    /// ```
    ///
    /// The changeset holds the net effect of the function on each row:
    /// a row inserted then updated is one insert; a row updated then
    /// restored is no change. Changes that are rolled back (by a savepoint
    /// of the function, say) are not in it. Transaction observers keep
    /// working while the changes are recorded: SQLite's session uses the
    /// pre-update hook, and Folio's observation the update and commit
    /// hooks.
    ///
    /// - Parameters:
    ///   - tables: The names of the tables to record, or nil for all the
    ///     tables of the main schema. SQLite does not record the changes of
    ///     tables without a primary key: `recordChanges` throws when
    ///     `tables` names one, and leaves them out when `tables` is nil.
    ///   - block: A function that changes the database.
    /// - Returns: The changeset, and the value returned by `block`.
    /// - Throws: A ``DatabaseError`` that names a table that does not
    ///   exist or has no primary key, or the error of `block` (the changes
    ///   are not returned then).
    ///
    /// See <https://www.sqlite.org/session/sqlite3session_changeset.html>.
    public func recordChanges<T>(
        in tables: [String]?,
        _ block: (Database) throws -> T) throws -> (Changeset, T)
    {
        let session = try DatabaseSession(self, tables: tables)
        defer { session.delete() }
        let value = try block(self)
        return try (session.changeset(), value)
    }

    /// Runs a function, and returns the changes it made to some tables as
    /// a patchset, with the result of the function.
    ///
    /// GRDB has no such API: it is Folio's own, over SQLite's session
    /// extension.
    ///
    /// ```swift
    /// let patchset = try dbQueue.write { db in
    ///     try db.recordPatchset(in: nil) { db in
    ///         try db.execute(sql: "DELETE FROM player")
    ///     }.0
    /// }
    /// ```
    ///
    /// See ``recordChanges(in:_:)``: a patchset is smaller than a
    /// changeset, and can not be inverted.
    ///
    /// - Parameters:
    ///   - tables: The names of the tables to record, or nil for all the
    ///     tables of the main schema that have a primary key.
    ///   - block: A function that changes the database.
    /// - Returns: The patchset, and the value returned by `block`.
    /// - Throws: A ``DatabaseError`` that names a table that does not
    ///   exist or has no primary key, or the error of `block`.
    ///
    /// See <https://www.sqlite.org/session/sqlite3session_patchset.html>.
    public func recordPatchset<T>(
        in tables: [String]?,
        _ block: (Database) throws -> T) throws -> (Patchset, T)
    {
        let session = try DatabaseSession(self, tables: tables)
        defer { session.delete() }
        let value = try block(self)
        return try (session.patchset(), value)
    }
}
