// The local copy of the remote schema, against which a connection attached
// to a remote engine prepares its statements.

extension RemoteConnection {
    /// Replaces the local schema with a copy of the remote one: the
    /// `sqlite_master` rows of the remote, created locally in order.
    /// Tables that exist already when their turn comes (the shadow tables
    /// that a virtual table created) and SQLite's internal objects are
    /// skipped.
    ///
    /// Runs while the connection is not attached (statements run locally).
    func copySchema() throws {
        let result = try executor.executeRemotely(RemoteStatementRequest(
            sql: "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid",
            arguments: [],
            returnsRows: true,
            isReadOnly: true,
            isTransactionControl: false))
        guard result.columnNames.count == 3, result.values.count % 3 == 0 else {
            throw DatabaseError(
                resultCode: .SQLITE_PROTOCOL,
                message: "the remote database returned \(result.columnNames.count) columns for its schema, instead of 3")
        }
        try dropLocalSchema()
        var index = 0
        while index < result.values.count {
            let type = String.fromDatabaseValue(result.values[index]) ?? ""
            let name = String.fromDatabaseValue(result.values[index + 1]) ?? ""
            let sql = String.fromDatabaseValue(result.values[index + 2]) ?? ""
            index += 3
            if name.lowercased().hasPrefix("sqlite_") { continue }
            if type == "table", try localObjectExists(name) { continue }
            do {
                try database.execute(sql: sql)
            } catch let error as DatabaseError {
                throw DatabaseError(
                    resultCode: error.extendedResultCode,
                    message: "the \(type) \(name) of the remote database can not be copied locally: \(error.message ?? "")",
                    sql: sql)
            }
        }
    }

    /// Drops the local schema objects, in the order of their creation: a
    /// virtual table drops its shadow tables before their turn comes.
    private func dropLocalSchema() throws {
        let rows = try Row.fetchAll(
            database,
            sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
        for row in rows {
            let type = String.fromDatabaseValue(row[0] as DatabaseValue) ?? ""
            let name = String.fromDatabaseValue(row[1] as DatabaseValue) ?? ""
            switch type {
            case "view": try database.execute(sql: "DROP VIEW IF EXISTS \(name.quotedDatabaseIdentifier)")
            case "trigger": try database.execute(sql: "DROP TRIGGER IF EXISTS \(name.quotedDatabaseIdentifier)")
            case "table": try database.execute(sql: "DROP TABLE IF EXISTS \(name.quotedDatabaseIdentifier)")
            default: break // indexes go with their tables
            }
        }
    }

    private func localObjectExists(_ name: String) throws -> Bool {
        try Bool.fetchOne(
            database,
            sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = ? COLLATE NOCASE)",
            arguments: [name]) ?? false
    }
}
