// Inserting a record and returning values of the inserted row, selected by
// a closure that receives the columns of the record (`INSERT ... RETURNING`).

extension MutablePersistableRecord {
    /// Inserts the record, and returns values fetched from the inserted
    /// row, selected by a closure (`INSERT ... RETURNING`).
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?) RETURNING "score"
    /// let score = try partialPlayer.insertAndFetch(db) { statement in
    ///     try Int.fetchOne(statement)
    /// } select: {
    ///     [$0.score]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    ///   - select: A closure that receives the columns and returns the
    ///     selection (not empty).
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError`` (also when the selection is empty), or the
    ///   error of a callback, of `select` or of `fetch`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public mutating func insertAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        fetch: (Statement) throws -> T,
        select: (Self.DatabaseComponents) throws -> [any SQLSelectable]) throws -> T
    {
        let selection = try select(Self.databaseComponents)
        try Self.checkReturningSelection(selection, function: "insertAndFetch")
        return try _insertAndFetch(db, onConflict: conflictResolution, selection: selection, fetch: fetch)
    }
}

extension PersistableRecord {
    /// Inserts the record, and returns values fetched from the inserted
    /// row, selected by a closure (`INSERT ... RETURNING`).
    ///
    /// ```swift
    /// // INSERT INTO "country" ("code", "name") VALUES (?, ?) RETURNING "name"
    /// let name = try country.insertAndFetch(db) { statement in
    ///     try String.fetchOne(statement)
    /// } select: {
    ///     [$0.name]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``MutablePersistableRecord/persistenceConflictPolicy``.
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    ///   - select: A closure that receives the columns and returns the
    ///     selection (not empty).
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the insertion is ignored, a ``DatabaseError`` (also when
    ///   the selection is empty), or the error of a callback, of `select`
    ///   or of `fetch`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func insertAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        fetch: (Statement) throws -> T,
        select: (Self.DatabaseComponents) throws -> [any SQLSelectable]) throws -> T
    {
        let selection = try select(Self.databaseComponents)
        try Self.checkReturningSelection(selection, function: "insertAndFetch")
        var record = self
        return try record._insertAndFetch(db, onConflict: conflictResolution, selection: selection, fetch: fetch)
    }
}
