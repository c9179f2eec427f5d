extension DatabaseReader {
    /// Runs a function with a connection, outside of any transaction,
    /// without waiting for it. Successive statements may see different
    /// database states.
    ///
    /// ```swift
    /// dbPool.asyncUnsafeRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented access.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        switch self {
        case let pool as DatabasePool:
            pool.readerPool.lease { [readerPool = pool.readerPool] result in
                switch result {
                case .failure(let error):
                    value(.failure(error))
                case .success(let lease):
                    lease.reader.async { db in
                        defer { readerPool.release(lease) }
                        value(Result { _ = try db.checkOpen(); return db })
                    }
                }
            }
        case let queue as DatabaseQueue:
            queue.writer.async { db in
                value(Result { _ = try db.checkOpen(); return db })
            }
        default:
            asyncRead(value)
        }
    }

    /// Runs a function with a connection, outside of any transaction,
    /// without blocking the current task.
    ///
    /// ```swift
    /// let count = try await dbPool.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// Cancelling the task interrupts the statement that runs, and throws
    /// `CancellationError`.
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func unsafeRead<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        switch self {
        case let pool as DatabasePool:
            try Task.checkCancellation()
            let lease = try await pool.readerPool.lease()
            defer { pool.readerPool.release(lease) }
            return try await lease.reader.execute(value)
        case let queue as DatabaseQueue:
            return try await queue.writer.execute(value)
        default:
            return try await read(value)
        }
    }
}

extension DatabaseWriter {
    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, without blocking the current task (see
    /// the synchronous `barrierWriteWithoutTransaction`).
    ///
    /// ```swift
    /// try await dbPool.barrierWriteWithoutTransaction { db in
    ///     try db.execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func barrierWriteWithoutTransaction<T: Sendable>(
        _ updates: @escaping @Sendable (Database) throws -> T) async throws -> T
    {
        if let pool = self as? DatabasePool {
            return try await pool.writer.execute { [readerPool = pool.readerPool] db in
                try readerPool.withBarrier { try updates(db) }
            }
        }
        return try await writeWithoutTransaction(updates)
    }

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, without waiting for it.
    ///
    /// ```swift
    /// dbPool.asyncBarrierWriteWithoutTransaction { result in
    ///     guard let db = try? result.get() else { return }
    ///     try? db.execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that receives the writer
    ///   connection, or the error that prevented access.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void)
    {
        if let pool = self as? DatabasePool {
            pool.writer.async { [readerPool = pool.readerPool] db in
                do {
                    try readerPool.withBarrier {
                        _ = try db.checkOpen()
                        updates(.success(db))
                    }
                } catch {
                    updates(.failure(error))
                }
            }
            return
        }
        asyncWriteWithoutTransaction { db in
            updates(Result { _ = try db.checkOpen(); return db })
        }
    }
}
