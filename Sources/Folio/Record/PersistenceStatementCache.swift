import CSQLite

/// What the record layer keeps in the ``LayerSlot`` of a connection: the
/// statements of the persistence methods, and what the connection learned
/// of the record types that persist through it.
final class PersistenceConnectionState: LayerSlotValue {
    /// The INSERT and upsert statements of the persistence methods.
    let statementCache = PersistenceStatementCache()

    /// The record types whose `insert(_:)` is the default implementation
    /// (seen when it took the hand-off of `Compatibility/PersistenceHandOff.swift`):
    /// their insertions go straight to the statement.
    var recordTypesWithDefaultInsert: Set<ObjectIdentifier> = []

    /// The record types whose `update(_:columns:)` is the default
    /// implementation: their updates go straight to the statement.
    var recordTypesWithDefaultUpdate: Set<ObjectIdentifier> = []

    /// The last record type found in ``recordTypesWithDefaultInsert``: a
    /// loop of insertions finds it without hashing.
    private var lastRecordTypeWithDefaultInsert: ObjectIdentifier?

    /// The hand-offs of the seed-era customization (a
    /// `SeedEraPersistenceState`, `Compatibility/PersistenceHandOff.swift`),
    /// made by the first record type that is not known to use the default
    /// requirements; nil until then.
    var seedEraState: AnyObject?

    /// Whether the `insert(_:)` of the record type is known to be the
    /// default implementation.
    @inline(__always)
    func usesDefaultInsert(_ recordType: Any.Type) -> Bool {
        let type = ObjectIdentifier(recordType)
        return lastRecordTypeWithDefaultInsert == type || findRecordTypeWithDefaultInsert(type)
    }

    private func findRecordTypeWithDefaultInsert(_ type: ObjectIdentifier) -> Bool {
        guard recordTypesWithDefaultInsert.contains(type) else { return false }
        lastRecordTypeWithDefaultInsert = type
        return true
    }

    /// Whether the `update(_:columns:)` of the record type is known to be
    /// the default implementation.
    func usesDefaultUpdate(_ recordType: Any.Type) -> Bool {
        recordTypesWithDefaultUpdate.contains(ObjectIdentifier(recordType))
    }

    /// Whether an insertion of the record type may have been handed over
    /// to its `insert(_:)`: never before the connection has made a
    /// hand-off, and never for a record type known to use the default
    /// implementation, for which no hand-off is made.
    @inline(__always)
    func mayHaveHandedOverInsert(_ recordType: Any.Type) -> Bool {
        seedEraState != nil && !usesDefaultInsert(recordType)
    }

    /// Whether an update of the record type may have been handed over to
    /// its `update(_:columns:)` (see ``mayHaveHandedOverInsert(_:)``).
    func mayHaveHandedOverUpdate(_ recordType: Any.Type) -> Bool {
        seedEraState != nil && !usesDefaultUpdate(recordType)
    }
}

extension Database {
    /// The record layer's state of the connection.
    var persistenceConnectionState: PersistenceConnectionState {
        layerSlot.value(orInsert: PersistenceConnectionState.init)
    }

    /// The persistence statement cache of the connection.
    var persistenceStatementCache: PersistenceStatementCache {
        persistenceConnectionState.statementCache
    }
}

extension MutablePersistableRecord {
    /// The dynamic type of the record: the type whose static requirements
    /// (`databaseTableName`, `persistenceConflictPolicy`...) apply, that
    /// keys the statement caches, and whose requirements a hand-off
    /// names. Insert, update, upsert and save find it the same way.
    ///
    /// It is `Self` for a value type. Only a class may have a dynamic type
    /// other than `Self` (a subclass of ``Record`` is not `Record`): there
    /// only, it is `type(of: self)`, which in unspecialized generic code
    /// copies the record and asks the runtime, on each insertion.
    @inline(__always)
    var _dynamicRecordType: Self.Type {
        Self.self is AnyClass ? type(of: self) : Self.self
    }
}

/// The INSERT statements of the persistence methods of one connection
/// (kept in its ``PersistenceConnectionState``).
///
/// A loop of insertions prepares its statement once: statements are
/// found by record type and conflict resolution, then by table name and
/// column list. Neither the SQL nor any dictionary is built per insertion.
final class PersistenceStatementCache {
    struct Key: Hashable {
        var recordType: ObjectIdentifier
        var conflictResolution: Database.ConflictResolution
    }

    /// One prepared INSERT statement.
    final class InsertEntry {
        let tableName: String
        let columns: [String]
        let statement: Statement

        /// The primary key of the table, read again when the schema may
        /// have changed since (see ``schemaCacheGeneration``).
        var primaryKey: PrimaryKeyInfo

        /// The ``Database/schemaCacheGeneration`` when `primaryKey` was
        /// read from the schema cache: while the cache is current
        /// (``Database/schemaCacheIsCurrent(since:)``), it is not read
        /// again. The one staleness rule of the persistence statements,
        /// shared with ``UpsertEntry``.
        var schemaCacheGeneration: Int

        init(tableName: String, columns: [String], statement: Statement, primaryKey: PrimaryKeyInfo, schemaCacheGeneration: Int) {
            self.tableName = tableName
            self.columns = columns
            self.statement = statement
            self.primaryKey = primaryKey
            self.schemaCacheGeneration = schemaCacheGeneration
        }
    }

    /// Empty storage for the values of the next insertion's container
    /// (see ``recycle(_:)``). Unchecked: the cache is used by one thread
    /// at a time.
    @exclusivity(unchecked) private var recycledValues: [DatabaseValue] = []

    /// Keeps the memory of the values of an insertion that is over, for
    /// the container of the next one (``takeRecycledValues()``), instead
    /// of freeing it and allocating again. The values are destroyed now
    /// (the connection keeps no string or blob of a record). When the
    /// callbacks kept the container, its values stay theirs, and the
    /// next container allocates. Called by `insert` and `upsert`, which
    /// drop the success of the insertion. Measured on workload 6 (20k
    /// insertions of 10 values): see Benchmarks/README.md.
    @inline(__always)
    func recycle(_ success: consuming InsertionSuccess) {
        var values: [DatabaseValue] = []
        swap(&values, &success.persistenceContainer._values)
        values.removeAll(keepingCapacity: true)
        recycledValues = values
    }

    /// Empty storage for the values of a container (see ``recycle(_:)``),
    /// or an empty array without storage.
    @inline(__always)
    func takeRecycledValues() -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        swap(&values, &recycledValues)
        return values
    }

    /// A few entries per key: record types usually insert the same columns
    /// in the same table.
    var insertEntries: [Key: [InsertEntry]] = [:]

    /// The last used entry, and its key: loops of insertions find their
    /// statement here, without hashing.
    var lastInsertKey: Key?
    var lastInsertEntry: InsertEntry?

    static let maximumEntriesPerKey = 8

    /// The multi-row statements of the bulk writes (`insertAll`,
    /// `upsertAll`), per shape: table, columns, number of rows, conflict
    /// resolution and `RETURNING` clause. A loop of bulk writes of one
    /// size prepares each shape once (the full chunks, and the last one).
    var bulkStatements: [BulkStatementKey: Statement] = [:]

    /// The number of bulk statements kept before the cache starts over.
    static let maximumBulkStatements = 16

    /// One prepared upsert statement (`INSERT ... ON CONFLICT DO UPDATE`),
    /// for the upserts without explicit assignments nor `RETURNING`
    /// selection (see ``Database/executeUpsert(recordType:tableName:container:conflictTarget:strategy:)``).
    final class UpsertEntry {
        let tableName: String
        let columns: [String]
        let conflictTarget: [String]
        let strategy: UpsertUpdateStrategy
        /// The primary key the SQL was built with.
        let primaryKey: PrimaryKeyInfo
        /// The statement with `RETURNING "rowid"` when the table has a
        /// rowid.
        let statement: Statement

        /// The index, in `columns`, of the column whose value gives the
        /// rowid without `RETURNING "rowid"`, or nil (see
        /// ``Database/upsertRowIDColumnIndex(tableName:columns:conflictTarget:primaryKey:)``).
        /// Read again with the schema, when `schemaCacheGeneration` changes.
        var rowIDColumnIndex: Int?

        /// The statement without `RETURNING`, prepared on the first
        /// upsert that uses it (see ``UpsertRowID``).
        var statementWithoutReturning: Statement?

        /// The ``Database/schemaCacheGeneration`` when `primaryKey` and
        /// `rowIDColumnIndex` were last read from the schema cache: while
        /// the cache is current (``Database/schemaCacheIsCurrent(since:)``),
        /// they are not read again.
        var schemaCacheGeneration: Int

        init(
            tableName: String,
            columns: [String],
            conflictTarget: [String],
            strategy: UpsertUpdateStrategy,
            primaryKey: PrimaryKeyInfo,
            statement: Statement,
            rowIDColumnIndex: Int?,
            schemaCacheGeneration: Int)
        {
            self.rowIDColumnIndex = rowIDColumnIndex
            self.schemaCacheGeneration = schemaCacheGeneration
            self.tableName = tableName
            self.columns = columns
            self.conflictTarget = conflictTarget
            self.strategy = strategy
            self.primaryKey = primaryKey
            self.statement = statement
        }

        func matches(
            tableName: String,
            container: PersistenceContainer,
            conflictTarget: [String],
            strategy: UpsertUpdateStrategy,
            primaryKey: PrimaryKeyInfo) -> Bool
        {
            guard self.strategy == strategy,
                  self.conflictTarget.count == conflictTarget.count,
                  container.hasColumns(columns),
                  self.tableName.hasSameUTF8(as: tableName),
                  self.primaryKey == primaryKey
            else { return false }
            for index in conflictTarget.indices where !self.conflictTarget[index].hasSameUTF8(as: conflictTarget[index]) {
                return false
            }
            return true
        }
    }

    /// The upsert statements, by record type.
    var upsertEntries: [ObjectIdentifier: [UpsertEntry]] = [:]

    /// The last used upsert entry, and its record type.
    var lastUpsertRecordType: ObjectIdentifier?
    var lastUpsertEntry: UpsertEntry?

    /// The columns of the last INSERT statement of a record type, or of
    /// its last upsert statement (an upsert runs through the insertion
    /// flow), that the next container of the type is likely to have, in
    /// the same order (see ``PersistenceContainer/init(layout:)``).
    /// The entry of the last insertion, when it has the record type and
    /// conflict resolution: the statement that a loop of insertions runs
    /// again (the caller checks the columns and table).
    @inline(__always)
    func lastInsertEntry(recordType: Any.Type, conflictResolution: Database.ConflictResolution) -> InsertEntry? {
        guard let entry = lastInsertEntry,
              lastInsertKey == Key(recordType: ObjectIdentifier(recordType), conflictResolution: conflictResolution)
        else { return nil }
        return entry
    }

    func insertLayout(recordType: Any.Type, conflictResolution: Database.ConflictResolution) -> [String]? {
        let type = ObjectIdentifier(recordType)
        let key = Key(recordType: type, conflictResolution: conflictResolution)
        if let entry = lastInsertEntry, lastInsertKey == key {
            return entry.columns
        }
        if let entry = lastUpsertEntry, lastUpsertRecordType == type {
            return entry.columns
        }
        return insertEntries[key]?.last?.columns ?? upsertEntries[type]?.last?.columns
    }
}

extension Statement {
    /// Binds the values of a container, in the order of the columns of
    /// the statement, with the binder of every statement
    /// (``withBoundValues(_:_:)``, ``setArguments(_:)``'s binder), and
    /// runs the statement.
    ///
    /// The values are the statement's ``arguments`` during the run (the
    /// errors of the step name them), and come back to the container
    /// after it, which owns them again without a copy.
    func execute(binding container: inout PersistenceContainer) throws {
        try withBoundValues(&container._values) {
            while try step() { }
        }
    }
}

extension Database {
    /// The outcome of an INSERT statement.
    struct InsertionOutcome {
        /// The rowid of the inserted row.
        var rowID: Int64
        /// The INTEGER PRIMARY KEY column, if any.
        var rowIDColumn: String?
        /// Whether a row was inserted (false when the IGNORE conflict
        /// resolution skipped it).
        var isInserted: Bool
    }

    /// Inserts the values of a container in a table, with a cached
    /// statement.
    ///
    /// - Parameters:
    ///   - recordType: The type of the inserted record, the first key of the
    ///     statement cache.
    ///   - tableName: The table.
    ///   - container: The inserted values.
    ///   - conflictResolution: The conflict resolution.
    func executeInsert(
        recordType: Any.Type,
        tableName: String,
        container: inout PersistenceContainer,
        conflictResolution: Database.ConflictResolution) throws -> InsertionOutcome
    {
        let cache = persistenceStatementCache
        return try executeInsert(
            recordType: recordType, tableName: tableName, container: &container,
            conflictResolution: conflictResolution, cache: cache,
            candidate: cache.lastInsertEntry(recordType: recordType, conflictResolution: conflictResolution))
    }

    /// Inserts the values of a container as an insertion target says
    /// (the persistence methods of a record).
    @inline(__always)
    func executeInsert(container: inout PersistenceContainer, _ target: InsertionTarget) throws -> InsertionOutcome {
        try executeInsert(
            recordType: target.recordType, tableName: target.tableName, container: &container,
            conflictResolution: target.conflictResolution, cache: target.cache, candidate: target.candidate)
    }

    /// Inserts the values of a container in a table, with a cached
    /// statement of `cache`, the persistence statement cache of the
    /// connection.
    ///
    /// - Parameter candidate: The entry of the previous insertion of the
    ///   record type with this conflict resolution (see
    ///   ``PersistenceStatementCache/lastInsertEntry(recordType:conflictResolution:)``),
    ///   used when the container has its columns, in its table.
    func executeInsert(
        recordType: Any.Type,
        tableName: String,
        container: inout PersistenceContainer,
        conflictResolution: Database.ConflictResolution,
        cache: PersistenceStatementCache,
        candidate: PersistenceStatementCache.InsertEntry?) throws -> InsertionOutcome
    {
        let entry: PersistenceStatementCache.InsertEntry
        if let candidate, container.hasColumns(candidate.columns), candidate.tableName.hasSameUTF8(as: tableName) {
            entry = candidate
        } else {
            entry = try insertEntry(
                recordType: recordType,
                tableName: tableName,
                container: container,
                conflictResolution: conflictResolution,
                cache: cache)
        }
        var statement = entry.statement
        if !statement.isReusable {
            // A cursor iterates the cached statement: use a fresh one.
            statement = try makeStatement(sql: statement.sql)
        }
        let totalChangesBefore = totalChangesCount
        try statement.execute(binding: &container)
        // A view inserts through its INSTEAD OF trigger.
        let isInserted = changesCount(sinceTotalChangesCount: totalChangesBefore) > 0
        // SQLite compiles the statement again after a schema change by
        // another connection: the schema cache is then checked again.
        _ = statement.refreshColumnsIfRecompiled()
        if !schemaCacheIsCurrent(since: entry.schemaCacheGeneration) {
            // The schema may have changed since the primary key was read.
            entry.primaryKey = try primaryKey(tableName)
            entry.schemaCacheGeneration = schemaCacheGeneration
        }
        return InsertionOutcome(
            rowID: lastInsertedRowID,
            rowIDColumn: entry.primaryKey.rowIDColumn,
            isInserted: isInserted)
    }

    private func insertEntry(
        recordType: Any.Type,
        tableName: String,
        container: PersistenceContainer,
        conflictResolution: Database.ConflictResolution,
        cache: PersistenceStatementCache) throws -> PersistenceStatementCache.InsertEntry
    {
        let key = PersistenceStatementCache.Key(
            recordType: ObjectIdentifier(recordType),
            conflictResolution: conflictResolution)
        if let entry = cache.lastInsertEntry, cache.lastInsertKey == key,
           container.hasColumns(entry.columns), entry.tableName.hasSameUTF8(as: tableName)
        {
            return entry
        }
        if let entries = cache.insertEntries[key] {
            for entry in entries where container.hasColumns(entry.columns) && entry.tableName.hasSameUTF8(as: tableName) {
                cache.lastInsertKey = key
                cache.lastInsertEntry = entry
                return entry
            }
        }
        let columns = container.columns
        let sql = Database.insertSQL(tableName: tableName, columns: columns, conflictResolution: conflictResolution)
        let entry = PersistenceStatementCache.InsertEntry(
            tableName: tableName,
            columns: columns,
            statement: try cachedStatement(sql: sql),
            primaryKey: try primaryKey(tableName),
            schemaCacheGeneration: schemaCacheGeneration)
        var entries = cache.insertEntries[key] ?? []
        if entries.count >= PersistenceStatementCache.maximumEntriesPerKey {
            entries.removeFirst()
        }
        entries.append(entry)
        cache.insertEntries[key] = entries
        cache.lastInsertKey = key
        cache.lastInsertEntry = entry
        return entry
    }

    /// Inserts the values of a container with a `RETURNING` clause, and
    /// lets `fetch` read the returned row from the statement. When
    /// nothing is inserted (the IGNORE conflict resolution), `fetch`
    /// finds no row, and the outcome says that nothing was inserted, as
    /// ``executeInsert(recordType:tableName:container:conflictResolution:)``
    /// does: `insertAndFetch(_:onConflict:selection:fetch:)` returns what
    /// `fetch` returns (nil for `fetchOne`), as in GRDB.
    func executeInsert(
        tableName: String,
        container: PersistenceContainer,
        conflictResolution: Database.ConflictResolution,
        returning selection: [any SQLSelectable],
        fetch: (Statement) throws -> Void) throws -> InsertionOutcome
    {
        var context = SQLGenerationContext(db: self)
        context.selectionTableName = tableName
        let returning = try selection.map { try $0.sqlSelection.sql(&context) }.joined(separator: ", ")
        let sql = Database.insertSQL(tableName: tableName, columns: container.columns, conflictResolution: conflictResolution)
            + " RETURNING " + returning
        let statement = try cachedStatement(sql: sql)
        try statement.setArguments(StatementArguments(databaseValues: container._values) + context.arguments)
        let totalChangesBefore = totalChangesCount
        try fetch(statement)
        // Complete the statement, so that its changes are counted.
        statement.reset()
        return InsertionOutcome(
            rowID: lastInsertedRowID,
            rowIDColumn: try primaryKey(tableName).rowIDColumn,
            isInserted: changesCount(sinceTotalChangesCount: totalChangesBefore) > 0)
    }

    /// `INSERT [OR ...] INTO "table" ("a", "b") VALUES (?,?)` (the
    /// question marks unspaced, as GRDB writes them), or
    /// `... DEFAULT VALUES` when there is no column.
    static func insertSQL(tableName: String, columns: [String], conflictResolution: Database.ConflictResolution) -> String {
        var sql = "INSERT \(conflictResolution.statementClause)INTO \(tableName.quotedDatabaseIdentifier) "
        if columns.isEmpty {
            sql += "DEFAULT VALUES"
        } else {
            sql += "(" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ") VALUES ("
            sql += Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
        }
        return sql
    }
}
