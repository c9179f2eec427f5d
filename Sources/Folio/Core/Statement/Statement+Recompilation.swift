import CSQLite

// A statement that SQLite compiled again, after another connection changed
// the schema, reads its columns again before its first row is handed out.

extension Statement {
    /// Reads the columns again when SQLite has compiled the statement
    /// again since they were read. Called once per run, after its first
    /// step (by the cursors, and so by every fetch method), before a row
    /// is handed out.
    ///
    /// SQLite compiles a statement again, at its first step, when the
    /// schema changed since it was compiled: when another connection
    /// (another ``DatabaseQueue`` on the same file, the writer of a
    /// ``DatabasePool``) dropped, added or renamed columns, the result
    /// columns of a `SELECT *` change. The count, the names and what is
    /// derived from them (look-up tables, the decoding plans of the layer
    /// slot) follow. This connection's own schema changes empty the
    /// statement cache instead (see
    /// ``Database/statementWillChangeSchema(_:)``).
    ///
    /// The schema cache is checked again before its next use, since
    /// another connection may have changed the schema.
    ///
    /// - Returns: Whether the columns changed: rows and layouts built
    ///   for this run before the first step must be built again.
    @inline(__always)
    func refreshColumnsIfRecompiled() -> Bool {
        let count = sqlite3_stmt_status(sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        if count == knownRecompilationCount { return false }
        return statementWasRecompiled(count)
    }

    /// See ``refreshColumnsIfRecompiled()``. Out of line: it runs after
    /// schema changes only.
    @inline(never)
    private func statementWasRecompiled(_ recompilationCount: CInt) -> Bool {
        knownRecompilationCount = recompilationCount
        database.schemaMayHaveChanged = true
        let names = readColumnNames()
        // A recompilation may keep the columns: SQLite also compiles
        // again for new arguments of some statements, and for schema
        // changes that do not touch the columns of this one.
        if names.count == storedColumnCount,
           zip(names, columnNames).allSatisfy({ $0.hasSameUTF8(as: $1) })
        {
            return false
        }
        storedColumnCount = names.count
        columnNames = names
        let previousDuplicates = Row.previousDuplicateIndexes(names)
        _previousDuplicateIndexes = previousDuplicates
        hasDuplicateColumnNames = previousDuplicates.contains { $0 >= 0 }
        caseInsensitiveColumnIndexes = Statement.caseInsensitiveIndexes(names)
        columnLookupHint = 0
        layerSlot.empty(owner: self)
        return true
    }
}
