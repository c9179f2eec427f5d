// Bulk writes: insertAll, upsertAll and their …AndFetch variants. Folio's
// own API (GRDB has none); the engine is in BulkInsertion.swift.
//
// Two families: the in-place methods of a `MutableCollection` of
// `MutablePersistableRecord`, which set the ids of the records, and the
// non-mutating methods of any `Sequence` (a collection, or a sequence
// whose count is not known up front) of `PersistableRecord` (whose
// callbacks can not modify a record), which write copies. A `var`
// collection of `PersistableRecord` matches both: the in-place methods are
// `@_disfavoredOverload`, so that it gets the non-mutating ones, which
// write the same rows and run the same callbacks. Every method has its body
// in `_writeAll` (BulkInsertion.swift) and `_writeAllAndFetch` (below).

// MARK: - MutablePersistableRecord, in place

extension MutableCollection where Element: MutablePersistableRecord {
    /// Inserts all records, in as few statements as possible, and sets
    /// their ids in place. GRDB has no such API.
    ///
    /// ```swift
    /// var players = [Player(name: "Arthur"), Player(name: "Barbara")]
    /// // INSERT INTO "player" ("id", "name") VALUES (?, ?), (?, ?) RETURNING "rowid"
    /// try players.insertAll(db)
    /// players[0].id // set by didInsert
    /// ```
    ///
    /// One multi-row `INSERT` runs per group of records that encode the
    /// same columns, split into statements of at most 1,000 parameters
    /// (100 rows of ten columns: SQLite is the fastest per row there), or
    /// fewer when the connection's current `SQLITE_LIMIT_VARIABLE_NUMBER`
    /// is lower. Each statement shape is prepared once per connection. Rows are matched to
    /// records by primary key, or by rowid for records whose id is nil, and
    /// never by the position of the returned rows. An empty collection runs
    /// nothing.
    ///
    /// For each record, in order: `willSave` and `willInsert`, then
    /// `encode(to:)`; a callback or an encoding that throws stops the
    /// batch before any statement runs. After the statements: for each
    /// record, in order, `aroundSave` and `aroundInsert` (whose function
    /// returns at once, the row being inserted already), then `didInsert`
    /// and `didSave` when the record was inserted. Records that the IGNORE
    /// conflict resolution skips keep their nil id.
    ///
    /// A constraint error names the record (`record 3 of 10`) and the SQL
    /// of its insertion; nothing of the failed statement remains, and the
    /// enclosing transaction decides for the rest.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    /// - Throws: A ``DatabaseError``, or the error of a callback or of
    ///   `encode(to:)`.
    ///
    /// See <https://www.sqlite.org/lang_insert.html> and
    /// <https://www.sqlite.org/limits.html#max_variable_number>.
    @_disfavoredOverload
    public mutating func insertAll(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try db._writeAll(&self, kind: .insert(conflictResolution), selection: nil) { _, _ in }
    }

    /// Upserts all records (`INSERT … ON CONFLICT DO UPDATE`), in as few
    /// statements as possible, and sets their ids in place.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// var players = [Player(id: 1, name: "Arthur"), Player(id: 2, name: "Barbara")]
    /// try players.upsertAll(db)
    /// ```
    ///
    /// Each record is upserted as by ``MutablePersistableRecord/upsert(_:)``:
    /// all columns but the primary key are overwritten, and a record whose
    /// id is nil, merged into an existing row through another unique key,
    /// gets the id of that row. The callbacks are those of
    /// ``insertAll(_:onConflict:)``. Multi-row statements run when the
    /// rowid of each row is known from the records (an INTEGER PRIMARY KEY
    /// that is the only uniqueness constraint of the table); other records
    /// are upserted one statement each.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback or of
    ///   `encode(to:)`.
    ///
    /// See <https://www.sqlite.org/lang_upsert.html>.
    @_disfavoredOverload
    public mutating func upsertAll(_ db: Database) throws {
        try db._writeAll(&self, kind: .upsert, selection: nil) { _, _ in }
    }

    /// Inserts all records as ``insertAll(_:onConflict:)``, and returns the
    /// inserted rows decoded as another record type (`RETURNING`), in the
    /// order of the collection. GRDB has no such API.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?), (?) RETURNING "rowid", *
    /// let players = try partialPlayers.insertAllAndFetch(db, as: Player.self)
    /// ```
    ///
    /// Records that the IGNORE conflict resolution skips have no element
    /// in the result.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    ///   - returnedType: The type of the returned records, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    /// - Returns: One record per inserted record, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of the decoding.
    ///
    /// See <https://www.sqlite.org/lang_returning.html>.
    @_disfavoredOverload
    public mutating func insertAllAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> [T]
    {
        try _writeAllAndFetch(db, kind: .insert(conflictResolution), selection: T.databaseSelection, fetch: T.init(row:))
    }

    /// Inserts all records as ``insertAll(_:onConflict:)``, and returns
    /// values built from the rows that `RETURNING` the selection gives, in
    /// the order of the collection. GRDB has no such API.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("name") VALUES (?), (?) RETURNING "rowid", "score"
    /// let scores = try players.insertAllAndFetch(db, selection: [Column("score")]) { row in
    ///     row[0] as Int
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    ///   - selection: The returned columns and expressions.
    ///   - fetch: A function that builds a value from the returned row of
    ///     one record.
    /// - Returns: One value per inserted record, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of `fetch`.
    @_disfavoredOverload
    public mutating func insertAllAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Row) throws -> T) throws -> [T]
    {
        try _writeAllAndFetch(db, kind: .insert(conflictResolution), selection: selection, fetch: fetch)
    }

    /// Upserts all records as ``upsertAll(_:)``, and returns the upserted
    /// rows decoded as another record type (`RETURNING`), in the order of
    /// the collection. GRDB has no such API.
    ///
    /// ```swift
    /// let players = try partialPlayers.upsertAllAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - returnedType: The type of the returned records.
    /// - Returns: One record per upserted record, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of the decoding.
    @_disfavoredOverload
    public mutating func upsertAllAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type) throws -> [T]
    {
        try _writeAllAndFetch(db, kind: .upsert, selection: T.databaseSelection, fetch: T.init(row:))
    }
}

// MARK: - Records that decode themselves

extension Sequence where Element: MutablePersistableRecord & FetchableRecord {
    /// Inserts all records as ``MutableCollection/insertAll(_:onConflict:)``,
    /// and returns the inserted records fetched back (`RETURNING *`), with
    /// their ids, default values and generated columns, in the order of
    /// the collection. GRDB has no such API.
    ///
    /// ```swift
    /// let saved: [Player] = try players.insertAllAndFetch(db)
    /// ```
    ///
    /// The collection is not modified: the callbacks run on copies.
    /// Records that the IGNORE conflict resolution skips have no element
    /// in the result.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    /// - Returns: The inserted records, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of the decoding.
    public func insertAllAndFetch(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil) throws -> [Element]
    {
        var records = Array(self)
        return try records._writeAllAndFetch(
            db, kind: .insert(conflictResolution), selection: Element.databaseSelection, fetch: Element.init(row:))
    }

    /// Upserts all records as ``MutableCollection/upsertAll(_:)``, and
    /// returns the upserted records fetched back (`RETURNING *`), in the
    /// order of the collection. GRDB has no such API.
    ///
    /// ```swift
    /// let merged: [Player] = try players.upsertAllAndFetch(db)
    /// ```
    ///
    /// The collection is not modified: the callbacks run on copies.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The upserted records, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of the decoding.
    public func upsertAllAndFetch(_ db: Database) throws -> [Element] {
        var records = Array(self)
        return try records._writeAllAndFetch(db, kind: .upsert, selection: Element.databaseSelection, fetch: Element.init(row:))
    }
}

// MARK: - PersistableRecord: non-mutating variants
extension Sequence where Element: PersistableRecord {
    /// Inserts all records, in as few statements as possible, without
    /// modifying the collection. GRDB has no such API.
    ///
    /// ```swift
    /// let countries = [Country(code: "FR"), Country(code: "DE")]
    /// try countries.insertAll(db)
    /// ```
    ///
    /// See ``MutableCollection/insertAll(_:onConflict:)``: the same
    /// statements and callbacks, on copies of the records.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    /// - Throws: A ``DatabaseError``, or the error of a callback or of
    ///   `encode(to:)`.
    public func insertAll(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var records = Array(self)
        try db._writeAll(&records, kind: .insert(conflictResolution), selection: nil) { _, _ in }
    }

    /// Upserts all records, in as few statements as possible, without
    /// modifying the collection. GRDB has no such API.
    ///
    /// ```swift
    /// try countries.upsertAll(db)
    /// ```
    ///
    /// See ``MutableCollection/upsertAll(_:)``.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback or of
    ///   `encode(to:)`.
    public func upsertAll(_ db: Database) throws {
        var records = Array(self)
        try db._writeAll(&records, kind: .upsert, selection: nil) { _, _ in }
    }

    /// Inserts all records, and returns the inserted rows decoded as
    /// another record type, in order, without modifying the collection.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let players = try partialPlayers.insertAllAndFetch(db, as: Player.self)
    /// ```
    ///
    /// See ``MutableCollection/insertAllAndFetch(_:onConflict:as:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    ///   - returnedType: The type of the returned records.
    /// - Returns: One record per inserted record, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of the decoding.
    public func insertAllAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        as returnedType: T.Type) throws -> [T]
    {
        var records = Array(self)
        return try records._writeAllAndFetch(
            db, kind: .insert(conflictResolution), selection: T.databaseSelection, fetch: T.init(row:))
    }

    /// Inserts all records, and returns values built from the rows that
    /// `RETURNING` the selection gives, in order, without modifying the
    /// collection. GRDB has no such API.
    ///
    /// ```swift
    /// let scores = try players.insertAllAndFetch(db, selection: [Column("score")]) { row in
    ///     row[0] as Int
    /// }
    /// ```
    ///
    /// See ``MutableCollection/insertAllAndFetch(_:onConflict:selection:fetch:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictResolution: A conflict resolution (`INSERT OR IGNORE`,
    ///     ...), or nil for the record type's `persistenceConflictPolicy`.
    ///   - selection: The returned columns and expressions.
    ///   - fetch: A function that builds a value from one returned row.
    /// - Returns: One value per inserted record, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of `fetch`.
    public func insertAllAndFetch<T>(
        _ db: Database,
        onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable],
        fetch: (Row) throws -> T) throws -> [T]
    {
        var records = Array(self)
        return try records._writeAllAndFetch(db, kind: .insert(conflictResolution), selection: selection, fetch: fetch)
    }

    /// Upserts all records, and returns the upserted rows decoded as
    /// another record type, in order, without modifying the collection.
    /// GRDB has no such API.
    ///
    /// ```swift
    /// let players = try partialPlayers.upsertAllAndFetch(db, as: Player.self)
    /// ```
    ///
    /// See ``MutableCollection/upsertAllAndFetch(_:as:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - returnedType: The type of the returned records.
    /// - Returns: One record per upserted record, in order.
    /// - Throws: A ``DatabaseError``, or the error of a callback, of
    ///   `encode(to:)` or of the decoding.
    public func upsertAllAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type) throws -> [T]
    {
        var records = Array(self)
        return try records._writeAllAndFetch(db, kind: .upsert, selection: T.databaseSelection, fetch: T.init(row:))
    }
}

// MARK: - The shared body of the writes that fetch

extension MutableCollection where Element: MutablePersistableRecord {
    /// Writes the records in place, with the selection as the `RETURNING`
    /// clause, and returns what `fetch` builds from the returned row of
    /// each written record, in the order of the collection: the body of
    /// every `…AndFetch` method.
    mutating func _writeAllAndFetch<T>(
        _ db: Database,
        kind: BulkWriteKind,
        selection: [any SQLSelectable],
        fetch: (Row) throws -> T) throws -> [T]
    {
        var fetched: [T] = []
        fetched.reserveCapacity(count)
        try db._writeAll(&self, kind: kind, selection: selection) { _, row in
            fetched.append(try fetch(row))
        }
        return fetched
    }
}
