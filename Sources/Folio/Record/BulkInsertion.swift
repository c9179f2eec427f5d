import CSQLite

// The engine of `insertAll`, `upsertAll` and their `…AndFetch` variants
// (see `MutableCollection+InsertAll.swift` for the API). Folio's own: GRDB
// has no bulk writes.
//
// A bulk write runs in three phases, so that a callback that throws stops
// it before any statement runs, and so that `didInsert` is called in the
// order of the collection, whatever the order of the statements:
//
// 1. For each record, in order: `willSave`, `willInsert`, `encode(to:)`.
//    The containers are grouped by column set (groups in the order of
//    their first record, records in order inside a group).
// 2. For each group: multi-row `INSERT … VALUES (…), (…) … RETURNING`
//    statements, as many rows per statement as the connection's current
//    `SQLITE_LIMIT_VARIABLE_NUMBER` allows, up to 1,000 parameters (see
//    `bulkStatementVariables`), each statement shape prepared once per
//    connection. Returned rows are matched to records by primary
//    key, or, for records whose rowid is not known before the insertion
//    (a nil id), by rowid: SQLite gives new rows increasing rowids in the
//    order of the `VALUES` rows (https://www.sqlite.org/autoinc.html),
//    whatever the order of the `RETURNING` rows. Never by position.
// 3. For each record, in order: `aroundSave` and `aroundInsert` (whose
//    function returns the record's result, as the statement already ran),
//    `didInsert` and `didSave` for the inserted records.
//
// Records that a multi-row statement can not match are written one
// statement each, with the statements of `insert` and `upsert`: under
// the IGNORE resolution, records whose key is unknown (SQLite does not say
// which rows it ignored); upserts whose rowid is not their id (a nil id
// that may merge with an existing row through another unique key, a table
// with several uniqueness constraints); tables WITHOUT ROWID with an
// unknown key; records without any column (`DEFAULT VALUES`).

/// What a bulk write does.
enum BulkWriteKind {
    /// `INSERT [OR …]`, with an explicit conflict resolution or nil for
    /// the record type's policy.
    case insert(Database.ConflictResolution?)
    /// `INSERT … ON CONFLICT DO UPDATE`, as ``MutablePersistableRecord/upsert(_:)``.
    case upsert
}

/// One statement shape of a bulk write, in the persistence statement
/// cache of the connection.
struct BulkStatementKey: Hashable {
    var tableName: String
    var columns: [String]
    var rowCount: Int
    var conflictResolution: Database.ConflictResolution
    var isUpsert: Bool
    /// The `RETURNING` clause, empty for none.
    var returning: String
}

/// The result of one record of a bulk write.
struct BulkRecordResult {
    /// The rowid given to `didInsert`, or nil when the record was not
    /// inserted (the IGNORE resolution).
    var rowID: Int64?
    /// The row returned for the record, for the `…AndFetch` variants.
    var row: Row?
}

extension Database {
    /// The number of parameters of a bulk statement when the connection's
    /// `SQLITE_LIMIT_VARIABLE_NUMBER` allows more: SQLite's time per row
    /// is the lowest from about 50 to 500 rows of ten columns, and grows
    /// past it, because the statement's program grows with its rows.
    /// Measured with a C loop of 20k rows of ten integers (SQLite 3.40.1),
    /// ms without/with `RETURNING "rowid"`: 1 row 10.9/47.6, 10 rows
    /// 8.0/18.0, 100 rows 6.9/12.5, 500 rows 7.0/14.1, 2,000 rows
    /// 10.2/17.8, 20,000 rows (the whole limit, 250,000) 109/119.
    static let bulkStatementVariables = 1000

    /// Inserts or upserts every record of a collection, in as few
    /// statements as the variable limit allows (see the top of this file).
    ///
    /// - Parameters:
    ///   - records: The records, modified by their callbacks.
    ///   - kind: Insert or upsert.
    ///   - selection: The `RETURNING` selection of the `…AndFetch`
    ///     variants, or nil.
    ///   - receive: Called, in the order of the collection, with the
    ///     offset of each inserted record and its returned row, when
    ///     `selection` is not nil.
    func _writeAll<C: MutableCollection>(
        _ records: inout C,
        kind: BulkWriteKind,
        selection: [any SQLSelectable]?,
        receive: (Int, Row) throws -> Void) throws
    where C.Element: MutablePersistableRecord
    {
        guard !records.isEmpty else { return }
        // The records in contiguous storage (an array's, or a copy), so
        // that the loops below index a buffer by `Int`: this function is
        // not specialized for the caller's collection, and iterating
        // `C.Indices` goes through witness tables at each record.
        let written: Void? = try records.withContiguousMutableStorageIfAvailable { buffer in
            try _writeAll(buffer, kind: kind, selection: selection, receive: receive)
        }
        if written == nil {
            var copy = Array(records)
            try copy.withUnsafeMutableBufferPointer { buffer in
                try _writeAll(buffer, kind: kind, selection: selection, receive: receive)
            }
            var index = records.startIndex
            for record in copy {
                records[index] = record
                records.formIndex(after: &index)
            }
        }
    }

    /// ``_writeAll(_:kind:selection:receive:)`` over a buffer.
    private func _writeAll<Record: MutablePersistableRecord>(
        _ records: UnsafeMutableBufferPointer<Record>,
        kind: BulkWriteKind,
        selection: [any SQLSelectable]?,
        receive: (Int, Row) throws -> Void) throws
    {
        let count = records.count
        guard count > 0 else { return }
        let recordType = records[0]._dynamicRecordType
        let tableName = recordType.databaseTableName
        let resolution: Database.ConflictResolution
        switch kind {
        case .insert(let explicit):
            resolution = explicit ?? recordType.persistenceConflictPolicy.conflictResolutionForInsert
        case .upsert:
            resolution = .abort
        }

        // Phase 1: callbacks and containers.
        var containers: [PersistenceContainer] = []
        containers.reserveCapacity(count)
        var layout = persistenceStatementCache.insertLayout(recordType: recordType, conflictResolution: resolution)
        for index in 0..<count {
            try records[index].willSave(self)
            try records[index].willInsert(self)
            let container = try records[index].makePersistenceContainer(layout: layout)
            if layout == nil || !container.hasColumns(layout!) { layout = container.columns }
            containers.append(container)
        }

        // Groups of one column set.
        var groups: [(columns: [String], members: [Int])] = []
        for offset in containers.indices {
            let container = containers[offset]
            if let last = groups.indices.last, container.hasColumns(groups[last].columns) {
                groups[last].members.append(offset)
            } else if let match = groups.indices.first(where: { container.hasColumns(groups[$0].columns) }) {
                groups[match].members.append(offset)
            } else {
                groups.append((container.columns, [offset]))
            }
        }

        // Phase 2: statements.
        var results = [BulkRecordResult](repeating: BulkRecordResult(), count: count)
        let primaryKey = try self.primaryKey(tableName)
        for group in groups {
            try writeGroup(
                recordType: recordType, tableName: tableName, columns: group.columns, members: group.members,
                containers: containers, kind: kind, resolution: resolution, primaryKey: primaryKey,
                selection: selection, results: &results)
        }

        // Phase 3: the callbacks that follow the insertion, in order.
        let rowIDColumn = primaryKey.rowIDColumn
        for offset in 0..<count {
            let result = results[offset]
            var container = PersistenceContainer()
            swap(&container, &containers[offset])
            if let rowID = result.rowID, let rowIDColumn {
                container.setDatabaseValue(DatabaseValue(storage: .int64(rowID)), forColumn: rowIDColumn)
            }
            try records[offset]._didWrite(
                self,
                success: InsertionSuccess(rowID: result.rowID ?? 0, rowIDColumn: rowIDColumn, persistenceContainer: container),
                isInserted: result.rowID != nil)
            if let row = result.row {
                try receive(offset, row)
            }
        }
    }

    /// Writes the records of one column set.
    private func writeGroup(
        recordType: any MutablePersistableRecord.Type,
        tableName: String,
        columns: [String],
        members: [Int],
        containers: [PersistenceContainer],
        kind: BulkWriteKind,
        resolution: Database.ConflictResolution,
        primaryKey: PrimaryKeyInfo,
        selection: [any SQLSelectable]?,
        results: inout [BulkRecordResult]) throws
    {
        let keys = BulkKeyLayout(primaryKey: primaryKey, columns: columns)
        let isUpsert: Bool
        if case .upsert = kind { isUpsert = true } else { isUpsert = false }

        // Which records a multi-row statement can match.
        var batched: [Int] = []
        var single: [Int] = []
        batched.reserveCapacity(members.count)
        let upsertRowIDIndex: Int? = isUpsert
            ? try upsertRowIDColumnIndex(tableName: tableName, columns: columns, conflictTarget: [], primaryKey: primaryKey)
            : nil
        for offset in members {
            let values = containers[offset]._values
            let isBatched: Bool
            if columns.isEmpty {
                isBatched = false
            } else if isUpsert {
                // The rowid of an upsert is the id only when the id is the
                // table's only uniqueness constraint: a nil id then always
                // inserts a new row.
                isBatched = upsertRowIDIndex != nil && selection == nil
            } else if keys.isKnown(values) {
                isBatched = true
            } else {
                isBatched = primaryKey.tableHasRowID && resolution != .ignore
            }
            if isBatched { batched.append(offset) } else { single.append(offset) }
        }

        if !batched.isEmpty {
            let limit = Int(sqlite3_limit(sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
            let variables = Swift.min(limit, Database.bulkStatementVariables)
            let rowsPerStatement = Swift.max(1, variables / columns.count)
            var start = 0
            while start < batched.count {
                let end = Swift.min(start + rowsPerStatement, batched.count)
                try writeChunk(
                    recordType: recordType, tableName: tableName, columns: columns,
                    chunk: batched[start..<end], containers: containers, isUpsert: isUpsert,
                    resolution: resolution, keys: keys, selection: selection, results: &results)
                start = end
            }
        }

        for offset in single {
            try writeOne(
                recordType: recordType, tableName: tableName, offset: offset, containers: containers,
                isUpsert: isUpsert, resolution: resolution, selection: selection, results: &results)
        }
    }

    /// Writes records with one multi-row statement, and matches the
    /// returned rows to them.
    private func writeChunk(
        recordType: any MutablePersistableRecord.Type,
        tableName: String,
        columns: [String],
        chunk: ArraySlice<Int>,
        containers: [PersistenceContainer],
        isUpsert: Bool,
        resolution: Database.ConflictResolution,
        keys: BulkKeyLayout,
        selection: [any SQLSelectable]?,
        results: inout [BulkRecordResult]) throws
    {
        // Does the statement need to return rows? Not when every rowid is
        // known and every record is inserted.
        var unknownCount = 0
        for offset in chunk where !keys.isKnown(containers[offset]._values) {
            unknownCount += 1
        }
        let needsMatching = selection != nil || unknownCount > 0 || resolution == .ignore
            || (keys.keyIndexes != nil && keys.primaryKey.tableHasRowID)
        let matchingColumns = needsMatching ? keys.matchingColumns : []
        var context = SQLGenerationContext(db: self)
        context.selectionTableName = tableName
        var returningParts = matchingColumns.map(\.quotedDatabaseIdentifier)
        if let selection {
            returningParts += try selection.map { try $0.sqlSelection.sql(&context) }
        }
        let returning = returningParts.joined(separator: ", ")
        let statement = try bulkStatement(
            BulkStatementKey(
                tableName: tableName, columns: columns, rowCount: chunk.count,
                conflictResolution: resolution, isUpsert: isUpsert, returning: returning))

        var values: [DatabaseValue] = []
        values.reserveCapacity(chunk.count * columns.count + context.arguments.values.count)
        for offset in chunk {
            values.append(contentsOf: containers[offset]._values)
        }
        values.append(contentsOf: context.arguments.values)

        // Returned rows: rowid and key, then the selection.
        var returnedRowIDs: [Int64] = []
        var returnedKeys: [[DatabaseValue]] = []
        var returnedRows: [Row] = []
        do {
            try statement.setArguments(StatementArguments(databaseValues: values))
            if !needsMatching {
                while try statement.step() { }
            } else if selection != nil {
                let rows = try Row.fetchAll(statement, adapter: SuffixRowAdapter(fromIndex: matchingColumns.count))
                for row in rows {
                    appendMatching(row.unadapted, keys: keys, rowIDs: &returnedRowIDs, keys: &returnedKeys)
                    returnedRows.append(row)
                }
            } else {
                let sqliteStatement = statement.sqliteStatement
                let keyCount = matchingColumns.count - (keys.primaryKey.tableHasRowID ? 1 : 0)
                while try statement.step() {
                    var index: CInt = 0
                    if keys.primaryKey.tableHasRowID {
                        returnedRowIDs.append(sqlite3_column_int64(sqliteStatement, 0))
                        index = 1
                    }
                    if keyCount > 0 {
                        var key: [DatabaseValue] = []
                        key.reserveCapacity(keyCount)
                        for column in index..<(index + CInt(keyCount)) {
                            key.append(DatabaseValue(sqliteStatement: sqliteStatement, index: column))
                        }
                        returnedKeys.append(key)
                    }
                }
            }
        } catch let error as DatabaseError {
            statement.reset()
            throw try bulkRecordError(
                error, tableName: tableName, chunk: chunk, containers: containers, total: containers.count,
                isUpsert: isUpsert, resolution: resolution)
        }

        try match(
            chunk: chunk, containers: containers, keys: keys, rowIDs: returnedRowIDs, returnedKeys: returnedKeys,
            rows: selection != nil ? returnedRows : nil, unknownCount: unknownCount,
            allInserted: resolution != .ignore, tableName: tableName, results: &results)
    }

    private func appendMatching(_ row: Row, keys: BulkKeyLayout, rowIDs: inout [Int64], keys returnedKeys: inout [[DatabaseValue]]) {
        var index = 0
        if keys.primaryKey.tableHasRowID {
            rowIDs.append(row[0] as Int64? ?? 0)
            index = 1
        }
        if keys.rowIDIndex == nil && !keys.primaryKey.isRowID {
            returnedKeys.append((index..<(index + keys.primaryKey.columns.count)).map { row[$0] as DatabaseValue })
        }
    }

    /// Matches returned rows to the records of a chunk: by key, then the
    /// remaining rows to the records of unknown key, by increasing rowid.
    private func match(
        chunk: ArraySlice<Int>,
        containers: [PersistenceContainer],
        keys: BulkKeyLayout,
        rowIDs: [Int64],
        returnedKeys: [[DatabaseValue]],
        rows: [Row]?,
        unknownCount: Int,
        allInserted: Bool,
        tableName: String,
        results: inout [BulkRecordResult]) throws
    {
        let returnedCount = Swift.max(rowIDs.count, returnedKeys.count)
        if returnedCount == 0 && rows == nil && allInserted && unknownCount == 0 {
            // Nothing returned: every rowid is an INTEGER PRIMARY KEY (or
            // the table has no rowid).
            for offset in chunk {
                results[offset].rowID = keys.knownRowID(containers[offset]._values) ?? lastInsertedRowID
            }
            return
        }

        // Returned rows claimed by a record of known key.
        var claimed = [Bool](repeating: false, count: returnedCount)
        if unknownCount < chunk.count {
            if keys.rowIDIndex != nil {
                var byRowID: [Int64: Int] = [:]
                byRowID.reserveCapacity(returnedCount)
                for (position, rowID) in rowIDs.enumerated() { byRowID[rowID] = position }
                for offset in chunk {
                    guard let rowID = keys.knownRowID(containers[offset]._values) else { continue }
                    if let position = byRowID[rowID] {
                        claimed[position] = true
                        results[offset].rowID = rowID
                        results[offset].row = rows?[position]
                    }
                }
            } else {
                var byKey: [[DatabaseValue]: Int] = [:]
                byKey.reserveCapacity(returnedCount)
                for (position, key) in returnedKeys.enumerated() { byKey[key] = position }
                for offset in chunk {
                    guard let key = keys.knownKey(containers[offset]._values) else { continue }
                    if let position = byKey[key] {
                        claimed[position] = true
                        results[offset].rowID = keys.primaryKey.tableHasRowID ? rowIDs[position] : lastInsertedRowID
                        results[offset].row = rows?[position]
                    }
                }
            }
        }

        guard unknownCount > 0 else { return }
        // Unclaimed rows go to the records of unknown key, in rowid order.
        var unclaimed: [Int] = []
        unclaimed.reserveCapacity(unknownCount)
        for position in 0..<returnedCount where !claimed[position] {
            unclaimed.append(position)
        }
        var isSorted = true
        var index = 1
        while index < unclaimed.count {
            if rowIDs[unclaimed[index - 1]] > rowIDs[unclaimed[index]] {
                isSorted = false
                break
            }
            index += 1
        }
        if !isSorted {
            unclaimed.sort { rowIDs[$0] < rowIDs[$1] }
        }
        guard unclaimed.count == unknownCount else {
            throw DatabaseError(
                resultCode: .SQLITE_INTERNAL,
                message: "insertAll: \(unknownCount) records without a known primary key, but \(unclaimed.count) rows returned by the insertion in \(tableName.quotedDatabaseIdentifier)")
        }
        var next = 0
        for offset in chunk where !keys.isKnown(containers[offset]._values) {
            let position = unclaimed[next]
            results[offset].rowID = rowIDs[position]
            results[offset].row = rows?[position]
            next += 1
        }
    }

    /// Writes one record with the statements of `insert` and `upsert`.
    private func writeOne(
        recordType: any MutablePersistableRecord.Type,
        tableName: String,
        offset: Int,
        containers: [PersistenceContainer],
        isUpsert: Bool,
        resolution: Database.ConflictResolution,
        selection: [any SQLSelectable]?,
        results: inout [BulkRecordResult]) throws
    {
        let container = containers[offset]
        do {
            if let selection {
                let primaryKey = try self.primaryKey(tableName)
                var context = SQLGenerationContext(db: self)
                context.selectionTableName = tableName
                // The rowid first, then the selection.
                let returned: [any SQLSelectable] = primaryKey.tableHasRowID ? [Column.rowID] + selection : selection
                var sql: String
                if isUpsert {
                    sql = try Database.upsertSQL(
                        tableName: tableName, columns: container.columns, primaryKey: primaryKey,
                        conflictTarget: [], strategy: .allColumns, explicitAssignments: [],
                        selection: returned, returningRowID: false, context: &context)
                } else {
                    sql = Database.insertSQL(tableName: tableName, columns: container.columns, conflictResolution: resolution)
                    sql += " RETURNING " + (try returned.map { try $0.sqlSelection.sql(&context) }).joined(separator: ", ")
                }
                let statement = try cachedStatement(sql: sql)
                try statement.setArguments(StatementArguments(databaseValues: container._values) + context.arguments)
                let matchingCount = primaryKey.tableHasRowID ? 1 : 0
                let rows = try Row.fetchAll(statement, adapter: SuffixRowAdapter(fromIndex: matchingCount))
                if let row = rows.first {
                    results[offset].rowID = primaryKey.tableHasRowID
                        ? (row.unadapted[0] as Int64? ?? lastInsertedRowID)
                        : lastInsertedRowID
                    results[offset].row = row
                }
            } else if isUpsert {
                var container = container
                let outcome = try executeUpsert(
                    recordType: recordType, tableName: tableName, container: &container,
                    conflictTarget: [], strategy: .allColumns)
                results[offset].rowID = outcome.rowID
            } else {
                var container = container
                let outcome = try executeInsert(
                    recordType: recordType, tableName: tableName, container: &container, conflictResolution: resolution)
                if outcome.isInserted { results[offset].rowID = outcome.rowID }
            }
        } catch let error as DatabaseError {
            throw error.naming(record: offset, of: containers.count)
        }
    }

    /// The statement of a bulk write shape, prepared once per connection.
    private func bulkStatement(_ key: BulkStatementKey) throws -> Statement {
        let cache = persistenceStatementCache
        if let statement = cache.bulkStatements[key], statement.isReusable {
            return statement
        }
        var sql: String
        if key.isUpsert {
            var context = SQLGenerationContext(db: self)
            context.selectionTableName = key.tableName
            sql = try Database.upsertSQL(
                tableName: key.tableName, columns: key.columns, primaryKey: try primaryKey(key.tableName),
                conflictTarget: [], strategy: .allColumns, explicitAssignments: [], selection: [],
                returningRowID: false, rowCount: key.rowCount, context: &context)
        } else {
            sql = Database.insertSQL(
                tableName: key.tableName, columns: key.columns, conflictResolution: key.conflictResolution,
                rowCount: key.rowCount)
        }
        if !key.returning.isEmpty {
            sql += " RETURNING " + key.returning
        }
        let statement = try prepareSingleStatement(sql: sql, persistent: true)
        if cache.bulkStatements.count >= PersistenceStatementCache.maximumBulkStatements {
            cache.bulkStatements.removeAll()
        }
        cache.bulkStatements[key] = statement
        return statement
    }

    /// `INSERT [OR ...] INTO "table" ("a", "b") VALUES (?,?), (?,?)...`:
    /// ``insertSQL(tableName:columns:conflictResolution:)`` with
    /// `rowCount` rows.
    static func insertSQL(
        tableName: String,
        columns: [String],
        conflictResolution: Database.ConflictResolution,
        rowCount: Int) -> String
    {
        var sql = insertSQL(tableName: tableName, columns: columns, conflictResolution: conflictResolution)
        appendValuesRows(to: &sql, columnCount: columns.count, rowCount: rowCount)
        return sql
    }

    /// Appends `rowCount - 1` rows of parameters to the `VALUES` clause
    /// that ends `sql`.
    static func appendValuesRows(to sql: inout String, columnCount: Int, rowCount: Int) {
        guard rowCount > 1, columnCount > 0 else { return }
        // The rows are written as the first one (`insertSQL`): `(?,?,?)`.
        let row = ", (" + Array(repeating: "?", count: columnCount).joined(separator: ",") + ")"
        sql.reserveCapacity(sql.utf8.count + row.utf8.count * (rowCount - 1))
        for _ in 1..<rowCount { sql += row }
    }
}
