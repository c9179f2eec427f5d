import Dispatch

extension DatabaseWriter {
    /// Runs a function that reads the database in the state left by the
    /// last transaction of the current write access, without blocking
    /// other writes.
    ///
    /// It must be called from inside a write access, outside of any
    /// transaction. It returns once the read has its isolated view of the
    /// database; the function then runs concurrently with further writes
    /// (on a ``DatabasePool``), or at once (on a ``DatabaseQueue``).
    ///
    /// ```swift
    /// try dbPool.writeWithoutTransaction { db in
    ///     try db.inTransaction {
    ///         try db.execute(sql: "INSERT INTO player ...")
    ///         return .commit
    ///     }
    ///     dbPool.spawnConcurrentRead { result in
    ///         // Sees the inserted player, whatever happens next
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
        switch self {
        case let pool as DatabasePool:
            pool.asyncConcurrentRead(value)
        case let queue as DatabaseQueue:
            precondition(
                queue.writer.isOnQueue,
                "spawnConcurrentRead must be called from inside a write access (writeWithoutTransaction).")
            Self.runIsolatedRead(value) { try queue.writer.reentrantSync($0) }
        default:
            Self.runIsolatedRead(value) { try unsafeReentrantRead($0) }
        }
    }

    /// Returns the future result of a function that reads the database in
    /// the state left by the last transaction of the current write access
    /// (see ``spawnConcurrentRead(_:)``).
    ///
    /// ```swift
    /// let future = try dbPool.writeWithoutTransaction { db in
    ///     try db.execute(sql: "DELETE FROM player")
    ///     return dbPool.concurrentRead { db in
    ///         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    ///     }
    /// }
    /// let count = try future.wait() // 0
    /// ```
    ///
    /// - Precondition: Called from inside a write access, outside of any
    ///   transaction.
    /// - Parameter value: A function that reads.
    /// - Returns: The future result of `value`.
    public func concurrentRead<T: Sendable>(
        _ value: @escaping @Sendable (Database) throws -> T) -> DatabaseFuture<T>
    {
        let future = DatabaseFuture<T>()
        spawnConcurrentRead { result in
            future.fulfill(Result { try value(result.get()) })
        }
        return future
    }

    private static func runIsolatedRead(
        _ value: @escaping (Result<Database, any Error>) -> Void,
        access: ((Database) throws -> Void) throws -> Void)
    {
        do {
            try access { db in
                precondition(
                    !db.isInsideTransaction,
                    "spawnConcurrentRead must be called outside of any transaction.")
                try db.isolatedRead { db in value(.success(db)) }
            }
        } catch {
            value(.failure(error))
        }
    }
}

extension DatabasePool {
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
        precondition(
            writer.isOnQueue,
            "asyncConcurrentRead must be called from inside a write access (writeWithoutTransaction).")
        let isInsideTransaction = (try? writer.reentrantSync { $0.isInsideTransaction }) ?? false
        precondition(!isInsideTransaction, "asyncConcurrentRead must be called outside of any transaction.")

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
