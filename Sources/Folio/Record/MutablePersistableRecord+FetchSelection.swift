// Persistence methods that return values of the saved row, selected by a
// list (`INSERT/UPDATE ... RETURNING`).

extension MutablePersistableRecord {
    /// Saves the record (see ``save(_:onConflict:)``), and returns values
    /// fetched from the saved row (`UPDATE ... RETURNING`, or
    /// `INSERT ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ? RETURNING "score"
    /// let score = try player.saveAndFetch(db, selection: [Column("score")]) { statement in
    ///     try Int.fetchOne(statement)
    /// }
    /// ```
    ///
    /// When the update finds no row and the record is inserted, `fetch`
    /// runs on both statements, and the result of the insertion is
    /// returned.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - selection: The returned columns and expressions (not empty).
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError`` (also when `selection` is empty), or the error
    ///   of a callback or of `fetch`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public mutating func saveAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        try _saveAndFetch(db, onConflict: conflictResolution, selection: selection, fetch: fetch)
    }

    /// Saves with a `RETURNING` clause, and returns the result of the last
    /// fetch (the insertion's when the update found no row).
    mutating func _saveAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        try Self.checkReturningSelection(selection, function: "saveAndFetch")
        var result: T?
        try _save(db) { record in
            try record._updateOrInsert(
                db,
                update: { record, _, notFound in
                    try record._updateWithUpdateCallbacks(
                        db, onConflict: conflictResolution, columns: nil, notFound: &notFound,
                        returning: selection) { result = try fetch($0) }
                },
                insert: { record in
                    let (success, isInserted) = try record._insertWithInsertCallbacks(db, onConflict: conflictResolution) { container, target in
                        try db.executeInsert(
                            tableName: target.tableName, container: container,
                            conflictResolution: target.conflictResolution, returning: selection) {
                            result = try fetch($0)
                        }
                    }
                    return isInserted ? PersistenceSuccess(success) : nil
                })
        }
        guard let result else {
            throw RecordError.recordNotFound(databaseTableName: type(of: self).databaseTableName, key: [:])
        }
        return result
    }

    /// Modifies the record with a function, updates the columns that have
    /// changed, and returns values fetched from the updated row
    /// (`UPDATE ... RETURNING`), or nil when nothing changed (no SQL runs).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING "score"
    /// let score = try player.updateChangesAndFetch(
    ///     db, selection: [Column("score")],
    ///     fetch: { try Int.fetchOne($0) },
    ///     modify: { $0.score = 1000 })
    /// ```
    ///
    /// The values are captured before `modify` runs, so that this works
    /// for classes as well as for structs.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - selection: The returned columns and expressions (not empty).
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    ///   - modify: A function that modifies the record.
    /// - Returns: The result of `fetch`, or nil when nothing changed.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError`` (also when `selection` is empty), or the error
    ///   of `modify`, of a callback or of `fetch`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public mutating func updateChangesAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T,
        modify: (inout Self) throws -> Void) throws -> T?
    {
        try Self.checkReturningSelection(selection, function: "updateChangesAndFetch")
        let old = try makePersistenceContainer()
        try modify(&self)
        let changedColumns = try databaseChanges(from: old).keys
        if changedColumns.isEmpty {
            return nil
        }
        return try _updateAndFetch(
            db, onConflict: conflictResolution, columns: Set(changedColumns),
            selection: selection, fetch: fetch)
    }

    /// Throws a descriptive error for an empty `RETURNING` selection.
    static func checkReturningSelection(_ selection: [any SQLSelectable], function: String) throws {
        guard selection.isEmpty else { return }
        throw DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "\(Self.self).\(function): the selection is empty, and there is nothing to fetch")
    }
}

extension PersistableRecord {
    /// Saves the record (see ``MutablePersistableRecord/save(_:onConflict:)``),
    /// and returns values fetched from the saved row.
    ///
    /// ```swift
    /// // UPDATE "country" SET "name" = ? WHERE "code" = ? RETURNING "name"
    /// let name = try country.saveAndFetch(db, selection: [Column("name")]) {
    ///     try String.fetchOne($0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil.
    ///   - selection: The returned columns and expressions (not empty).
    ///   - fetch: A function that fetches from the statement.
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the insertion is ignored, a ``DatabaseError`` (also when
    ///   `selection` is empty), or the error of a callback or of `fetch`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func saveAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        var record = self
        return try record._saveAndFetch(db, onConflict: conflictResolution, selection: selection, fetch: fetch)
    }
}
