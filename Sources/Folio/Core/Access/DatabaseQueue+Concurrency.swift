// The DatabaseReader and DatabaseWriter requirements whose behavior is
// trivial on a queue: with a single connection, there are no concurrent
// reads to wait for, and a "concurrent" read runs at once.

extension DatabaseQueue {
    /// Runs a function with the connection, outside of any transaction,
    /// without blocking the current task.
    ///
    /// ```swift
    /// let count = try await dbQueue.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.execute(value)
    }

    /// Runs a function with the connection, outside of any transaction,
    /// without waiting for it.
    ///
    /// ```swift
    /// dbQueue.asyncUnsafeRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives the connection, or the
    ///   error that prevented access.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        writer.async { db in
            value(Result { _ = try db.checkOpen(); return db })
        }
    }

    /// Runs a function that writes, outside of any transaction, without
    /// blocking the current task (a queue has no concurrent reads to wait
    /// for).
    ///
    /// ```swift
    /// try await dbQueue.barrierWriteWithoutTransaction { db in
    ///     try db.execute(sql: "VACUUM")
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
        try await writer.execute(updates)
    }

    /// Runs a function that writes, outside of any transaction, without
    /// waiting for it.
    ///
    /// ```swift
    /// dbQueue.asyncBarrierWriteWithoutTransaction { result in
    ///     try? result.get().execute(sql: "VACUUM")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that receives the connection, or
    ///   the error that prevented access.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void)
    {
        writer.async { db in
            updates(Result { _ = try db.checkOpen(); return db })
        }
    }

    /// Runs a function that reads the database in the state left by the
    /// current write access. On a queue, it runs at once, in a read-only
    /// transaction.
    ///
    /// ```swift
    /// try dbQueue.writeWithoutTransaction { db in
    ///     try db.execute(sql: "INSERT INTO player ...")
    ///     dbQueue.spawnConcurrentRead { result in
    ///         let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: Called from inside a write access, outside of any
    ///   transaction.
    /// - Parameter value: A function that receives the connection, or the
    ///   error that prevented the read.
    public func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        checkProgrammerError(
            writer.isOnQueue,
            "spawnConcurrentRead must be called from inside a write access (writeWithoutTransaction).")
        do {
            try writer.reentrantSync { db in
                checkProgrammerError(!db.isInsideTransaction, "spawnConcurrentRead must be called outside of any transaction.")
                try db.isolatedRead { db in value(.success(db)) }
            }
        } catch {
            value(.failure(error))
        }
    }
}
