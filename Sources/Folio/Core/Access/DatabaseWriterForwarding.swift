/// A ``DatabaseWriter`` that forwards each access to the writer it wraps:
/// the one implementation of the writes of ``AnyDatabaseWriter``, and of
/// the writes that FolioDqlite's `DqliteDatabase` does not retry (its
/// wrapped writer is its local connection). Its reads are those of
/// ``_DatabaseReaderForwarding``, with the wrapped writer as the wrapped
/// reader.
///
/// GRDB has no such API: it is public only because the members that it
/// implements for the writers that adopt it are, and because the FolioDqlite
/// product adopts it; its underscore keeps it out of the documented API.
/// Do not adopt it.
public protocol _DatabaseWriterForwarding: DatabaseWriter, _DatabaseReaderForwarding {
    /// The writer that receives each access.
    var _forwardedWriter: any DatabaseWriter { get }
}

extension _DatabaseWriterForwarding {
    /// The wrapped writer, which receives each read too.
    public var _forwardedReader: any DatabaseReader { _forwardedWriter }

    // MARK: - Writes

    /// Runs a function that writes, outside of any transaction, with the
    /// wrapped writer (see `DatabaseWriter/writeWithoutTransaction(_:)`).
    ///
    /// ```swift
    /// try writer.writeWithoutTransaction { db in
    ///     try db.execute(sql: "PRAGMA user_version = 2")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try _forwardedWriter.writeWithoutTransaction(updates)
    }

    /// Runs a function that writes, outside of any transaction, without
    /// blocking the current task, with the wrapped writer.
    ///
    /// ```swift
    /// try await writer.writeWithoutTransaction { db in
    ///     try db.execute(sql: "PRAGMA user_version = 2")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await _forwardedWriter.writeWithoutTransaction(updates)
    }

    /// Runs a function that writes, outside of any transaction, without
    /// waiting for it, with the wrapped writer.
    ///
    /// ```swift
    /// writer.asyncWriteWithoutTransaction { db in
    ///     try? db.execute(sql: "DELETE FROM log")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        _forwardedWriter.asyncWriteWithoutTransaction(updates)
    }

    /// Runs a function that writes in a transaction, without blocking the
    /// current task, with the wrapped writer.
    ///
    /// ```swift
    /// try await writer.write { db in
    ///     try db.execute(sql: "DELETE FROM player")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await _forwardedWriter.write(updates)
    }

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, with the wrapped writer.
    ///
    /// ```swift
    /// try writer.barrierWriteWithoutTransaction { db in
    ///     try db.execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/wal.html>.
    public func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try _forwardedWriter.barrierWriteWithoutTransaction(updates)
    }

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, without blocking the current task, with the wrapped
    /// writer.
    ///
    /// ```swift
    /// try await writer.barrierWriteWithoutTransaction { db in
    ///     try db.execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    ///
    /// See <https://www.sqlite.org/wal.html>.
    public func barrierWriteWithoutTransaction<T: Sendable>(
        _ updates: @Sendable (Database) throws -> T) async throws -> T
    {
        try await _forwardedWriter.barrierWriteWithoutTransaction(updates)
    }

    /// Runs a function that writes, outside of any transaction, once no
    /// read runs, without waiting for it, with the wrapped writer.
    ///
    /// ```swift
    /// writer.asyncBarrierWriteWithoutTransaction { result in
    ///     try? result.get().execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that receives the writer
    ///   connection, or the error that prevented access.
    ///
    /// See <https://www.sqlite.org/wal.html>.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void)
    {
        _forwardedWriter.asyncBarrierWriteWithoutTransaction(updates)
    }

    /// Runs a function that writes, allowing calls from inside another
    /// access to the wrapped writer.
    ///
    /// ```swift
    /// try writer.write { db in
    ///     try writer.unsafeReentrantWrite { db in
    ///         try db.execute(sql: "DELETE FROM log")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try _forwardedWriter.unsafeReentrantWrite(updates)
    }

    /// Runs a function that reads the database in the state left by the
    /// current write access of the wrapped writer (see
    /// ``DatabaseWriter/spawnConcurrentRead(_:)``).
    ///
    /// ```swift
    /// try writer.writeWithoutTransaction { db in
    ///     try db.execute(sql: "INSERT INTO player ...")
    ///     writer.spawnConcurrentRead { result in
    ///         let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: Called from inside a write access, outside of any
    ///   transaction.
    /// - Parameter value: A function that receives a connection in a
    ///   read-only transaction, or the error that prevented the read.
    ///
    /// See <https://www.sqlite.org/wal.html>.
    public func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        _forwardedWriter.spawnConcurrentRead(value)
    }
}
