import CSQLite

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

        /// The primary key of the table, checked again when SQLite
        /// recompiles the statement after a schema change.
        var primaryKey: PrimaryKeyInfo

        /// The number of recompilations of the statement when
        /// `primaryKey` was read.
        var reprepareCount: CInt

        init(tableName: String, columns: [String], statement: Statement, primaryKey: PrimaryKeyInfo) {
            self.tableName = tableName
            self.columns = columns
            self.statement = statement
            self.primaryKey = primaryKey
            self.reprepareCount = statement.reprepareCount
        }
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
    /// The number of times SQLite recompiled the statement, after a schema
    /// change for example.
    /// See <https://www.sqlite.org/c3ref/c_stmtstatus_counter.html>.
    var reprepareCount: CInt {
        sqlite3_stmt_status(sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
    }

    /// Binds values by index and runs the statement, without building
    /// ``StatementArguments`` (they are built for an error message only).
    func execute(boundValues values: [DatabaseValue]) throws {
        reset()
        let code = bindAll(values)
        if code == Statement.unrepresentableValueCode {
            throw unrepresentableValueError(in: values, arguments: StatementArguments(values))
        }
        if code != SQLITE_OK {
            throw DatabaseError.lastError(
                database.sqliteConnection, code: code, sql: sql,
                arguments: StatementArguments(values),
                publicArguments: database.configuration.publicStatementArguments)
        }
        do {
            while try step() { }
        } catch let error as DatabaseError {
            // The error of `step()` names the previous arguments.
            throw DatabaseError(
                resultCode: error.extendedResultCode,
                message: error.message,
                sql: sql,
                arguments: StatementArguments(values),
                publicArguments: database.configuration.publicStatementArguments)
        }
    }

    /// Binds values by index and runs the statement, as
    /// ``execute(boundValues:)``, and returns the integer in the last
    /// column of the first row, if there is a row.
    func executeReturningLastInt64(boundValues values: [DatabaseValue]) throws -> Int64? {
        reset()
        let code = bindAll(values)
        if code == Statement.unrepresentableValueCode {
            throw unrepresentableValueError(in: values, arguments: StatementArguments(values))
        }
        if code != SQLITE_OK {
            throw DatabaseError.lastError(
                database.sqliteConnection, code: code, sql: sql,
                arguments: StatementArguments(values),
                publicArguments: database.configuration.publicStatementArguments)
        }
        do {
            var result: Int64?
            while try step() {
                if result == nil {
                    result = sqlite3_column_int64(sqliteStatement, sqlite3_column_count(sqliteStatement) - 1)
                }
            }
            return result
        } catch let error as DatabaseError {
            // The error of `step()` names the previous arguments.
            throw DatabaseError(
                resultCode: error.extendedResultCode,
                message: error.message,
                sql: sql,
                arguments: StatementArguments(values),
                publicArguments: database.configuration.publicStatementArguments)
        }
    }

    /// Binds the values of a container by index and runs the statement.
    func execute(binding container: PersistenceContainer) throws {
        try execute(boundValues: container._values)
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
        container: PersistenceContainer,
        conflictResolution: Database.ConflictResolution) throws -> InsertionOutcome
    {
        let entry = try insertEntry(
            recordType: recordType,
            tableName: tableName,
            container: container,
            conflictResolution: conflictResolution)
        var statement = entry.statement
        if !statement.isReusable {
            // A cursor iterates the cached statement: use a fresh one.
            statement = try makeStatement(sql: statement.sql)
        }
        let totalChangesBefore = totalChangesCount
        try statement.execute(binding: container)
        // A view inserts through its INSTEAD OF trigger.
        let isInserted = changesCount(sinceTotalChangesCount: totalChangesBefore) > 0
        if entry.statement.reprepareCount != entry.reprepareCount {
            // The schema has changed since the primary key was read.
            entry.primaryKey = try primaryKey(tableName)
            entry.reprepareCount = entry.statement.reprepareCount
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
        conflictResolution: Database.ConflictResolution) throws -> PersistenceStatementCache.InsertEntry
    {
        let cache = persistenceStatementCache
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
            primaryKey: try primaryKey(tableName))
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
        try statement.setArguments(StatementArguments(container.values) + context.arguments)
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
