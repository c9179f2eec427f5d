import Dispatch

// The DatabaseReader and DatabaseWriter requirements of DatabasePool that
// go beyond plain reads and writes: unisolated reads, barriers, and
// concurrent reads.

extension DatabasePool {
    /// Runs a function on a reader connection, outside of any transaction,
    /// without blocking the current task. Successive statements may see
    /// different database states.
    ///
    /// ```swift
    /// let count = try await dbPool.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let lease = try await readerPool.lease()
        defer { readerPool.release(lease) }
        return try await lease.reader.execute(value)
    }

    /// Runs a function on a reader connection, outside of any transaction,
    /// without waiting for it.
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
        readerPool.lease { [readerPool] result in
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
    }

    /// Runs a function that writes, outside of any transaction, once all
    /// reads have ended, without blocking the current task. No read starts
    /// until it is done.
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
        _ updates: @Sendable (Database) throws -> T) async throws -> T
    {
        // The writer's dispatch queue waits for the reads, not the
        // cooperative thread pool.
        try await writer.execute { [readerPool] db in
            try readerPool.withBarrier { try updates(db) }
        }
    }

    /// Runs a function that writes, outside of any transaction, once all
    /// reads have ended, without waiting for it.
    ///
    /// ```swift
    /// dbPool.asyncBarrierWriteWithoutTransaction { result in
    ///     try? result.get().execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that receives the writer
    ///   connection, or the error that prevented access.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void)
    {
        writer.async { [readerPool] db in
            do {
                try readerPool.withBarrier {
                    _ = try db.checkOpen()
                    updates(.success(db))
                }
            } catch {
                updates(.failure(error))
            }
        }
    }

    /// Runs a function that reads the database in the state left by the
    /// last transaction of the current write access, concurrently with
    /// further writes (see ``asyncConcurrentRead(_:)``).
    ///
    /// ```swift
    /// try dbPool.writeWithoutTransaction { db in
    ///     try db.execute(sql: "INSERT INTO player ...")
    ///     dbPool.spawnConcurrentRead { result in
    ///         let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: Called from inside a write access, outside of any
    ///   transaction.
    /// - Parameter value: A function that receives a connection in a
    ///   read-only transaction, or the error that prevented the read.
    public func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        asyncConcurrentRead(value)
    }

    /// Runs a function that reads the database in the state left by the
    /// last transaction of the current write access, concurrently with
    /// further writes.
    ///
    /// The method blocks the writer until a reader connection has
    /// acquired its isolated view of the database (waiting for a reader
    /// if all are busy), and then returns: the function runs later, on the
    /// reader.
    ///
    /// ```swift
    /// try dbPool.writeWithoutTransaction { db in
    ///     try db.inTransaction {
    ///         try db.execute(sql: "INSERT INTO player ...")
    ///         return .commit
    ///     }
    ///     dbPool.asyncConcurrentRead { result in
    ///         do {
    ///             let db = try result.get()
    ///             let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    ///         } catch { ... }
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: Called from inside a write access, outside of any
    ///   transaction.
    /// - Parameter value: A function that receives a connection in a
    ///   read-only transaction, or the error that prevented the read.
    public func asyncConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        checkProgrammerError(
            writer.isOnQueue,
            "asyncConcurrentRead must be called from inside a write access (writeWithoutTransaction).")
        // Only a closed writer makes this fail, and the read that follows
        // then reports the error to `value`.
        let isInsideTransaction = (try? writer.reentrantSync { $0.isInsideTransaction }) ?? false
        checkProgrammerError(!isInsideTransaction, "asyncConcurrentRead must be called outside of any transaction.")

        let lease: ReaderPool.Lease
        do {
            lease = try readerPool.lease()
        } catch {
            value(.failure(error))
            return
        }
        let isolated = DispatchSemaphore(value: 0)
        lease.reader.async { [readerPool] db in
            defer { readerPool.release(lease) }
            var isIsolated = false
            do {
                _ = try db.checkOpen()
                try db.isolatedRead { db in
                    // The first read acquires the snapshot of the last
                    // commit, while the writer waits.
                    try db.execute(sql: "SELECT 1 FROM sqlite_master LIMIT 1")
                    isIsolated = true
                    isolated.signal()
                    value(.success(db))
                }
            } catch {
                if !isIsolated {
                    isolated.signal()
                    value(.failure(error))
                }
            }
        }
        isolated.wait()
    }
}
