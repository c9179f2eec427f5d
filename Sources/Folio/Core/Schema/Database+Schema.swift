import CSQLite

// Schema introspection. Results are cached per connection and dropped
// whenever `PRAGMA schema_version` changes, whoever changed the schema.

extension Database {
    /// Returns the schema version, which SQLite increments on each schema
    /// change. See <https://www.sqlite.org/pragma.html#pragma_schema_version>.
    ///
    /// - Returns: The schema version.
    /// - Throws: A ``DatabaseError``.
    public func schemaVersion() throws -> Int32 {
        try Int32.fetchOne(self, sql: "PRAGMA schema_version") ?? 0
    }

    /// Drops the cached schema information.
    public func clearSchemaCache() {
        schemaCache = SchemaCache()
        schemaCacheGeneration &+= 1
        schemaMayHaveChanged = true
    }

    /// Called by ``Statement/step(in:)`` before each step of a statement
    /// that may change the schema: DDL, in any schema (main, temp or an
    /// attached one), or a rollback that may undo DDL.
    ///
    /// DDL drops the schema cache outright: `PRAGMA schema_version` only
    /// follows the main schema, so comparing it would miss changes to the
    /// temp schema. Cached statements are dropped too, because they keep
    /// the result columns they were compiled with (a `SELECT *` after
    /// `ALTER TABLE … ADD COLUMN`).
    ///
    /// A rollback (of the transaction, or to a savepoint) drops both
    /// again when the transaction ran DDL, since what was cached in
    /// between follows the schema that the rollback undoes. A rollback
    /// of a transaction without DDL, such as the one that ends each read
    /// access, keeps them: the schema cache is validated against the
    /// schema version before its next use, so that the changes of other
    /// connections are seen, and statements compiled again by SQLite
    /// read their columns again. With an attached database, whose
    /// schema version is not checked, every rollback drops them.
    ///
    /// Not inlined: it runs for schema changes and rollbacks only, off
    /// the hot path of stepping.
    @inline(never)
    func statementWillChangeSchema(_ statement: Statement) {
        if statement.authorization.changesSchema {
            if statement.authorization.attachesDatabase {
                hasAttachedDatabase = true
            }
            if isInsideTransaction {
                rollbackMayUndoSchemaChange = true
            }
            dropSchemaDependentCaches()
            return
        }
        // A rollback.
        if rollbackMayUndoSchemaChange || hasAttachedDatabase {
            dropSchemaDependentCaches()
        } else {
            schemaMayHaveChanged = true
        }
        if statement.authorization.transactionEffect == .rollbackTransaction {
            rollbackMayUndoSchemaChange = false
        }
    }

    /// Empties the schema cache and the statement cache.
    private func dropSchemaDependentCaches() {
        clearSchemaCache()
        statementCache.removeAll(keepingCapacity: true)
        statementCacheSchemaVersion = nil
    }

    /// Whether the schema cache is valid and has not been emptied since
    /// `generation` (a former ``schemaCacheGeneration``): what was read
    /// from it then is still current, without validating it again.
    ///
    /// The one staleness rule of what is derived from the schema (the
    /// primary keys kept by the persistence statements, insert and
    /// upsert). A cache validated during this access has a schema
    /// version: whatever empties it sets ``schemaMayHaveChanged``
    /// (``clearSchemaCache()``) or sets the version at once
    /// (``validateSchemaCache()``).
    func schemaCacheIsCurrent(since generation: Int) -> Bool {
        !schemaMayHaveChanged
            && schemaCacheValidationGeneration == accessGeneration
            && schemaCacheGeneration == generation
    }

    /// Makes sure the schema cache matches the current schema version.
    ///
    /// The schema version is read once per database access, and again
    /// after a statement of this connection changed the schema (or rolled
    /// back), or was compiled again by SQLite: other connections can only
    /// change the schema between two accesses, or outside of
    /// transactions. A version changed by another connection also empties
    /// the statement cache.
    private func validateSchemaCache() throws {
        if !schemaMayHaveChanged, schemaCacheValidationGeneration == accessGeneration, schemaCache.schemaVersion != nil {
            return
        }
        let version = try schemaVersion()
        if let cachedVersion = statementCacheSchemaVersion, cachedVersion != version {
            // Another connection changed the schema (this one empties the
            // statement cache when it does). Cached statements would keep
            // their former columns until their next step, while the
            // requests about to be prepared split the columns of joined
            // tables as the new schema says.
            statementCache.removeAll(keepingCapacity: true)
        }
        statementCacheSchemaVersion = version
        if schemaCache.schemaVersion != version {
            schemaCache = SchemaCache()
            schemaCacheGeneration &+= 1
            schemaCache.schemaVersion = version
        }
        schemaMayHaveChanged = false
        schemaCacheValidationGeneration = accessGeneration
    }

    private func cacheKey(_ name: String, _ schemaName: String?) -> DatabaseNameKey {
        // A NUL separates the schema from the table: no SQL name holds
        // one, while a table name may hold a dot.
        DatabaseNameKey((schemaName.map { $0 + "\u{0}" } ?? "") + name)
    }

    private func schemaPrefix(_ schemaName: String?) -> String {
        schemaName.map { $0.quotedDatabaseIdentifier + "." } ?? ""
    }

    private func masterTables(_ schemaName: String?) -> [String] {
        if let schemaName {
            return schemaName.isSameDatabaseName(as: "temp")
                ? ["sqlite_temp_master"]
                : ["\(schemaName.quotedDatabaseIdentifier).sqlite_master"]
        }
        return ["sqlite_temp_master", "sqlite_master"]
    }

    /// Throws "no such schema" unless the schema is `main`, `temp`, or a
    /// database that `PRAGMA database_list` lists (case-insensitive). A nil
    /// schema name, which means all schemas, is always valid.
    ///
    /// Only explicit schema names other than `main` and `temp` cost a
    /// query.
    func checkSchemaExists(_ schemaName: String?) throws {
        guard let schemaName else { return }
        let lowercasedName = schemaName.lowercased()
        if lowercasedName == "main" || lowercasedName == "temp" {
            return
        }
        for row in try Row.fetchAll(self, sql: "PRAGMA database_list") {
            let name: String = try row.decode(forColumn: "name")
            if name.lowercased() == lowercasedName {
                return
            }
        }
        throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such schema: \(schemaName)")
    }

    private func schemaObjectExists(type: String, name: String, schemaName: String?) throws -> Bool {
        try checkSchemaExists(schemaName)
        for master in masterTables(schemaName) {
            let sql = "SELECT 1 FROM \(master) WHERE type = ? AND name = ? COLLATE NOCASE"
            if try Row.fetchOne(self, sql: sql, arguments: [type, name]) != nil {
                return true
            }
        }
        return false
    }

    /// Returns whether a table exists (case-insensitive).
    ///
    /// ```swift
    /// if try db.tableExists("player") { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - name: A table name.
    ///   - schemaName: A schema name (`main`, `temp`, an attached
    ///     database), or nil to look everywhere.
    /// - Returns: Whether the table exists.
    /// - Throws: A ``DatabaseError``, with the code `SQLITE_ERROR` and the
    ///   message "no such schema: …" when `schemaName` names no schema.
    public func tableExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        if Database.isSQLiteInternalTable(name) && (name.isSameDatabaseName(as: "sqlite_master") || name.isSameDatabaseName(as: "sqlite_temp_master")) {
            try checkSchemaExists(schemaName)
            return true
        }
        try checkSchemaExists(schemaName)
        // No table name holds a NUL character, which would end the SQL of
        // the pragma below.
        if name.utf8.contains(0) {
            return false
        }
        // `PRAGMA table_list`, restricted to the name (compared as SQLite
        // compares names), lists what the queries of `sqlite_master` and
        // `sqlite_temp_master` would find. One pragma costs much less to
        // compile than two queries, which matters just after a schema
        // change has emptied the statement cache (the schema DSL looking
        // for the tables that foreign keys reference). The schema tables
        // themselves are named `sqlite_master` and `sqlite_temp_master`
        // for the pragma (handled above): it lists no other name that the
        // schema tables do not hold.
        for row in try tableListRows(name, cached: Self.isMainOrTemp(schemaName)) {
            if let schemaName {
                guard row.schema.isSameDatabaseName(as: schemaName) else { continue }
            } else {
                // Without a schema name, the main and temp schemas only,
                // as `masterTables(nil)`.
                guard Self.isMainOrTemp(row.schema) else { continue }
            }
            // "table", "virtual" or "shadow": the `table` type of the
            // schema tables.
            if row.type != "view" {
                return true
            }
        }
        return false
    }

    /// Returns whether a view exists (case-insensitive).
    ///
    /// - Parameters:
    ///   - name: A view name.
    ///   - schemaName: A schema name, or nil to look everywhere.
    /// - Returns: Whether the view exists.
    /// - Throws: A ``DatabaseError``, with the code `SQLITE_ERROR` and the
    ///   message "no such schema: …" when `schemaName` names no schema.
    public func viewExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        try schemaObjectExists(type: "view", name: name, schemaName: schemaName)
    }

    /// Returns whether a trigger exists (case-insensitive).
    ///
    /// - Parameters:
    ///   - name: A trigger name.
    ///   - schemaName: A schema name, or nil to look everywhere.
    /// - Returns: Whether the trigger exists.
    /// - Throws: A ``DatabaseError``, with the code `SQLITE_ERROR` and the
    ///   message "no such schema: …" when `schemaName` names no schema.
    public func triggerExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        try schemaObjectExists(type: "trigger", name: name, schemaName: schemaName)
    }

    /// Returns whether an index exists (case-insensitive).
    ///
    /// - Parameters:
    ///   - name: An index name.
    ///   - schemaName: A schema name, or nil to look everywhere.
    /// - Returns: Whether the index exists.
    /// - Throws: A ``DatabaseError``, with the code `SQLITE_ERROR` and the
    ///   message "no such schema: …" when `schemaName` names no schema.
    public func indexExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        try schemaObjectExists(type: "index", name: name, schemaName: schemaName)
    }

    /// Returns whether a table is internal to SQLite (`sqlite_...`).
    ///
    /// - Parameter tableName: A table name.
    /// - Returns: Whether the table is internal.
    public static func isSQLiteInternalTable(_ tableName: String) -> Bool {
        tableName.hasDatabaseNamePrefix("sqlite_")
    }

    /// Returns whether a table is internal to Folio (or GRDB), such as the
    /// `grdb_migrations` table.
    ///
    /// - Parameter tableName: A table name.
    /// - Returns: Whether the table is internal.
    public static func isGRDBInternalTable(_ tableName: String) -> Bool {
        tableName.hasDatabaseNamePrefix("grdb_")
    }

    /// Throws "no such table" unless the table or view exists.
    private func checkTableExists(_ tableName: String, in schemaName: String?) throws {
        guard try tableExists(tableName, in: schemaName) || viewExists(tableName, in: schemaName) else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(tableName)")
        }
    }

    /// Returns the columns of a table or view, in order.
    ///
    /// ```swift
    /// let columns = try db.columns(in: "player")
    /// columns.map(\.name) // ["id", "name", "score"]
    /// ```
    ///
    /// - Parameters:
    ///   - tableName: A table or view name.
    ///   - schemaName: A schema name, or nil.
    /// - Returns: The columns, generated columns included and hidden
    ///   virtual-table columns left out.
    /// - Throws: A ``DatabaseError`` when the table does not exist, or
    ///   when `schemaName` names no schema ("no such schema: …").
    public func columns(in tableName: String, in schemaName: String? = nil) throws -> [ColumnInfo] {
        try checkSchemaExists(schemaName)
        try validateSchemaCache()
        let key = cacheKey(tableName, schemaName)
        if let columns = schemaCache.columns[key] { return columns }
        let rows = try Row.fetchAll(self, sql: "PRAGMA \(schemaPrefix(schemaName))table_xinfo(\(tableName.quotedDatabaseIdentifier))")
        guard !rows.isEmpty else {
            try checkTableExists(tableName, in: schemaName)
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(tableName)")
        }
        // Hidden columns of virtual tables are left out.
        let columns = rows.map(ColumnInfo.init(row:)).filter { $0.hidden != 1 }
        schemaCache.columns[key] = columns
        return columns
    }

    /// Returns the primary key of a table.
    ///
    /// ```swift
    /// try db.primaryKey("player").columns      // ["id"]
    /// try db.primaryKey("membership").columns  // ["playerId", "teamId"]
    /// try db.primaryKey("event").columns       // ["rowid"] (no explicit primary key)
    /// ```
    ///
    /// - Parameters:
    ///   - tableName: A table name.
    ///   - schemaName: A schema name, or nil.
    /// - Returns: The primary key.
    /// - Throws: A ``DatabaseError`` when the table does not exist, or
    ///   when `schemaName` names no schema ("no such schema: …").
    public func primaryKey(_ tableName: String, in schemaName: String? = nil) throws -> PrimaryKeyInfo {
        let columns = try self.columns(in: tableName, in: schemaName)
        let key = cacheKey(tableName, schemaName)
        if let primaryKey = schemaCache.primaryKeys[key] { return primaryKey }
        let pkColumns = columns.filter { $0.primaryKeyIndex > 0 }.sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }
        let entry = try tableListEntry(tableName, in: schemaName)
        let hasRowID = entry?.hasRowID ?? true
        let primaryKey: PrimaryKeyInfo
        if let entry, entry.isView, let viewColumns = try primaryKeyFromSchemaSource(view: entry.objectID, columns: columns) {
            primaryKey = PrimaryKeyInfo(columns: viewColumns, rowIDColumn: nil, tableHasRowID: false)
        } else if pkColumns.isEmpty {
            primaryKey = hasRowID
                ? .hiddenRowID
                : PrimaryKeyInfo(columns: [], rowIDColumn: nil, tableHasRowID: false)
        } else if hasRowID, pkColumns.count == 1, pkColumns[0].type.uppercased() == "INTEGER" {
            primaryKey = PrimaryKeyInfo(columns: [pkColumns[0].name], rowIDColumn: pkColumns[0].name, tableHasRowID: true)
        } else {
            primaryKey = PrimaryKeyInfo(columns: pkColumns.map(\.name), rowIDColumn: nil, tableHasRowID: hasRowID)
        }
        schemaCache.primaryKeys[key] = primaryKey
        return primaryKey
    }

    /// What `PRAGMA table_list` says about a table or view.
    private struct TableListEntry {
        var objectID: DatabaseObjectID
        var isView: Bool
        /// Whether the table has a rowid (it is not a WITHOUT ROWID table,
        /// nor a view).
        var hasRowID: Bool
    }

    /// The rows of `PRAGMA table_list(name)`.
    ///
    /// With `cached`, for the look-ups of the main and temp schemas (or of
    /// all schemas), they are kept in the schema cache, valid for one
    /// schema version of the main database (temp changes only through
    /// this connection, whose DDL empties the cache): `tableExists`
    /// followed by `primaryKey`, as the schema DSL resolves a foreign
    /// key, run the pragma once. The rows of an attached schema are read
    /// each time, as the schema version of main does not follow the
    /// changes that other connections make to it.
    private func tableListRows(_ name: String, cached: Bool) throws -> [TableListRow] {
        let key = DatabaseNameKey(name)
        if cached {
            try validateSchemaCache()
            if let rows = schemaCache.tableLists[key] { return rows }
        }
        var rows: [TableListRow] = []
        let cursor = try Row.fetchCursor(self, sql: "PRAGMA table_list(\(name.quotedDatabaseIdentifier))")
        while let row = try cursor.next() {
            try rows.append(TableListRow(
                schema: row.decode(forColumn: "schema"),
                name: row.decode(forColumn: "name"),
                type: row.decode(forColumn: "type"),
                withoutRowID: row.decode(forColumn: "wr")))
        }
        if cached {
            schemaCache.tableLists[key] = rows
        }
        return rows
    }

    /// Whether a schema name is nil (all schemas), `main` or `temp`.
    private static func isMainOrTemp(_ schemaName: String?) -> Bool {
        guard let schemaName else { return true }
        return schemaName.isSameDatabaseName(as: "main") || schemaName.isSameDatabaseName(as: "temp")
    }

    /// Returns what `PRAGMA table_list` says about a table or view, or nil
    /// when it does not list it.
    private func tableListEntry(_ tableName: String, in schemaName: String?) throws -> TableListEntry? {
        // The table name argument restricts the pragma to the table,
        // instead of listing all tables. The pragma itself, rather than a
        // SELECT from `pragma_table_list(?)`, is much cheaper to compile,
        // which matters just after a schema change has emptied the
        // statement cache (the schema DSL resolving foreign keys, which
        // asked `tableExists` for the same rows just before: they come
        // from the schema cache).
        var rows = try tableListRows(tableName, cached: Self.isMainOrTemp(schemaName))
        // The pragma lists main, then temp, then the attached databases: a
        // cached row of main or temp is the first row. Otherwise the first
        // row, if any, is of an attached database, which the cache does
        // not follow: read the rows again.
        if schemaName == nil, !(rows.first.map { Self.isMainOrTemp($0.schema) } ?? false) {
            rows = try tableListRows(tableName, cached: false)
        }
        // The first row of the schema, as `WHERE schema = ? COLLATE
        // NOCASE` would select.
        guard let row = rows.first(where: { row in
            schemaName.map { row.schema.isSameDatabaseName(as: $0) } ?? true
        }) else {
            return nil
        }
        let schema = row.schema
        let name = row.name
        let type = row.type
        let withoutRowID = row.withoutRowID
        let schemaID: DatabaseSchemaID
        switch schema.lowercased() {
        case "main": schemaID = .main
        case "temp": schemaID = .temp
        default: schemaID = .attached(schema)
        }
        return TableListEntry(
            objectID: DatabaseObjectID(name: name, schemaID: schemaID),
            isView: type == "view",
            hasRowID: type == "table" || type == "virtual" ? !withoutRowID : false)
    }

    /// Returns the primary key of a view that the schema source tells, if
    /// any.
    ///
    /// - Throws: The error of the schema source, or a ``DatabaseError``
    ///   when it names a column that the view does not have.
    private func primaryKeyFromSchemaSource(view: DatabaseObjectID, columns: [ColumnInfo]) throws -> [String]? {
        guard let currentSchemaSource,
              let primaryKey = try currentSchemaSource.columnsForPrimaryKey(self, inView: view)
        else {
            return nil
        }
        let names = Set(columns.map { $0.name.lowercased() })
        if let missing = primaryKey.first(where: { !names.contains($0.lowercased()) }) {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "the schema source gives the view \(view.name) a primary key column that it does not have: \(missing)")
        }
        return primaryKey
    }

    /// Returns the indexes of a table.
    ///
    /// ```swift
    /// let indexes = try db.indexes(on: "book")
    /// indexes[0].columns  // ["authorId"]
    /// indexes[0].isUnique // false
    /// ```
    ///
    /// - Parameters:
    ///   - tableName: A table name.
    ///   - schemaName: A schema name, or nil.
    /// - Returns: The indexes, sorted by name.
    /// - Throws: A ``DatabaseError`` when the table does not exist, or
    ///   when `schemaName` names no schema ("no such schema: …").
    public func indexes(on tableName: String, in schemaName: String? = nil) throws -> [IndexInfo] {
        _ = try columns(in: tableName, in: schemaName) // checks existence, validates the cache
        let key = cacheKey(tableName, schemaName)
        if let indexes = schemaCache.indexes[key] { return indexes }
        let prefix = schemaPrefix(schemaName)
        var indexes: [IndexInfo] = []
        for row in try Row.fetchAll(self, sql: "PRAGMA \(prefix)index_list(\(tableName.quotedDatabaseIdentifier))") {
            let name: String = try row.decode(forColumn: "name")
            let infoRows = try Row.fetchAll(self, sql: "PRAGMA \(prefix)index_info(\(name.quotedDatabaseIdentifier))")
            let columns = try infoRows
                .sorted { try $0.decode(Int.self, forColumn: "seqno") < $1.decode(Int.self, forColumn: "seqno") }
                .compactMap { try $0.decode(String?.self, forColumn: "name") }
            try indexes.append(IndexInfo(
                name: name,
                columns: columns,
                isUnique: row.decode(forColumn: "unique"),
                origin: row.decode(forColumn: "origin"),
                isPartial: row.decode(forColumn: "partial"),
                hasExpressions: columns.count != infoRows.count))
        }
        indexes.sort { $0.name < $1.name }
        schemaCache.indexes[key] = indexes
        return indexes
    }

    /// Returns whether some columns uniquely identify a row: they contain
    /// the primary key, or the columns of a unique index (partial indexes
    /// do not count). Column names are case-insensitive.
    ///
    /// ```swift
    /// try db.table("player", hasUniqueKey: ["email"]) // true with a unique index on email
    /// ```
    ///
    /// - Parameters:
    ///   - tableName: A table name.
    ///   - uniqueKey: Column names.
    /// - Returns: Whether the columns are a unique key.
    /// - Throws: A ``DatabaseError`` when the table does not exist.
    public func table(_ tableName: String, hasUniqueKey uniqueKey: some Collection<String>) throws -> Bool {
        let columns = Set(uniqueKey.map(DatabaseNameKey.init))
        let primaryKey = try self.primaryKey(tableName)
        if !primaryKey.columns.isEmpty, Set(primaryKey.columns.map(DatabaseNameKey.init)).isSubset(of: columns) {
            return true
        }
        return try indexes(on: tableName).contains { index in
            index.isUnique && !index.isPartial && !index.hasExpressions
                && Set(index.columns.map(DatabaseNameKey.init)).isSubset(of: columns)
        }
    }

    /// Returns the foreign keys of a table.
    ///
    /// ```swift
    /// let foreignKeys = try db.foreignKeys(on: "book")
    /// foreignKeys[0].destinationTable // "author"
    /// ```
    ///
    /// - Parameters:
    ///   - tableName: A table name.
    ///   - schemaName: A schema name, or nil.
    /// - Returns: The foreign keys, by id. Referenced columns left implicit
    ///   in the schema are resolved to the primary key of the destination.
    /// - Throws: A ``DatabaseError`` when the table does not exist, or
    ///   when `schemaName` names no schema ("no such schema: …").
    public func foreignKeys(on tableName: String, in schemaName: String? = nil) throws -> [ForeignKeyInfo] {
        _ = try columns(in: tableName, in: schemaName)
        let key = cacheKey(tableName, schemaName)
        if let foreignKeys = schemaCache.foreignKeys[key] { return foreignKeys }
        let rows = try Row.fetchAll(self, sql: "PRAGMA \(schemaPrefix(schemaName))foreign_key_list(\(tableName.quotedDatabaseIdentifier))")
        var grouped: [Int: (table: String, pairs: [(seq: Int, from: String, to: String?)])] = [:]
        for row in rows {
            let id: Int = try row.decode(forColumn: "id")
            let table: String = try row.decode(forColumn: "table")
            let pair = try (seq: row.decode(Int.self, forColumn: "seq"), from: row.decode(String.self, forColumn: "from"), to: row.decode(String?.self, forColumn: "to"))
            grouped[id, default: (table, [])].pairs.append(pair)
        }
        var foreignKeys: [ForeignKeyInfo] = []
        for id in grouped.keys.sorted() {
            let (table, pairs) = grouped[id]!
            let sortedPairs = pairs.sorted { $0.seq < $1.seq }
            var destinations = sortedPairs.map(\.to)
            if destinations.contains(where: { $0 == nil }) {
                let destinationKey = try primaryKey(table, in: schemaName).columns
                destinations = destinationKey.map { Optional($0) }
            }
            let mapping = zip(sortedPairs, destinations).map { pair, destination in
                (origin: pair.from, destination: destination ?? "rowid")
            }
            foreignKeys.append(ForeignKeyInfo(id: id, destinationTable: table, mapping: mapping))
        }
        schemaCache.foreignKeys[key] = foreignKeys
        return foreignKeys
    }
}
