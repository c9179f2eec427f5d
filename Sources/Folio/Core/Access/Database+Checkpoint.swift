import CSQLite

extension Database {
    /// The kinds of WAL checkpoints.
    ///
    /// See <https://www.sqlite.org/c3ref/wal_checkpoint_v2.html>.
    public enum CheckpointMode: CInt, Sendable {
        /// Copies as many frames as possible to the database file,
        /// without waiting for readers or writers (`SQLITE_CHECKPOINT_PASSIVE`).
        case passive = 0
        /// Waits for the writer, then copies all frames, waiting for
        /// readers (`SQLITE_CHECKPOINT_FULL`).
        case full = 1
        /// Like `full`, then waits for readers so that the next writer
        /// restarts the WAL file from its beginning (`SQLITE_CHECKPOINT_RESTART`).
        case restart = 2
        /// Like `restart`, and truncates the WAL file to zero bytes
        /// (`SQLITE_CHECKPOINT_TRUNCATE`).
        case truncate = 3
    }

    /// Runs a WAL checkpoint: copies the content of the WAL file into the
    /// database file.
    ///
    /// ```swift
    /// try dbPool.writeWithoutTransaction { db in
    ///     try db.checkpoint(.truncate)
    /// }
    /// ```
    ///
    /// The `full`, `restart` and `truncate` modes wait for other
    /// connections according to the ``Configuration/busyMode``, and fail
    /// with `SQLITE_BUSY` when they could not complete.
    ///
    /// - Parameters:
    ///   - kind: The kind of checkpoint. Default: `.passive`.
    ///   - dbName: The schema to checkpoint (`main`, an attached
    ///     database), or nil for all. Default: `main`.
    /// - Returns: The number of frames in the WAL file, and the number of
    ///   frames copied into the database file (-1 and -1 when the
    ///   database is not in WAL mode).
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/c3ref/wal_checkpoint_v2.html>.
    @discardableResult
    public func checkpoint(
        _ kind: CheckpointMode = .passive,
        on dbName: String? = "main") throws
        -> (walFrameCount: Int, checkpointedFrameCount: Int)
    {
        let connection = try checkOpen()
        var walFrameCount: CInt = -1
        var checkpointedFrameCount: CInt = -1
        let code = sqlite3_wal_checkpoint_v2(connection, dbName, kind.rawValue, &walFrameCount, &checkpointedFrameCount)
        guard code == SQLITE_OK else {
            let error = DatabaseError.lastError(connection, code: code)
            throw DatabaseError(
                resultCode: error.extendedResultCode,
                message: "\(kind) checkpoint of \(dbName ?? "all databases") failed: \(error.message ?? "unknown error")")
        }
        return (Int(walFrameCount), Int(checkpointedFrameCount))
    }
}

extension DatabaseWriter {
    /// Runs a WAL checkpoint on the writer connection (see
    /// ``Database/checkpoint(_:on:)``).
    ///
    /// ```swift
    /// try dbPool.checkpoint(.truncate)
    /// ```
    ///
    /// - Parameters:
    ///   - kind: The kind of checkpoint. Default: `.passive`.
    ///   - dbName: The schema to checkpoint, or nil for all. Default:
    ///     `main`.
    /// - Returns: The number of frames in the WAL file, and the number of
    ///   frames copied into the database file.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func checkpoint(
        _ kind: Database.CheckpointMode = .passive,
        on dbName: String? = "main") throws
        -> (walFrameCount: Int, checkpointedFrameCount: Int)
    {
        try writeWithoutTransaction { db in
            try db.checkpoint(kind, on: dbName)
        }
    }
}
