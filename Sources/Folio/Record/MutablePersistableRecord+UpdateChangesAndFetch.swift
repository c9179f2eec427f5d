// Updating the changed columns of a record, and fetching the updated row
// with `UPDATE ... RETURNING`: nil, and no SQL, when nothing changed.

extension MutablePersistableRecord {
    /// Updates the columns that differ from another record, and returns
    /// the updated row decoded as another record type
    /// (`UPDATE ... RETURNING`), or nil when nothing differs (no SQL runs).
    ///
    /// ```swift
    /// var newPlayer = oldPlayer
    /// newPlayer.score = 100
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING *
    /// let updated = try newPlayer.updateChangesAndFetch(db, as: FullPlayer.self, from: oldPlayer)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    ///   - record: The record to compare with, usually a previous version
    ///     of this one.
    /// - Returns: The updated row, decoded, or nil when nothing differs.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateChangesAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type,
        from record: some EncodableRecord) throws -> T?
    {
        try _updateChangesAndFetch(db, onConflict: conflictResolution, as: returnedType, from: record.makePersistenceContainer())
    }

    /// Modifies the record with a function, updates the columns that have
    /// changed, and returns the updated row decoded as another record type
    /// (`UPDATE ... RETURNING`), or nil when nothing changed (no SQL runs).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING *
    /// let updated = try player.updateChangesAndFetch(db, as: FullPlayer.self) {
    ///     $0.score = 1000
    /// }
    /// ```
    ///
    /// The values are captured before `modify` runs, so that this works
    /// for classes as well as for structs.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    ///   - modify: A function that modifies the record.
    /// - Returns: The updated row, decoded, or nil when nothing changed.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of `modify` or of a callback.
    public mutating func updateChangesAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type,
        modify: (inout Self) throws -> Void) throws -> T?
    {
        let old = try makePersistenceContainer()
        try modify(&self)
        return try _updateChangesAndFetch(db, onConflict: conflictResolution, as: returnedType, from: old)
    }

    /// Updates the columns that differ from a container, with
    /// `RETURNING`, and decodes the row. Returns nil when nothing differs.
    func _updateChangesAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        as returnedType: T.Type,
        from old: PersistenceContainer) throws -> T?
    {
        let changedColumns = try databaseChanges(from: old).keys
        if changedColumns.isEmpty {
            return nil
        }
        return try _updateAndFetch(db, onConflict: conflictResolution, columns: Set(changedColumns), as: returnedType)
    }
}

extension MutablePersistableRecord {
    /// Updates the columns that differ from another record, and returns
    /// the updated record (`UPDATE ... RETURNING`), or nil when nothing
    /// differs (no SQL runs).
    ///
    /// ```swift
    /// var newPlayer = oldPlayer
    /// newPlayer.score = 100
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING *
    /// if let updated = try newPlayer.updateChangesAndFetch(db, from: oldPlayer) {
    ///     print(updated.modificationDate) // set by a trigger
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - record: The record to compare with, usually a previous version
    ///     of this one.
    /// - Returns: The updated record, or nil when nothing differs.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    public func updateChangesAndFetch(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        from record: some EncodableRecord) throws -> Self?
    where Self: FetchableRecord
    {
        try updateChangesAndFetch(db, onConflict: conflictResolution, as: Self.self, from: record)
    }

    /// Modifies the record with a function, updates the columns that have
    /// changed, and returns the updated record (`UPDATE ... RETURNING`), or
    /// nil when nothing changed (no SQL runs).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING *
    /// if let updated = try player.updateChangesAndFetch(db, modify: { $0.score = 1000 }) {
    ///     print(updated.modificationDate) // set by a trigger
    /// }
    /// ```
    ///
    /// The values are captured before `modify` runs, so that this works
    /// for classes as well as for structs.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - modify: A function that modifies the record.
    /// - Returns: The updated record, or nil when nothing changed.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of `modify` or of a callback.
    public mutating func updateChangesAndFetch(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        modify: (inout Self) throws -> Void) throws -> Self?
    where Self: FetchableRecord
    {
        try updateChangesAndFetch(db, onConflict: conflictResolution, as: Self.self, modify: modify)
    }
}
