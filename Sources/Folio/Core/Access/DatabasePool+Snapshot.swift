extension DatabasePool {
    /// Creates a snapshot of the database: a read-only connection that sees
    /// the database content as it is now, whatever the writes that happen
    /// afterwards (see ``DatabaseSnapshot``).
    ///
    /// ```swift
    /// let snapshot = try dbPool.makeSnapshot()
    /// try dbPool.write { db in
    ///     try db.execute(sql: "DELETE FROM player")
    /// }
    /// // Still sees the deleted players
    /// let count = try snapshot.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// To control the content of the snapshot, create it from a write
    /// access, outside of any transaction: it sees the last transaction
    /// committed by the write.
    ///
    /// ```swift
    /// let snapshot = try dbPool.writeWithoutTransaction { db -> DatabaseSnapshot in
    ///     try db.inTransaction {
    ///         try db.execute(sql: "DELETE FROM player")
    ///         return .commit
    ///     }
    ///     return try dbPool.makeSnapshot() // sees no player
    /// }
    /// ```
    ///
    /// The snapshot is a connection of its own, configured as the readers
    /// of the pool (with the functions and collations of
    /// ``Configuration/prepareDatabase(_:)``). It does not count in
    /// ``Configuration/maximumReaderCount``.
    ///
    /// - Returns: A snapshot.
    /// - Throws: A ``DatabaseError`` when the pool is closed, when the
    ///   connection can not be opened, or when it is called from inside a
    ///   transaction of the writer (whose changes the snapshot could not
    ///   see).
    ///
    /// See <https://www.sqlite.org/isolation.html> and
    /// <https://www.sqlite.org/wal.html>.
    public func makeSnapshot() throws -> DatabaseSnapshot {
        if writer.isOnQueue, try writer.reentrantSync({ $0.isInsideTransaction }) {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "makeSnapshot() must not be called from inside a transaction")
        }
        if readerPool.isClosed {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database pool is closed")
        }
        var snapshotConfiguration = configuration
        snapshotConfiguration.journalMode = .default
        snapshotConfiguration.label = "\(configuration.label ?? "GRDB.DatabasePool").snapshot"
        return try DatabaseSnapshot(path: path, configuration: snapshotConfiguration)
    }
}
