/// A type that can insert, update and delete its row in a database table,
/// and that does not change when it is inserted: a class, or a struct
/// without auto-incremented id.
///
/// ```swift
/// struct Country: Encodable, PersistableRecord {
///     var isoCode: String
///     var name: String
/// }
///
/// try dbQueue.write { db in
///     let country = Country(isoCode: "FR", name: "France")
///     try country.insert(db) // no `var` needed
/// }
/// ```
///
/// All methods of ``MutablePersistableRecord`` are available; the
/// insertion callbacks are not mutating.
public protocol PersistableRecord: MutablePersistableRecord {
    /// Called before the record is inserted. Throw to prevent the
    /// insertion.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: An error that prevents the insertion.
    func willInsert(_ db: Database) throws

    /// Called after the record was inserted.
    ///
    /// The default implementation calls ``didInsert(with:for:)``.
    ///
    /// - Parameter inserted: The inserted rowid and values.
    func didInsert(_ inserted: InsertionSuccess)

    /// The earlier spelling of ``didInsert(_:)``, still called when a type
    /// implements it instead of ``didInsert(_:)``.
    ///
    /// - Parameters:
    ///   - rowID: The rowid of the inserted row.
    ///   - column: The name of the `INTEGER PRIMARY KEY` column, if any.
    func didInsert(with rowID: Int64, for column: String?)

    /// Inserts the record: the non-mutating version of
    /// ``MutablePersistableRecord/insert(_:)``, that seed-era records
    /// customize. GRDB 7 has no such requirement.
    ///
    /// ```swift
    /// struct Link: PersistableRecord {
    ///     func insert(_ db: Database) throws {
    ///         try validate()
    ///         try performInsert(db)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    func insert(_ db: Database) throws
}

extension PersistableRecord {
    /// Does nothing.
    ///
    /// ```swift
    /// func willInsert(_ db: Database) throws { } // the default
    /// ```
    public func willInsert(_ db: Database) throws { }

    /// Calls ``didInsert(with:for:)``.
    ///
    /// ```swift
    /// // A class that implements the earlier spelling:
    /// func didInsert(with rowID: Int64, for column: String?) {
    ///     id = rowID
    /// }
    /// ```
    public func didInsert(_ inserted: InsertionSuccess) {
        didInsert(with: inserted.rowID, for: inserted.rowIDColumn)
    }

    /// Does nothing.
    ///
    /// ```swift
    /// func didInsert(with rowID: Int64, for column: String?) { } // the default
    /// ```
    public func didInsert(with rowID: Int64, for column: String?) { }
}

// Non-mutating persistence methods: no `var` is needed.

extension PersistableRecord {
    /// Inserts the record.
    ///
    /// ```swift
    /// let country = Country(isoCode: "FR", name: "France")
    /// // INSERT INTO "country" ("isoCode", "name") VALUES (?, ?)
    /// try country.insert(db)
    /// ```
    ///
    /// See ``MutablePersistableRecord/insert(_:onConflict:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil for
    ///     ``MutablePersistableRecord/persistenceConflictPolicy``.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func insert(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var record = self
        try record._insertAsRequested(db, onConflict: conflictResolution)
    }

    /// Inserts the record, and returns the inserted row decoded as another
    /// record type (`INSERT ... RETURNING`).
    ///
    /// See ``MutablePersistableRecord/insertAndFetch(_:onConflict:as:)``.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?) RETURNING *
    /// let player = try partialPlayer.insertAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil.
    ///   - returnedType: The type of the returned record.
    /// - Returns: The inserted row, decoded.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the insertion is ignored, a ``DatabaseError``, or the error
    ///   of a callback.
    public func insertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> T
    {
        var record = self
        return try record._insertAndFetch(db, onConflict: conflictResolution, as: returnedType)
    }

    /// Inserts the record, and returns values fetched from the inserted
    /// row (`INSERT ... RETURNING`).
    ///
    /// See ``MutablePersistableRecord/insertAndFetch(_:onConflict:selection:fetch:)``.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?) RETURNING "score"
    /// let score = try partialPlayer.insertAndFetch(db, selection: [Column("score")]) {
    ///     try Int.fetchOne($0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil.
    ///   - selection: The returned columns and expressions.
    ///   - fetch: A function that fetches from the statement.
    /// - Returns: The result of `fetch`.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)``
    ///   when the insertion is ignored, a ``DatabaseError``, or the error
    ///   of a callback or of `fetch`.
    public func insertAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Statement) throws -> T) throws -> T
    {
        var record = self
        return try record._insertAndFetch(db, onConflict: conflictResolution, selection: selection, fetch: fetch)
    }

    /// Updates the row of the record when it exists, and inserts the
    /// record otherwise.
    ///
    /// See ``MutablePersistableRecord/save(_:onConflict:)``.
    ///
    /// ```swift
    /// let country = Country(isoCode: "FR", name: "France")
    /// try country.save(db) // UPDATE, then INSERT if there is no row to update
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution, or nil.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func save(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var record = self
        try record._save(db) { record in
            try record._updateOrInsertWithoutSaveCallbacks(db, onConflict: conflictResolution)
        }
    }

    /// Inserts the record, or updates the existing row that has the same
    /// primary key or unique key.
    ///
    /// See ``MutablePersistableRecord/upsert(_:)``.
    ///
    /// ```swift
    /// let country = Country(isoCode: "FR", name: "France")
    /// try country.upsert(db) // INSERT ... ON CONFLICT DO UPDATE ...
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func upsert(_ db: Database) throws {
        var record = self
        if let success = try record._upsert(db, conflictTarget: [], updating: .allColumns, doUpdate: nil, selection: [], receive: { _ in }) {
            db.persistenceStatementCache.recycle(success)
        }
    }

    /// Inserts or updates the record, and returns the upserted row decoded
    /// as another record type.
    ///
    /// See ``MutablePersistableRecord/upsertAndFetch(_:as:onConflict:updating:doUpdate:)``.
    ///
    /// ```swift
    /// let player = try partialPlayer.upsertAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - returnedType: The type of the returned record.
    ///   - conflictTarget: The columns of the uniqueness constraint that
    ///     triggers the update, or an empty array for all constraints.
    ///   - strategy: Which columns are overwritten.
    ///   - assignments: A function that returns assignments for the update.
    /// - Returns: The upserted row, decoded.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type,
        onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil) throws -> T
    {
        var record = self
        return try record._upsertAndFetch(db, as: returnedType, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

extension PersistableRecord {
    /// Inserts or updates the record, and returns the upserted row.
    ///
    /// ```swift
    /// let upserted = try country.upsertAndFetch(db)
    /// ```
    ///
    /// See ``MutablePersistableRecord/upsertAndFetch(_:onConflict:updating:doUpdate:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictTarget: The columns of the uniqueness constraint that
    ///     triggers the update, or an empty array for all constraints.
    ///   - strategy: Which columns are overwritten.
    ///   - assignments: A function that returns assignments for the update.
    /// - Returns: The upserted record.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public func upsertAndFetch(
        _ db: Database,
        onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil) throws -> Self
    where Self: FetchableRecord
    {
        var record = self
        return try record._upsertAndFetch(db, as: Self.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}
