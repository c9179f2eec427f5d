/// A type that gives read and write access to a database:
/// ``DatabaseQueue``, and database pools.
///
/// ```swift
/// final class AppDatabase {
///     private let dbWriter: any DatabaseWriter
///     init(_ dbWriter: any DatabaseWriter) throws {
///         self.dbWriter = dbWriter
///     }
/// }
/// ```
public protocol DatabaseWriter: DatabaseReader {
    /// Runs a function that writes, outside of any transaction, and waits
    /// for its result. Prefer ``write(_:)``, which wraps the function in a
    /// transaction.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`.
    func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, and waits for its result.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, without blocking the current task.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    func barrierWriteWithoutTransaction<T: Sendable>(
        _ updates: @Sendable (Database) throws -> T) async throws -> T

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, without waiting for it.
    ///
    /// - Parameter updates: A function that receives the writer
    ///   connection, or the error that prevented access.
    func asyncBarrierWriteWithoutTransaction(_ updates: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs a function that reads the database in the state left by the
    /// last transaction of the current write access, concurrently with
    /// further writes when possible. Must be called from inside a write
    /// access, outside of any transaction.
    ///
    /// - Parameter value: A function that receives a connection in a
    ///   read-only transaction, or the error that prevented the read.
    func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs a function that writes, outside of any transaction, without
    /// waiting for it.
    ///
    /// - Parameter updates: A function that writes.
    func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void)

    /// Runs a function that writes, allowing calls from inside another
    /// database access.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`.
    func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T

    /// Runs a function that writes in a transaction, without blocking the
    /// current task (see ``write(_:)``).
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T

    /// Runs a function that writes, outside of any transaction, without
    /// blocking the current task.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T
}

extension DatabaseWriter {
    /// Runs a function that writes in a transaction, and waits for its
    /// result. The transaction commits when the function returns, and
    /// rolls back when it throws.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
    ///     try db.execute(sql: "UPDATE team SET size = size + 1")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction { db in
            try db.inTransactionReturning(updates)
        }
    }

    /// Runs a function that writes in a transaction, without waiting for
    /// it.
    ///
    /// - Parameters:
    ///   - updates: A function that writes.
    ///   - completion: A function that receives the connection, and the
    ///     result of `updates`.
    public func asyncWrite<T>(
        _ updates: @escaping @Sendable (Database) throws -> T,
        completion: @escaping @Sendable (Database, Result<T, any Error>) -> Void)
    {
        asyncWriteWithoutTransaction { db in
            do {
                let value = try db.inTransactionReturning(updates)
                completion(db, .success(value))
            } catch {
                completion(db, .failure(error))
            }
        }
    }
}

extension Database {
    /// Runs a function in a transaction (or a savepoint when a transaction
    /// is already open), and returns its result.
    func inTransactionReturning<T>(_ updates: (Database) throws -> T) throws -> T {
        if isInsideTransaction {
            return try inSavepointReturning(updates)
        }
        return try inTransaction(nil, returning: { try updates(self) }, completion: { _ in .commit })
    }

    /// Runs a function in a savepoint, and returns its result.
    ///
    /// Out of line: its `T?` needs the type metadata of the optional,
    /// which an unspecialized caller looks up at each call, even when it
    /// does not take this path.
    @inline(never)
    private func inSavepointReturning<T>(_ updates: (Database) throws -> T) throws -> T {
        var result: T?
        try inSavepoint {
            result = try updates(self)
            return .commit
        }
        return result!
    }

    /// Runs a function in read-only mode, in a deferred transaction so that
    /// all its reads see the same database state.
    func isolatedRead<T>(_ value: (Database) throws -> T) throws -> T {
        try readOnly {
            if isInsideTransaction {
                return try value(self)
            }
            try beginTransaction(.deferred)
            let result: T
            do {
                result = try value(self)
            } catch {
                // The error of `value` is the one the caller needs.
                try? rollback()
                throw error
            }
            // A read transaction that can not end would give the next
            // read a stale snapshot: its error matters.
            try rollback()
            return result
        }
    }
}
