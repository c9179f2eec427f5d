// Update: update, update(columns:), updateChanges.

extension MutablePersistableRecord {
    /// Updates all columns of the row of the record.
    ///
    /// ```swift
    /// player.score = 1000
    /// // UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ?
    /// try player.update(db)
    /// ```
    ///
    /// The callbacks are called in this order: `willSave`, `aroundSave`,
    /// `willUpdate`, `aroundUpdate`, `didUpdate`, `didSave`.
    ///
    /// The update runs through ``update(_:columns:)``, with all the
    /// columns of the record, that seed-era records may customize.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`UPDATE OR REPLACE`,
    ///     ...), or nil for ``persistenceConflictPolicy``.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError`` (a constraint violation, or a record that does
    ///   not encode its primary key), or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_update.html>.
    public func update(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        let columns = try Set(makePersistenceContainer().columns)
        try _updateAsRequested(db, onConflict: conflictResolution, columns: columns)
    }

    /// Updates the given columns of the row of the record.
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ?
    /// try player.update(db, columns: ["score"])
    /// ```
    ///
    /// Columns that the record does not encode are ignored. When no column
    /// is left, the statement sets the primary key to itself, so that a
    /// missing row is still reported.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - columns: The updated columns (case-insensitive).
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    public func update(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<String>) throws
    {
        try _updateAsRequested(db, onConflict: conflictResolution, columns: Set(columns))
    }

    /// Updates the given columns of the row of the record.
    ///
    /// ```swift
    /// try player.update(db, columns: [Column("score")])
    /// try player.update(db, columns: [Player.Columns.score])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - columns: The updated columns.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    public func update(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<some ColumnExpression>) throws
    {
        try _updateAsRequested(db, onConflict: conflictResolution, columns: Set(columns.map(\.name)))
    }

    /// Updates the columns that differ from another record, and returns
    /// whether the database was updated. When nothing differs, no SQL runs.
    ///
    /// ```swift
    /// var newPlayer = oldPlayer
    /// newPlayer.score = 100
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ?
    /// try newPlayer.updateChanges(db, from: oldPlayer) // true
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - record: The record to compare with, usually a previous version
    ///     of this one.
    /// - Returns: Whether some column was updated.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    @discardableResult
    public func updateChanges<Record>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        from record: Record) throws -> Bool
    where Record: MutablePersistableRecord
    {
        try _updateChanges(db, onConflict: conflictResolution, from: record.makePersistenceContainer())
    }

    /// Modifies the record with a function, updates the columns that have
    /// changed, and returns whether the database was updated. When nothing
    /// changed, no SQL runs.
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ?
    /// try player.updateChanges(db) {
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
    ///   - modify: A function that modifies the record.
    /// - Returns: Whether some column was updated.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of `modify` or of a callback.
    @discardableResult
    public mutating func updateChanges(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        modify: (inout Self) throws -> Void) throws -> Bool
    {
        let old = try makePersistenceContainer()
        try modify(&self)
        return try _updateChanges(db, onConflict: conflictResolution, from: old)
    }

    /// Updates all columns of the row of the record, and returns the
    /// updated row decoded as another record type (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "name" = ? WHERE "id" = ? RETURNING *
    /// let player = try partialPlayer.updateAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    /// - Returns: The updated row, decoded.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> T
    {
        try _updateAndFetch(db, onConflict: conflictResolution, columns: nil, as: returnedType)
    }

    /// Updates all columns of the row of the record, and returns values
    /// fetched from the updated row (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ? RETURNING "score"
    /// let score = try player.updateAndFetch(db, selection: [Column("score")]) { statement in
    ///     try Int.fetchOne(statement)
    /// }
    /// ```
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
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError`` (also when `selection` is empty), or the error
    ///   of a callback or of `fetch`.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public func updateAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        try _updateAndFetch(db, onConflict: conflictResolution, columns: nil, selection: selection, fetch: fetch)
    }

    /// Updates the given columns of the row of the record, and returns
    /// values fetched from the updated row (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// // UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING "score"
    /// let score = try player.updateAndFetch(db, columns: ["score"], selection: [Column("score")]) { statement in
    ///     try Int.fetchOne(statement)
    /// }
    /// ```
    ///
    /// Columns that the record does not encode are ignored.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - columns: The updated columns (case-insensitive).
    ///   - selection: The returned columns and expressions (not empty).
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError`` (also when `selection` is empty), or the error
    ///   of a callback or of `fetch`.
    public func updateAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<String>,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        try _updateAndFetch(db, onConflict: conflictResolution, columns: Set(columns), selection: selection, fetch: fetch)
    }

    /// Updates the given columns of the row of the record, and returns
    /// values fetched from the updated row (`UPDATE ... RETURNING`).
    ///
    /// ```swift
    /// let score = try player.updateAndFetch(db, columns: [Column("score")], selection: [Column("score")]) { statement in
    ///     try Int.fetchOne(statement)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - columns: The updated columns.
    ///   - selection: The returned columns and expressions (not empty).
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError`` (also when `selection` is empty), or the error
    ///   of a callback or of `fetch`.
    public func updateAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<some ColumnExpression>,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        try _updateAndFetch(
            db, onConflict: conflictResolution, columns: Set(columns.map(\.name)),
            selection: selection, fetch: fetch)
    }
}

extension MutablePersistableRecord {
    /// Updates all columns of the row of the record, and returns the
    /// updated row (`UPDATE ... RETURNING`), with its generated columns.
    ///
    /// ```swift
    /// // UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ? RETURNING *
    /// let updated = try player.updateAndFetch(db)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    /// - Returns: The updated record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row has the primary key of the record, a
    ///   ``DatabaseError``, or the error of a callback.
    public func updateAndFetch(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> Self where Self: FetchableRecord {
        try updateAndFetch(db, onConflict: conflictResolution, as: Self.self)
    }
}

// MARK: - The update flow

extension MutablePersistableRecord {
    /// Updates the given columns of the row of the record, with the
    /// callbacks and the conflict policy of the record. Folio's addition:
    /// see the requirement.
    ///
    /// ```swift
    /// try player.update(db, columns: ["score"]) // UPDATE "player" SET "score" = ? WHERE "id" = ?
    /// ```
    ///
    /// When a persistence method handed its update over to this
    /// requirement, it performs it (`Compatibility/PersistenceHandOff.swift`).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - columns: The updated columns.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the row does not exist, a ``DatabaseError``, or the error of
    ///   a callback.
    public func update(_ db: Database, columns: Set<String>) throws {
        if db.persistenceConnectionState.mayHaveHandedOverUpdate(_dynamicRecordType) {
            try _performUpdate(db, onConflict: nil, columns: columns, byDefaultImplementation: true)
        } else {
            try _update(db, onConflict: nil, columns: columns)
        }
    }

    /// Updates the record, as the update methods ask: straight to the
    /// statement, with all callbacks, for a record type whose
    /// ``update(_:columns:)`` is known to be the default implementation.
    /// A record type that customizes it, as seed-era records do, or one
    /// not seen yet by the connection, updates through it
    /// (`Compatibility/PersistenceHandOff.swift`).
    func _updateAsRequested(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>) throws
    {
        if db.persistenceConnectionState.usesDefaultUpdate(_dynamicRecordType) {
            try _update(db, onConflict: conflictResolution, columns: columns)
        } else {
            try _updateHandingOver(db, onConflict: conflictResolution, columns: columns)
        }
    }

    /// Updates the columns that differ from a container, if any, and
    /// returns whether the database was updated.
    func _updateChanges(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        from old: PersistenceContainer) throws -> Bool
    {
        let changedColumns = try databaseChanges(from: old).keys
        if changedColumns.isEmpty {
            return false
        }
        try _updateAsRequested(db, onConflict: conflictResolution, columns: Set(changedColumns))
        return true
    }

    /// Updates with `RETURNING` the selection of `T`, and decodes the row.
    ///
    /// - Parameter columns: The updated columns, or nil for all columns.
    func _updateAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>?,
        as returnedType: T.Type) throws -> T
    {
        let row = try _updateAndFetch(db, onConflict: conflictResolution, columns: columns, selection: T.databaseSelection) { statement in
            try Row.fetchAll(statement).first
        }
        guard let row else {
            throw RecordError.recordNotFound(databaseTableName: type(of: self).databaseTableName, key: [:])
        }
        return try T(row: row)
    }

    /// Updates with a `RETURNING` clause, and fetches from the statement.
    ///
    /// - Parameter columns: The updated columns, or nil for all columns.
    func _updateAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>?,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        guard !selection.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(Self.self).updateAndFetch: the selection is empty, and there is nothing to fetch")
        }
        var result: T?
        try _update(db, onConflict: conflictResolution, columns: columns, returning: selection) { statement in
            result = try fetch(statement)
        }
        guard let result else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(Self.self).updateAndFetch: the update did not run")
        }
        return result
    }

    /// Updates with all callbacks.
    ///
    /// - Parameter columns: The updated columns, or nil for all columns.
    func _update(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>?,
        returning selection: [any SQLSelectable] = [],
        fetch: (Statement) throws -> Void = { _ in }) throws
    {
        try willSave(db)
        var updated: PersistenceSuccess?
        try aroundSave(db) {
            guard updated == nil else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
            var notFound = false
            let success = try _updateWithUpdateCallbacks(
                db, onConflict: conflictResolution, columns: columns, notFound: &notFound,
                returning: selection, fetch: fetch)
            updated = success
            return success
        }
        guard let updated else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
        didSave(updated)
    }

    /// Updates with the update callbacks only: `willUpdate`,
    /// `aroundUpdate`, `didUpdate`.
    ///
    /// - Parameters:
    ///   - columns: The updated columns, or nil for all columns.
    ///   - notFound: Set to true when the update throws
    ///     ``RecordError/recordNotFound(databaseTableName:key:)`` because
    ///     no row matches, so that `save` can tell this error from the
    ///     errors of callbacks.
    func _updateWithUpdateCallbacks(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        columns: Set<String>?,
        notFound: inout Bool,
        returning selection: [any SQLSelectable] = [],
        fetch: (Statement) throws -> Void = { _ in }) throws -> PersistenceSuccess
    {
        let recordType = _dynamicRecordType
        let tableName = recordType.databaseTableName
        let resolution = conflictResolution ?? recordType.persistenceConflictPolicy.conflictResolutionForUpdate
        let container = try makePersistenceContainer()
        let updatedColumnNames = columns ?? Set(container.columns)
        try willUpdate(db, columns: updatedColumnNames)
        var updated: PersistenceSuccess?
        try aroundUpdate(db, columns: updatedColumnNames) {
            guard updated == nil else { throw Self.aroundCallbackMisuse("aroundUpdate(_:columns:update:)", "update()") }
            let success = try db.executeUpdate(
                recordType: recordType,
                tableName: tableName,
                container: container,
                columns: columns,
                conflictResolution: resolution,
                notFound: &notFound,
                returning: selection,
                fetch: fetch)
            updated = success
            return success
        }
        guard let updated else { throw Self.aroundCallbackMisuse("aroundUpdate(_:columns:update:)", "update()") }
        didUpdate(updated)
        _notifyRecordClass(.updated(updated.persistenceContainer))
        return updated
    }
}

extension Database {
    /// Runs `UPDATE table SET ... WHERE primaryKey = ...`.
    ///
    /// - Parameters:
    ///   - columns: The updated columns, or nil for all non-key columns.
    ///   - notFound: Set to true when no row matches.
    /// - Returns: The updated values and the primary key.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when no row matches.
    func executeUpdate(
        recordType: Any.Type,
        tableName: String,
        container: PersistenceContainer,
        columns: Set<String>?,
        conflictResolution: Database.ConflictResolution,
        notFound: inout Bool,
        returning selection: [any SQLSelectable],
        fetch: (Statement) throws -> Void) throws -> PersistenceSuccess
    {
        let primaryKey = try RecordPrimaryKey(tableName: tableName, container: container, db: self)
        try primaryKey.checkColumnsArePresent(recordType: recordType)
        guard !primaryKey.isNull else {
            notFound = true
            throw primaryKey.notFoundError
        }

        // Names compare as in SQLite: bytes, ASCII case folded.
        let columnKeys = columns.map { Set($0.map(DatabaseNameKey.init)) }
        var setColumns: [String] = []
        var values: [DatabaseValue] = []
        for (column, value) in container.columnsAndValues where !primaryKey.contains(column) {
            if let columnKeys, !columnKeys.contains(DatabaseNameKey(column)) { continue }
            setColumns.append(column)
            values.append(value)
        }
        var updatedContainer = PersistenceContainer(columns: setColumns, values: values)
        if setColumns.isEmpty {
            // Nothing to update: set the primary key to itself, so that a
            // missing row is still reported.
            setColumns = primaryKey.columns
            values = primaryKey.values.map { $0 ?? .null }
        }
        for (column, value) in zip(primaryKey.columns, primaryKey.values) {
            updatedContainer.setDatabaseValue(value ?? .null, forColumn: column)
        }
        values.append(contentsOf: primaryKey.values.map { $0 ?? .null })

        var sql = "UPDATE \(conflictResolution.statementClause)\(tableName.quotedDatabaseIdentifier) SET "
            + setColumns.map { $0.quotedDatabaseIdentifier + "=?" }.joined(separator: ", ")
            + " WHERE " + primaryKey.whereSQL
        let totalChangesBefore = totalChangesCount
        if selection.isEmpty {
            let statement = try cachedStatement(sql: sql)
            try statement.execute(arguments: StatementArguments(databaseValues: values))
        } else {
            var context = SQLGenerationContext(db: self)
            context.selectionTableName = tableName
            sql += " RETURNING " + (try selection.map { try $0.sqlSelection.sql(&context) }.joined(separator: ", "))
            let statement = try cachedStatement(sql: sql)
            try statement.setArguments(StatementArguments(values) + context.arguments)
            try fetch(statement)
            // Complete the statement, so that its changes are counted.
            statement.reset()
        }
        // A view updates through its INSTEAD OF trigger.
        guard changesCount(sinceTotalChangesCount: totalChangesBefore) > 0 else {
            notFound = true
            throw primaryKey.notFoundError
        }
        return PersistenceSuccess(persistenceContainer: updatedContainer)
    }
}
