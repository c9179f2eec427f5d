// The errors of bulk writes (see BulkInsertion.swift): a failed multi-row
// statement names the record that failed, when it can be told, and the SQL
// of that record's own insertion, not the whole multi-row statement.

extension Database {
    /// The error of a failed multi-row statement, naming the record that
    /// failed, when it can be told, and the SQL of its own insertion.
    func bulkRecordError(
        _ error: DatabaseError,
        tableName: String,
        chunk: ArraySlice<Int>,
        containers: [PersistenceContainer],
        total: Int,
        isUpsert: Bool,
        resolution: Database.ConflictResolution) throws -> DatabaseError
    {
        let culprit = try bulkCulprit(of: error, tableName: tableName, chunk: chunk, containers: containers)
        let offset = culprit ?? chunk.first!
        let container = containers[offset]
        var context = SQLGenerationContext(db: self)
        let sql = isUpsert
            ? try Database.upsertSQL(
                tableName: tableName, columns: container.columns, primaryKey: try primaryKey(tableName),
                conflictTarget: [], strategy: .allColumns, explicitAssignments: [], selection: [],
                returningRowID: false, context: &context)
            : Database.insertSQL(tableName: tableName, columns: container.columns, conflictResolution: resolution)
        let which = culprit != nil
            ? "record \(offset + 1) of \(total)"
            : "one of records \(chunk.first! + 1) to \(chunk.last! + 1) of \(total)"
        return DatabaseError(
            resultCode: error.extendedResultCode,
            message: "\(which): \(error.message ?? "\(error.resultCode)")",
            sql: sql,
            arguments: StatementArguments(databaseValues: container._values),
            publicArguments: configuration.publicStatementArguments)
    }

    /// The offset of the record that caused a constraint error, for the
    /// errors SQLite names a column in: `NOT NULL` (the first record with
    /// NULL there) and `UNIQUE`/`PRIMARY KEY` (the first record whose
    /// values repeat an earlier record of the chunk, or a row of the
    /// table). Nil when it can not be told.
    func bulkCulprit(
        of error: DatabaseError,
        tableName: String,
        chunk: ArraySlice<Int>,
        containers: [PersistenceContainer]) throws -> Int?
    {
        guard error.resultCode == .SQLITE_CONSTRAINT, let message = error.message else { return nil }
        func columnIndexes(after prefix: String) -> [Int]? {
            guard message.hasPrefix(prefix) else { return nil }
            let names = message.dropFirst(prefix.count).split(separator: ",").map { part -> String in
                let trimmed = part.trimmingSpaces()
                if let dot = trimmed.lastIndex(of: ".") { return String(trimmed[trimmed.index(after: dot)...]) }
                return String(trimmed)
            }
            let columns = containers[chunk.first!].columns
            var indexes: [Int] = []
            for name in names {
                guard let index = columns.firstIndex(where: { $0.isEqualIgnoringASCIICase(to: name) }) else { return nil }
                indexes.append(index)
            }
            return indexes
        }
        if let indexes = columnIndexes(after: "NOT NULL constraint failed: ") {
            return chunk.first { offset in indexes.contains { containers[offset]._values[$0].isNull } }
        }
        if let indexes = columnIndexes(after: "UNIQUE constraint failed: ") {
            let columns = containers[chunk.first!].columns
            let condition = indexes.map { "\(columns[$0].quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
            let statement = try makeStatement(
                sql: "SELECT 1 FROM \(tableName.quotedDatabaseIdentifier) WHERE \(condition) LIMIT 1")
            var seen: Set<[DatabaseValue]> = []
            for offset in chunk {
                let key = indexes.map { containers[offset]._values[$0] }
                if key.contains(where: \.isNull) { continue }
                if !seen.insert(key).inserted { return offset }
                try statement.setArguments(StatementArguments(databaseValues: key))
                if try statement.step() {
                    statement.reset()
                    return offset
                }
            }
        }
        return nil
    }
}

extension DatabaseError {
    /// The error, naming the record of a bulk write it comes from.
    func naming(record offset: Int, of total: Int) -> DatabaseError {
        DatabaseError(
            resultCode: extendedResultCode,
            message: "record \(offset + 1) of \(total): \(message ?? "\(resultCode)")",
            sql: sql,
            arguments: arguments ?? hiddenArguments,
            publicArguments: arguments != nil)
    }
}

extension Substring {
    /// The substring without leading and trailing spaces.
    fileprivate func trimmingSpaces() -> Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
