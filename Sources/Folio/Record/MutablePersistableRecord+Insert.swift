// Insertion: insert, inserted, insertAndFetch.

extension MutablePersistableRecord {
    /// Inserts the record.
    ///
    /// ```swift
    /// var player = Player(id: nil, name: "Arthur", score: 100)
    /// // INSERT INTO "player" ("id", "name", "score") VALUES (NULL, 'Arthur', 100)
    /// try player.insert(db)
    /// ```
    ///
    /// The callbacks are called in this order: `willSave`, `aroundSave`,
    /// `willInsert`, `aroundInsert`, `didInsert`, `didSave`. When the
    /// `IGNORE` conflict resolution skips the insertion, `didInsert` and
    /// `didSave` are not called.
    ///
    /// The `INSERT` statement is prepared once per table, column list and
    /// conflict resolution, and reused by the following insertions.
    ///
    /// A record type that customizes ``insert(_:)``, as seed-era records
    /// do, inserts through it.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR REPLACE`,
    ///     ...), or nil for ``persistenceConflictPolicy``.
    /// - Throws: A ``DatabaseError`` (a constraint violation, for
    ///   example), or the error of a callback or of `encode(to:)`.
    ///
    /// See <https://www.sqlite.org/lang_insert.html>.
    public mutating func insert(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try _insertAsRequested(db, onConflict: conflictResolution)
    }

    /// Inserts a copy of the record, and returns it.
    ///
    /// ```swift
    /// let player = try Player(id: nil, name: "Arthur", score: 100).inserted(db)
    /// print(player.id!) // set by didInsert
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    /// - Returns: The inserted record.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func inserted(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> Self {
        var result = self
        try result._insertAsRequested(db, onConflict: conflictResolution)
        return result
    }

    /// Inserts the record, and returns the inserted row decoded as another
    /// record type (`INSERT ... RETURNING`).
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?) RETURNING *
    /// var partialPlayer = PartialPlayer(name: "Alice")
    /// let player = try partialPlayer.insertAndFetch(db, as: Player.self)
    /// print(player.score) // the default score
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    /// - Returns: The inserted row, decoded.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    public mutating func insertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> T
    {
        try _insertAndFetch(db, onConflict: conflictResolution, as: returnedType)
    }

    /// Inserts the record, and returns values fetched from the inserted
    /// row (`INSERT ... RETURNING`).
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?) RETURNING "score"
    /// let score = try partialPlayer.insertAndFetch(db, selection: [Column("score")]) { statement in
    ///     try Int.fetchOne(statement)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    ///   - selection: The returned columns and expressions.
    ///   - fetch: A function that fetches from the statement, whose
    ///     arguments are set.
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError``, or the error of a callback or of `fetch`.
    public mutating func insertAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        try _insertAndFetch(db, onConflict: conflictResolution, selection: selection, fetch: fetch)
    }
}

extension MutablePersistableRecord {
    /// Inserts the record, and returns a new record built from the
    /// inserted row (`INSERT ... RETURNING`), with its default values and
    /// generated columns.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("id", "name") VALUES (NULL, 'Arthur') RETURNING *
    /// let player = Player(id: nil, name: "Arthur")
    /// let insertedPlayer = try player.insertAndFetch(db)
    /// print(insertedPlayer.id!) // the inserted id
    /// ```
    ///
    /// The receiver is not modified: the insertion callbacks run on a
    /// copy. It is equivalent to ``insertAndFetch(_:onConflict:as:)``
    /// with `Self` as the returned type.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``persistenceConflictPolicy``.
    /// - Returns: The inserted record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the `IGNORE` conflict resolution skips the insertion, a
    ///   ``DatabaseError``, or the error of a callback.
    public func insertAndFetch(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> Self
    where Self: FetchableRecord
    {
        var record = self
        return try record._insertAndFetch(db, onConflict: conflictResolution, as: Self.self)
    }
}

// MARK: - The insertion flow

extension MutablePersistableRecord {
    /// Inserts the record, with the callbacks and the conflict policy of
    /// the record. Folio's addition: see the requirement.
    ///
    /// ```swift
    /// var player = Player(id: nil, name: "Arthur", score: 100)
    /// try player.insert(db) // INSERT INTO "player" ...
    /// ```
    ///
    /// When a persistence method handed its insertion over to this
    /// requirement, it performs it (`Compatibility/PersistenceHandOff.swift`).
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public mutating func insert(_ db: Database) throws {
        let state = db.persistenceConnectionState
        if state.mayHaveHandedOverInsert(_dynamicRecordType) {
            try _performInsert(db, onConflict: nil, byDefaultImplementation: true)
        } else if let success = try _insert(db, onConflict: nil) {
            state.statementCache.recycle(success)
        }
    }

    /// Inserts the record, as `insert(_:onConflict:)` and
    /// `inserted(_:onConflict:)` ask: straight to the statement, with all
    /// callbacks, for a record type whose ``insert(_:)`` is known to be
    /// the default implementation. A record type that customizes it, as
    /// seed-era records do, or one not seen yet by the connection,
    /// inserts through it (`Compatibility/PersistenceHandOff.swift`),
    /// which tells the connection, once per record type, whether the
    /// default implementation runs.
    @inline(__always)
    mutating func _insertAsRequested(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?) throws
    {
        let state = db.persistenceConnectionState
        if state.usesDefaultInsert(_dynamicRecordType) {
            if let success = try _insert(db, onConflict: conflictResolution) {
                state.statementCache.recycle(success)
            }
        } else {
            try _insertHandingOver(db, onConflict: conflictResolution)
        }
    }

    /// Runs an INSERT statement for a container, as `target` says. The
    /// container is `inout` so that its values can move into the
    /// statement for the run and back (see `Statement.execute(binding:)`).
    typealias InsertExecutor = (
        _ container: inout PersistenceContainer,
        _ target: InsertionTarget) throws -> Database.InsertionOutcome

    /// Inserts with all callbacks, with a cached INSERT statement. Returns
    /// nil when nothing was inserted.
    @discardableResult
    mutating func _insert(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?) throws -> InsertionSuccess?
    {
        // A closure literal, not stored: no allocation.
        try _insert(db, onConflict: conflictResolution) { container, target in
            try db.executeInsert(container: &container, target)
        }
    }

    /// Inserts with the insertion callbacks only, with a cached INSERT
    /// statement.
    mutating func _insertWithInsertCallbacks(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?) throws -> (InsertionSuccess, isInserted: Bool)
    {
        try _insertWithInsertCallbacks(db, onConflict: conflictResolution) { container, target in
            try db.executeInsert(container: &container, target)
        }
    }

    /// Inserts with all callbacks. Returns nil when nothing was inserted.
    @discardableResult
    mutating func _insert(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        execute: InsertExecutor) throws -> InsertionSuccess?
    {
        try willSave(db)
        var inserted: InsertionSuccess?
        var saveCount = 0
        // The callback runs on a copy, so that the insertion can mutate the
        // record meanwhile.
        let record = self
        try record.aroundSave(db) {
            saveCount += 1
            guard saveCount == 1 else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
            let (success, isInserted) = try self._insertWithInsertCallbacks(db, onConflict: conflictResolution, execute: execute)
            if isInserted { inserted = success }
            // Moved, not copied: each copy of a success retains the
            // storage of its container.
            return PersistenceSuccess(consume success)
        }
        guard saveCount == 1 else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
        guard let success = inserted.take() else { return nil }
        didSave(PersistenceSuccess(persistenceContainer: success.persistenceContainer))
        return success
    }

    /// Inserts with the insertion callbacks only: `willInsert`,
    /// `aroundInsert`, `didInsert`. The record type, the persistence
    /// statement cache of the connection and the statement of the
    /// previous insertion are found once, here, for `execute`.
    mutating func _insertWithInsertCallbacks(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        execute: InsertExecutor) throws -> (InsertionSuccess, isInserted: Bool)
    {
        try willInsert(db)
        // `_dynamicRecordType`, with the class test kept for
        // `_notifyRecordClass`.
        let isClass = Self.self is AnyClass
        let recordType = isClass ? type(of: self) : Self.self
        let tableName = recordType.databaseTableName
        let resolution = conflictResolution ?? recordType.persistenceConflictPolicy.conflictResolutionForInsert
        let cache = db.persistenceStatementCache
        // The statement of the previous insertion of the type, whose
        // columns the container is expected to have.
        let candidate = cache.lastInsertEntry(recordType: recordType, conflictResolution: resolution)
        let layout = candidate?.columns ?? cache.insertLayout(recordType: recordType, conflictResolution: resolution)
        var container = try makePersistenceContainer(layout: layout, reusing: cache.takeRecycledValues())
        // The success and whether a row was inserted, kept apart so that
        // the success is moved out of its optional, not copied (each copy
        // retains the storage of its container).
        var outcome: InsertionSuccess?
        var isInserted = false
        let record = self
        try record.aroundInsert(db) {
            guard outcome == nil else { throw Self.aroundCallbackMisuse("aroundInsert(_:insert:)", "insert()") }
            let result = try execute(&container, InsertionTarget(
                recordType: recordType, tableName: tableName, conflictResolution: resolution,
                cache: cache, candidate: candidate))
            if result.isInserted, let rowIDColumn = result.rowIDColumn {
                container.setDatabaseValue(DatabaseValue(storage: .int64(result.rowID)), forColumn: rowIDColumn)
            }
            // The container moves into the success: it is not used again.
            var inserted = PersistenceContainer()
            swap(&inserted, &container)
            let success = InsertionSuccess(rowID: result.rowID, rowIDColumn: result.rowIDColumn, persistenceContainer: inserted)
            isInserted = result.isInserted
            outcome = success
            return success
        }
        guard let success = outcome.take() else { throw Self.aroundCallbackMisuse("aroundInsert(_:insert:)", "insert()") }
        if isInserted {
            didInsert(success)
            if isClass { _notifyRecordClass(.inserted) }
        }
        return (success, isInserted)
    }

    /// Inserts with `RETURNING` the selection of `T`, and decodes the row.
    mutating func _insertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        as returnedType: T.Type) throws -> T
    {
        let row = try _insertAndFetch(db, onConflict: conflictResolution, selection: T.databaseSelection) { statement in
            try Row.fetchAll(statement).first
        }
        guard let row else {
            // Nothing was inserted (the IGNORE conflict resolution).
            let key = try RecordPrimaryKey(
                tableName: type(of: self).databaseTableName,
                container: makePersistenceContainer(),
                db: db)
            throw key.notFoundError
        }
        return try T(row: row)
    }

    /// Inserts with a `RETURNING` clause, and fetches from the statement.
    mutating func _insertAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution?,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        var result: T?
        try _insert(db, onConflict: conflictResolution) { container, target in
            try db.executeInsert(
                tableName: target.tableName, container: container, conflictResolution: target.conflictResolution,
                returning: selection) { statement in
                result = try fetch(statement)
            }
        }
        guard let result else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(Self.self).insertAndFetch: the insertion did not run")
        }
        return result
    }

    /// The error for an `around` callback that does not call its function,
    /// or calls it twice.
    static func aroundCallbackMisuse(_ callback: String, _ function: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "\(Self.self).\(callback) must call \(function) exactly once")
    }
}

extension PersistableRecord {
    /// Inserts the record, with the callbacks and the conflict policy of
    /// the record. Folio's addition: see the requirement.
    ///
    /// ```swift
    /// let country = Country(isoCode: "FR", name: "France")
    /// try country.insert(db) // INSERT INTO "country" ...
    /// ```
    ///
    /// When a persistence method handed its insertion over to this
    /// requirement, it performs it (`Compatibility/PersistenceHandOff.swift`).
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func insert(_ db: Database) throws {
        var record = self
        let state = db.persistenceConnectionState
        if state.mayHaveHandedOverInsert(_dynamicRecordType) {
            try record._performInsert(db, onConflict: nil, byDefaultImplementation: true)
        } else if let success = try record._insert(db, onConflict: nil) {
            state.statementCache.recycle(success)
        }
    }
}

/// What an insertion runs (see `MutablePersistableRecord.InsertExecutor`),
/// found once per insertion by `_insertWithInsertCallbacks`.
struct InsertionTarget {
    /// The dynamic type of the record, the first key of the statement
    /// cache.
    let recordType: Any.Type
    /// The table.
    let tableName: String
    /// The conflict resolution of the statement.
    let conflictResolution: Database.ConflictResolution
    /// The persistence statement cache of the connection.
    let cache: PersistenceStatementCache
    /// The entry of the previous insertion of the record type with this
    /// conflict resolution, if any (see
    /// ``PersistenceStatementCache/lastInsertEntry(recordType:conflictResolution:)``).
    let candidate: PersistenceStatementCache.InsertEntry?
}
