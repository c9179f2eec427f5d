// The seed-era `perform...` methods, that custom implementations of the
// persistence methods called. Persistence callbacks replace them.
//
// `performInsert` and `performUpdate` perform the step that `save`,
// `update` or `insert` handed over to the customized `insert(_:)` or
// `update(_:columns:)` (see `PersistenceHandOff`): their conflict
// resolution, and no save callbacks within `save`, which runs them.

extension MutablePersistableRecord {
    /// Inserts the record, with the callbacks and the conflict policy of
    /// the record. Prefer ``insert(_:onConflict:)`` and
    /// ``willInsert(_:)``.
    ///
    /// ```swift
    /// // Before: a custom insert(_:) that calls performInsert(db)
    /// // After:
    /// mutating func willInsert(_ db: Database) throws {
    ///     if uuid == nil { uuid = UUID() }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    @available(*, deprecated, message: "Use insert(_:onConflict:), and persistence callbacks such as willInsert(_:)")
    public mutating func performInsert(_ db: Database) throws {
        try _performInsert(db, onConflict: nil, byDefaultImplementation: false)
    }

    /// Updates the given columns. Prefer `update(_:onConflict:columns:)-(_,_,Set<String>)`
    /// and ``willUpdate(_:columns:)``.
    ///
    /// ```swift
    /// // Before: a custom update(_:columns:) that calls performUpdate
    /// // After:
    /// func willUpdate(_ db: Database, columns: Set<String>) throws {
    ///     try validate()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``,
    ///   a ``DatabaseError``, or the error of a callback.
    @available(*, deprecated, message: "Use update(_:onConflict:columns:), and persistence callbacks such as willUpdate(_:columns:)")
    public func performUpdate(_ db: Database, columns: Set<String>) throws {
        try _performUpdate(db, onConflict: nil, columns: columns, byDefaultImplementation: false)
    }

    /// Saves the record. Prefer ``save(_:onConflict:)`` and
    /// ``willSave(_:)``.
    ///
    /// ```swift
    /// // Before: try performSave(db)
    /// try save(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    @available(*, deprecated, message: "Use save(_:onConflict:), and persistence callbacks such as willSave(_:)")
    public mutating func performSave(_ db: Database) throws {
        try _save(db) { record in
            try record._updateOrInsertWithoutSaveCallbacks(db, onConflict: nil)
        }
    }

    /// Deletes the record. Prefer ``delete(_:)`` and ``willDelete(_:)``.
    ///
    /// ```swift
    /// // Before: try performDelete(db)
    /// try delete(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    @available(*, deprecated, message: "Use delete(_:), and persistence callbacks such as willDelete(_:)")
    @discardableResult
    public func performDelete(_ db: Database) throws -> Bool {
        try _delete(db)
    }

    /// Returns whether the row of the record exists. Prefer ``exists(_:)``.
    ///
    /// ```swift
    /// // Before: try performExists(db)
    /// try exists(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether the row exists.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "exists(_:)")
    public func performExists(_ db: Database) throws -> Bool {
        try exists(db)
    }
}

extension PersistableRecord {
    /// Inserts the record. Prefer ``MutablePersistableRecord/insert(_:onConflict:)``
    /// and ``willInsert(_:)``.
    ///
    /// ```swift
    /// // Before: a custom insert(_:) that calls performInsert(db)
    /// // After:
    /// func willSave(_ db: Database) throws {
    ///     try validate()
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    @available(*, deprecated, message: "Use insert(_:onConflict:), and persistence callbacks such as willInsert(_:)")
    public func performInsert(_ db: Database) throws {
        var record = self
        try record._performInsert(db, onConflict: nil, byDefaultImplementation: false)
    }

    /// Saves the record. Prefer ``MutablePersistableRecord/save(_:onConflict:)``
    /// and ``MutablePersistableRecord/willSave(_:)``.
    ///
    /// ```swift
    /// // Before: try performSave(db)
    /// try save(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    @available(*, deprecated, message: "Use save(_:onConflict:), and persistence callbacks such as willSave(_:)")
    public func performSave(_ db: Database) throws {
        var record = self
        try record._save(db) { record in
            try record._updateOrInsertWithoutSaveCallbacks(db, onConflict: nil)
        }
    }
}

extension Record {
    /// The earlier name of ``hasDatabaseChanges``.
    ///
    /// ```swift
    /// // Before: if player.hasPersistentChangedValues { ... }
    /// if player.hasDatabaseChanges { try player.save(db) }
    /// ```
    @available(*, deprecated, renamed: "hasDatabaseChanges")
    public var hasPersistentChangedValues: Bool {
        get { hasDatabaseChanges }
        set { setHasDatabaseChanges(newValue) }
    }

    /// The earlier name of ``databaseChanges``.
    ///
    /// ```swift
    /// // Before: player.persistentChangedValues
    /// try player.databaseChanges // ["score": 750]
    /// ```
    ///
    /// Unlike ``databaseChanges``, it does not throw, as in the seed era:
    /// a record that fails to encode has no reported change.
    @available(*, deprecated, renamed: "databaseChanges")
    public var persistentChangedValues: [String: DatabaseValue?] {
        // Documented: the seed-era property did not throw.
        (try? databaseChanges) ?? [:]
    }
}
