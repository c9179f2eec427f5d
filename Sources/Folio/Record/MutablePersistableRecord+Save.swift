// Save: update, or insert when there is nothing to update.

extension MutablePersistableRecord {
    /// Updates the row of the record when it exists, and inserts the
    /// record otherwise.
    ///
    /// ```swift
    /// var player = Player(id: nil, name: "Arthur", score: 100)
    /// try player.save(db) // INSERT: the id is nil
    /// player.score = 1000
    /// try player.save(db) // UPDATE
    /// ```
    ///
    /// When the primary key of the record is nil, `save` inserts. Otherwise
    /// it updates all columns, and inserts when no row was updated; both
    /// statements run in a savepoint, so that `save` is atomic, callbacks
    /// included.
    ///
    /// The callbacks are `willSave`, `aroundSave` and `didSave`, around the
    /// callbacks of the update and of the insertion that run.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_savepoint.html>.
    public mutating func save(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try _save(db) { record in
            try record._updateOrInsertWithoutSaveCallbacks(db, onConflict: conflictResolution)
        }
    }

    /// Saves a copy of the record (see ``save(_:onConflict:)``), and
    /// returns it.
    ///
    /// ```swift
    /// let player = try Player(id: nil, name: "Arthur", score: 100).saved(db)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    /// - Returns: The saved record.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func saved(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> Self {
        var result = self
        try result.save(db, onConflict: conflictResolution)
        return result
    }
}

extension MutablePersistableRecord {
    /// Saves the record (see ``save(_:onConflict:)``), and returns the saved
    /// row decoded as another record type (`... RETURNING`).
    ///
    /// ```swift
    /// let player = try partialPlayer.saveAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    /// - Returns: The saved row, decoded.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public mutating func saveAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> T
    {
        try _saveAndFetch(db, onConflict: conflictResolution, as: returnedType)
    }
}

extension MutablePersistableRecord {
    /// Saves the record (see ``save(_:onConflict:)``), and returns a new
    /// record built from the saved row (`... RETURNING *`).
    ///
    /// ```swift
    /// let player = Player(id: nil, name: "Arthur")
    /// let savedPlayer = try player.saveAndFetch(db)
    /// ```
    ///
    /// It performs an `UPDATE ... RETURNING` when the record has a primary
    /// key that matches a row, and an `INSERT ... RETURNING` otherwise.
    /// The receiver is not modified: the callbacks run on a copy.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    /// - Returns: The saved record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError``, or the error of a callback.
    public func saveAndFetch(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> Self
    where Self: FetchableRecord
    {
        var record = self
        return try record._saveAndFetch(db, onConflict: conflictResolution, as: Self.self)
    }
}

extension PersistableRecord {
    /// Saves the record (see ``MutablePersistableRecord/save(_:onConflict:)``),
    /// and returns the saved row decoded as another record type.
    ///
    /// ```swift
    /// let player = try partialPlayer.saveAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil.
    ///   - returnedType: The type of the returned record.
    /// - Returns: The saved row, decoded.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the insertion is ignored, a ``DatabaseError``, or the error
    ///   of a callback.
    public func saveAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> T
    {
        var record = self
        return try record._saveAndFetch(db, onConflict: conflictResolution, as: returnedType)
    }
}

// MARK: - The save flow

extension MutablePersistableRecord {
    /// Runs the save callbacks around a function that updates or inserts,
    /// and returns nil when nothing was saved.
    mutating func _save(_ db: Database, _ updateOrInsert: (inout Self) throws -> PersistenceSuccess?) throws {
        try willSave(db)
        var saved: PersistenceSuccess?
        var saveCount = 0
        let record = self
        try record.aroundSave(db) {
            saveCount += 1
            guard saveCount == 1 else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
            saved = try updateOrInsert(&self)
            return saved ?? PersistenceSuccess(persistenceContainer: PersistenceContainer())
        }
        guard saveCount == 1 else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
        if let saved {
            didSave(saved)
        }
    }

    /// Inserts when the primary key is nil, and otherwise updates then
    /// inserts if no row was updated, in a savepoint. Returns nil when
    /// nothing was saved (an ignored insertion, or a customization that
    /// did not save).
    ///
    /// The steps run through ``update(_:columns:)`` (all columns) and
    /// ``insert(_:)`` when the record type customizes them, as seed-era
    /// records do (`Compatibility/PersistenceHandOff.swift`), and straight
    /// to the statement otherwise, without the save callbacks, that `save`
    /// runs around both.
    mutating func _updateOrInsertWithoutSaveCallbacks(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?) throws -> PersistenceSuccess?
    {
        try _updateOrInsert(
            db,
            update: { record, container, notFound in
                let columns = Set(container.columns)
                if db.persistenceConnectionState.usesDefaultUpdate(record._dynamicRecordType) {
                    return try record._updateWithUpdateCallbacks(db, onConflict: conflictResolution, columns: columns, notFound: &notFound)
                }
                return try record._updateHandingOverSaveStep(db, onConflict: conflictResolution, columns: columns, notFound: &notFound)
            },
            insert: { record in
                if db.persistenceConnectionState.usesDefaultInsert(record._dynamicRecordType) {
                    let (success, isInserted) = try record._insertWithInsertCallbacks(db, onConflict: conflictResolution)
                    return isInserted ? PersistenceSuccess(success) : nil
                }
                return try record._insertHandingOverSaveStep(db, onConflict: conflictResolution)
            })
    }

    /// The save algorithm, with the update and insert steps as functions.
    ///
    /// - Parameters:
    ///   - update: Updates the record, whose encoding is given, and sets
    ///     its last argument to true when it throws because there is no
    ///     row to update. Returns nil when nothing was updated.
    ///   - insert: Inserts, and returns nil when nothing was inserted.
    mutating func _updateOrInsert(
        _ db: Database,
        update: (inout Self, PersistenceContainer, inout Bool) throws -> PersistenceSuccess?,
        insert: (inout Self) throws -> PersistenceSuccess?) throws -> PersistenceSuccess?
    {
        let container = try makePersistenceContainer()
        let primaryKey = try RecordPrimaryKey(tableName: _dynamicRecordType.databaseTableName, container: container, db: db)
        if primaryKey.isNull {
            return try insert(&self)
        }
        var saved: PersistenceSuccess?
        try db.inSavepoint {
            var notFound = false
            do {
                saved = try update(&self, container, &notFound)
            } catch RecordError.recordNotFound where notFound {
                saved = try insert(&self)
            }
            return .commit
        }
        return saved
    }
}

extension MutablePersistableRecord {
    /// Saves with `RETURNING` the selection of `T`, and decodes the row.
    mutating func _saveAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        as returnedType: T.Type) throws -> T
    {
        var row: Row?
        let selection = T.databaseSelection
        try _save(db) { record in
            try record._updateOrInsert(
                db,
                update: { record, _, notFound in
                    try record._updateWithUpdateCallbacks(
                        db, onConflict: conflictResolution, columns: nil, notFound: &notFound,
                        returning: selection) { row = try Row.fetchAll($0).first }
                },
                insert: { record in
                    let (success, isInserted) = try record._insertWithInsertCallbacks(db, onConflict: conflictResolution) { container, target in
                        try db.executeInsert(
                            tableName: target.tableName, container: container,
                            conflictResolution: target.conflictResolution, returning: selection) {
                            row = try Row.fetchAll($0).first
                        }
                    }
                    return isInserted ? PersistenceSuccess(success) : nil
                })
        }
        guard let row else {
            throw RecordError.recordNotFound(databaseTableName: _dynamicRecordType.databaseTableName, key: [:])
        }
        return try T(row: row)
    }
}
