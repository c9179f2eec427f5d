import CSQLite

// Upsert: INSERT ... ON CONFLICT DO UPDATE.

extension ColumnExpression {
    /// An upsert assignment that keeps the current value of the column.
    ///
    /// ```swift
    /// // INSERT INTO vocabulary (word, kind, isTainted) VALUES (?, ?, ?)
    /// // ON CONFLICT DO UPDATE SET kind = excluded.kind
    /// try vocabulary.upsertAndFetch(db) { _ in
    ///     [Column("isTainted").noOverwrite]
    /// }
    /// ```
    public var noOverwrite: ColumnAssignment {
        self.set(to: self)
    }
}

extension ColumnAssignment {
    /// Whether the assignment is `column = column`, as made by
    /// ``ColumnExpression/noOverwrite``: it is left out of the SQL.
    var isNoOverwrite: Bool {
        if case .column(let name, nil) = value.impl {
            return name.isEqualIgnoringASCIICase(to: columnName)
        }
        return false
    }
}

extension MutablePersistableRecord {
    /// Inserts the record, or updates the existing row that has the same
    /// primary key or unique key.
    ///
    /// ```swift
    /// // INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)
    /// // ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score"
    /// try player.upsert(db)
    /// ```
    ///
    /// All columns but the primary key are overwritten. The callbacks are
    /// the callbacks of an insertion, and `didInsert` receives the rowid of
    /// the inserted or updated row. To learn it, the statement ends with
    /// `RETURNING "rowid"`, unless the table has a rowid, its primary key
    /// is an INTEGER PRIMARY KEY and is its only uniqueness constraint,
    /// and the record's id is an integer or nil.
    ///
    /// - Parameter db: A database connection.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    ///
    /// See <https://www.sqlite.org/lang_upsert.html>.
    public mutating func upsert(_ db: Database) throws {
        if let success = try _upsert(db, conflictTarget: [], updating: .allColumns, doUpdate: nil, selection: [], receive: { _ in }) {
            db.persistenceStatementCache.recycle(success)
        }
    }

    /// Inserts or updates the record, and returns the upserted row decoded
    /// as another record type (`... RETURNING`).
    ///
    /// ```swift
    /// let player = try partialPlayer.upsertAndFetch(db, as: Player.self)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - returnedType: The type of the returned record, whose
    ///     `databaseSelection` is the `RETURNING` clause.
    ///   - conflictTarget: The columns of the uniqueness constraint that
    ///     triggers the update, or an empty array for all constraints.
    ///   - strategy: Which columns are overwritten.
    ///   - assignments: A function that returns assignments for the
    ///     update; its argument refers to the inserted values
    ///     (`excluded["date"]`).
    /// - Returns: The upserted row, decoded.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public mutating func upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type,
        onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil) throws -> T
    {
        try _upsertAndFetch(db, as: returnedType, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

extension MutablePersistableRecord {
    /// Inserts or updates the record, and returns the upserted row
    /// (`... RETURNING *`).
    ///
    /// ```swift
    /// // INSERT INTO vocabulary (word, kind, isTainted) VALUES (?, ?, ?)
    /// // ON CONFLICT ("word") DO UPDATE SET "count" = "count" + ?, "kind" = "excluded"."kind"
    /// // RETURNING *, "rowid"
    /// let upserted = try vocabulary.upsertAndFetch(db, onConflict: ["word"]) { _ in
    ///     [Column("count") += 1, Column("isTainted").noOverwrite]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - conflictTarget: The columns of the uniqueness constraint that
    ///     triggers the update, or an empty array for all constraints.
    ///   - strategy: Which columns are overwritten.
    ///   - assignments: A function that returns assignments for the
    ///     update; its argument refers to the inserted values.
    /// - Returns: The upserted record.
    /// - Throws: A ``DatabaseError``, or the error of a callback.
    public mutating func upsertAndFetch(
        _ db: Database,
        onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil) throws -> Self
    where Self: FetchableRecord
    {
        try _upsertAndFetch(db, as: Self.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

// MARK: - The upsert flow

extension MutablePersistableRecord {
    /// Upserts with `RETURNING` the selection of `T`, and decodes the row.
    mutating func _upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database,
        as returnedType: T.Type,
        onConflict conflictTarget: [String],
        updating strategy: UpsertUpdateStrategy,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])?) throws -> T
    {
        var row: Row?
        _ = try _upsert(
            db,
            conflictTarget: conflictTarget,
            updating: strategy,
            doUpdate: assignments,
            selection: T.databaseSelection) { row = $0 }
        guard let row else {
            throw RecordError.recordNotFound(databaseTableName: type(of: self).databaseTableName, key: [:])
        }
        return try T(row: row)
    }

    /// Upserts with the insertion callbacks, and gives the returned row
    /// (the selection, then the rowid) to `receive`.
    mutating func _upsert(
        _ db: Database,
        conflictTarget: [String],
        updating strategy: UpsertUpdateStrategy,
        doUpdate: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])?,
        selection: [any SQLSelectable],
        receive: (Row) -> Void) throws -> InsertionSuccess?
    {
        return try _insert(db, onConflict: .abort) { container, target in
            let recordType = target.recordType
            let tableName = target.tableName
            if doUpdate == nil && selection.isEmpty {
                // The common `upsert(_:)`: a cached statement.
                return try db.executeUpsert(
                    recordType: recordType,
                    tableName: tableName,
                    container: &container,
                    conflictTarget: conflictTarget,
                    strategy: strategy)
            }
            let primaryKey = try db.primaryKey(tableName)
            var context = SQLGenerationContext(db: db)
            context.selectionTableName = tableName
            let excluded = TableAlias<Self>(name: "excluded")
            let explicitAssignments = doUpdate?(excluded) ?? []
            let sql = try Database.upsertSQL(
                tableName: tableName,
                columns: container.columns,
                primaryKey: primaryKey,
                conflictTarget: conflictTarget,
                strategy: strategy,
                explicitAssignments: explicitAssignments,
                selection: selection,
                context: &context)

            let statement = try db.cachedStatement(sql: sql)
            try statement.setArguments(StatementArguments(container.values) + context.arguments)
            let rows = try Row.fetchAll(statement)
            var rowID = db.lastInsertedRowID
            if let row = rows.first {
                if primaryKey.tableHasRowID {
                    rowID = try row.decode(Int64.self, atIndex: row.count - 1)
                }
                if !selection.isEmpty {
                    receive(row)
                }
            }
            return Database.InsertionOutcome(rowID: rowID, rowIDColumn: primaryKey.rowIDColumn, isInserted: true)
        }
    }
}

// MARK: - The upsert SQL and statement cache

extension Database {
    /// `INSERT INTO ... ON CONFLICT [(target)] DO UPDATE SET ... [RETURNING
    /// selection, "rowid"]`.
    ///
    /// - Parameters:
    ///   - selection: The `RETURNING` selection; the rowid is appended
    ///     when the table has one and `returningRowID` is true.
    ///   - returningRowID: Whether the rowid is appended to the
    ///     `RETURNING` selection when the table has one.
    ///   - rowCount: The number of rows of the `VALUES` clause (see
    ///     `insertAll`).
    ///   - context: The context of the SQL of the explicit assignments
    ///     and of the selection, that collects their arguments.
    static func upsertSQL(
        tableName: String,
        columns: [String],
        primaryKey: PrimaryKeyInfo,
        conflictTarget: [String],
        strategy: UpsertUpdateStrategy,
        explicitAssignments: [ColumnAssignment],
        selection: [any SQLSelectable],
        returningRowID: Bool = true,
        rowCount: Int = 1,
        context: inout SQLGenerationContext) throws -> String
    {
        var sql = Database.insertSQL(tableName: tableName, columns: columns, conflictResolution: .abort)
        Database.appendValuesRows(to: &sql, columnCount: columns.count, rowCount: rowCount)
        sql += " ON CONFLICT"
        if !conflictTarget.isEmpty {
            sql += "(" + conflictTarget.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ") + ")"
        }

        // Explicit assignments, then the overwritten columns.
        var assignmentsSQL = try explicitAssignments
            .filter { !$0.isNoOverwrite }
            .map { try $0.sql(&context) }
        if !strategy.contains(.noColumnUnlessSpecified) {
            let keptColumns = primaryKey.columns + conflictTarget + explicitAssignments.map { $0.columnName }
            for column in columns where !keptColumns.contains(where: { $0.isEqualIgnoringASCIICase(to: column) }) {
                assignmentsSQL.append("\(column.quotedDatabaseIdentifier) = \"excluded\".\(column.quotedDatabaseIdentifier)")
            }
        }
        if assignmentsSQL.isEmpty {
            // Nothing to overwrite: a no-op update still returns the row.
            let column = conflictTarget.first ?? primaryKey.columns.first ?? columns.first ?? Column.rowID.name
            assignmentsSQL.append("\(column.quotedDatabaseIdentifier) = \(column.quotedDatabaseIdentifier)")
        }
        sql += " DO UPDATE SET " + assignmentsSQL.joined(separator: ", ")

        var returning = try selection.map { try $0.sqlSelection.sql(&context) }
        if returningRowID && primaryKey.tableHasRowID {
            returning.append(Column.rowID.name.quotedDatabaseIdentifier)
        }
        if !returning.isEmpty {
            sql += " RETURNING " + returning.joined(separator: ", ")
        }
        return sql
    }

    /// Upserts the values of a container, without explicit assignments
    /// nor `RETURNING` selection, with a statement that the persistence
    /// statement cache keeps: neither the SQL nor a row is built per
    /// upsert.
    func executeUpsert(
        recordType: Any.Type,
        tableName: String,
        container: inout PersistenceContainer,
        conflictTarget: [String],
        strategy: UpsertUpdateStrategy) throws -> InsertionOutcome
    {
        let primaryKey: PrimaryKeyInfo
        if let entry = persistenceStatementCache.lastUpsertEntry,
           schemaCacheIsCurrent(since: entry.schemaCacheGeneration),
           entry.tableName.hasSameUTF8(as: tableName)
        {
            // What `primaryKey(tableName)` would return from the cache.
            primaryKey = entry.primaryKey
        } else {
            primaryKey = try self.primaryKey(tableName)
        }
        let entry = try upsertEntry(
            recordType: recordType,
            tableName: tableName,
            container: container,
            conflictTarget: conflictTarget,
            strategy: strategy,
            primaryKey: primaryKey)
        let rowID: Int64
        let statement: Statement
        switch UpsertRowID(values: container._values, rowIDColumnIndex: entry.rowIDColumnIndex) {
        case .id(let id):
            statement = try statementWithoutReturning(entry)
            try statement.execute(binding: &container)
            rowID = id
        case .lastInserted:
            statement = try statementWithoutReturning(entry)
            try statement.execute(binding: &container)
            rowID = lastInsertedRowID
        case .returned:
            statement = entry.statement.isReusable
                ? entry.statement
                // A cursor iterates the cached statement: use a fresh one.
                : try makeStatement(sql: entry.statement.sql)
            let returnedRowID = try statement.executeReturningLastInt64(binding: &container)
            if let returnedRowID, primaryKey.tableHasRowID {
                rowID = returnedRowID
            } else {
                rowID = lastInsertedRowID
            }
        }
        // SQLite compiles the statement again after a schema change by
        // another connection: the schema cache is then checked again
        // before the next upsert reads the entry (the staleness rule of
        // the persistence statements, ``PersistenceStatementCache/InsertEntry/schemaCacheGeneration``).
        _ = statement.refreshColumnsIfRecompiled()
        return InsertionOutcome(rowID: rowID, rowIDColumn: primaryKey.rowIDColumn, isInserted: true)
    }

    /// The statement of an upsert entry without `RETURNING`, prepared
    /// once.
    private func statementWithoutReturning(_ entry: PersistenceStatementCache.UpsertEntry) throws -> Statement {
        let statement: Statement
        if let cached = entry.statementWithoutReturning {
            statement = cached
        } else {
            var context = SQLGenerationContext(db: self)
            context.selectionTableName = entry.tableName
            let sql = try Database.upsertSQL(
                tableName: entry.tableName,
                columns: entry.columns,
                primaryKey: entry.primaryKey,
                conflictTarget: entry.conflictTarget,
                strategy: entry.strategy,
                explicitAssignments: [],
                selection: [],
                returningRowID: false,
                context: &context)
            statement = try cachedStatement(sql: sql)
            entry.statementWithoutReturning = statement
        }
        if !statement.isReusable {
            // A cursor iterates the cached statement: use a fresh one.
            return try makeStatement(sql: statement.sql)
        }
        return statement
    }

    private func upsertEntry(
        recordType: Any.Type,
        tableName: String,
        container: PersistenceContainer,
        conflictTarget: [String],
        strategy: UpsertUpdateStrategy,
        primaryKey: PrimaryKeyInfo) throws -> PersistenceStatementCache.UpsertEntry
    {
        let cache = persistenceStatementCache
        let key = ObjectIdentifier(recordType)
        if let entry = cache.lastUpsertEntry, cache.lastUpsertRecordType == key,
           entry.matches(tableName: tableName, container: container, conflictTarget: conflictTarget, strategy: strategy, primaryKey: primaryKey)
        {
            try refreshSchema(of: entry)
            return entry
        }
        if let entries = cache.upsertEntries[key] {
            for entry in entries
            where entry.matches(tableName: tableName, container: container, conflictTarget: conflictTarget, strategy: strategy, primaryKey: primaryKey)
            {
                try refreshSchema(of: entry)
                cache.lastUpsertRecordType = key
                cache.lastUpsertEntry = entry
                return entry
            }
        }
        let columns = container.columns
        var context = SQLGenerationContext(db: self)
        context.selectionTableName = tableName
        let sql = try Database.upsertSQL(
            tableName: tableName,
            columns: columns,
            primaryKey: primaryKey,
            conflictTarget: conflictTarget,
            strategy: strategy,
            explicitAssignments: [],
            selection: [],
            context: &context)
        let entry = PersistenceStatementCache.UpsertEntry(
            tableName: tableName,
            columns: columns,
            conflictTarget: conflictTarget,
            strategy: strategy,
            primaryKey: primaryKey,
            statement: try cachedStatement(sql: sql),
            rowIDColumnIndex: try upsertRowIDColumnIndex(
                tableName: tableName,
                columns: columns,
                conflictTarget: conflictTarget,
                primaryKey: primaryKey),
            schemaCacheGeneration: schemaCacheGeneration)
        var entries = cache.upsertEntries[key] ?? []
        if entries.count >= PersistenceStatementCache.maximumEntriesPerKey {
            entries.removeFirst()
        }
        entries.append(entry)
        cache.upsertEntries[key] = entries
        cache.lastUpsertRecordType = key
        cache.lastUpsertEntry = entry
        return entry
    }

    /// Reads again what an upsert entry knows of the schema beyond its
    /// primary key (a unique index may come or go), when the schema cache
    /// was emptied since the entry last read it.
    private func refreshSchema(of entry: PersistenceStatementCache.UpsertEntry) throws {
        guard entry.schemaCacheGeneration != schemaCacheGeneration else { return }
        entry.rowIDColumnIndex = try upsertRowIDColumnIndex(
            tableName: entry.tableName,
            columns: entry.columns,
            conflictTarget: entry.conflictTarget,
            primaryKey: entry.primaryKey)
        entry.schemaCacheGeneration = schemaCacheGeneration
    }
}

extension Statement {
    /// Binds the values of a container, as ``execute(binding:)``, runs
    /// the statement, and returns the integer in the last column of the
    /// first row, if there is a row.
    func executeReturningLastInt64(binding container: inout PersistenceContainer) throws -> Int64? {
        try withBoundValues(&container._values) {
            var result: Int64?
            while try step() {
                if result == nil {
                    result = sqlite3_column_int64(sqliteStatement, sqlite3_column_count(sqliteStatement) - 1)
                }
            }
            return result
        }
    }
}
