import Dispatch

/// The future result of a concurrent read, returned by
/// ``DatabaseWriter/concurrentRead(_:)``.
///
/// ```swift
/// let future: DatabaseFuture<Int> = try dbPool.writeWithoutTransaction { db in
///     try db.execute(sql: "INSERT INTO player ...")
///     return dbPool.concurrentRead { db in
///         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
///     }
/// }
/// let count = try future.wait()
/// ```
public final class DatabaseFuture<Value: Sendable>: Sendable {
    private let result = Synchronized<Result<Value, any Error>?>(nil)
    private let semaphore = DispatchSemaphore(value: 0)

    init() { }

    /// Fulfills the future. Called once.
    func fulfill(_ result: Result<Value, any Error>) {
        self.result.withLock { $0 = result }
        semaphore.signal()
    }

    /// Blocks the current thread until the read is done, and returns its
    /// result.
    ///
    /// ```swift
    /// let count = try future.wait()
    /// ```
    ///
    /// - Returns: The value returned by the read.
    /// - Throws: The error thrown by the read.
    public func wait() throws -> Value {
        if let result = result.withLock({ $0 }) {
            return try result.get()
        }
        semaphore.wait()
        // Let other callers of wait() through.
        semaphore.signal()
        return try result.withLock { $0! }.get()
    }
}

extension DatabaseWriter {
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
}
