import Foundation

/// A connection to a database, with serialized access: one read or write at
/// a time, in the order they are asked.
///
/// ```swift
/// // A database file
/// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite")
///
/// // An in-memory database, for tests and previews
/// let dbQueue = try DatabaseQueue()
///
/// try dbQueue.write { db in
///     try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
/// }
/// let names = try dbQueue.read { db in
///     try String.fetchAll(db, sql: "SELECT name FROM player")
/// }
/// ```
///
/// `DatabaseQueue` is `Sendable`: share one instance per database file in
/// your application. The ``Database`` connection handed to the closures
/// must not escape them.
///
/// Access methods are not reentrant: calling `read` or `write` from inside
/// another access to the same queue is a programmer error that stops the
/// program with an explicit message (use ``unsafeReentrantRead(_:)`` or
/// ``unsafeReentrantWrite(_:)`` where reentrancy is needed).
///
/// ## Topics
/// - ``init(path:configuration:)``
/// - ``init(named:configuration:)``
/// - ``write(_:)``
/// - ``inDatabase(_:)``
public final class DatabaseQueue: DatabaseWriter {
    let writer: SerializedDatabase

    /// The watch of the commits of other connections, when the
    /// configuration observes them and the database is a file
    /// (`DatabaseWriter+ExternalChanges.swift`).
    let externalChangeWatcher: ExternalChangeWatcher?

    /// The configuration of the connection.
    public var configuration: Configuration { writer.configuration }

    /// The path of the database file, or the URI of an in-memory database.
    public var path: String { writer.path }

    /// Opens a database file, creating it if needed (unless the
    /// configuration is read-only).
    ///
    /// - Parameters:
    ///   - path: The path of the database file.
    ///   - configuration: The connection options.
    /// - Throws: A ``DatabaseError`` when the file can not be opened, or
    ///   when the path contains a NUL character (SQLite would open the
    ///   file named by the part before it).
    public init(path: String, configuration: Configuration = Configuration()) throws {
        writer = try SerializedDatabase(path: path, configuration: configuration, defaultLabel: "GRDB.DatabaseQueue",
            syncsOnCallingThread: true)
        externalChangeWatcher = configuration.observesExternalChanges && ExternalChangeWatcher.isFilePath(path)
            ? ExternalChangeWatcher(path: path, writer: writer)
            : nil
    }

    /// Opens an in-memory database.
    ///
    /// Unnamed databases are private to the queue. Named databases are
    /// shared by all queues opened with the same name, as long as one of
    /// them is open.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue()
    /// let shared1 = try DatabaseQueue(named: "cache")
    /// let shared2 = try DatabaseQueue(named: "cache") // same database
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name, or nil for a private database.
    ///   - configuration: The connection options.
    /// - Throws: A ``DatabaseError``, also when the name contains a NUL
    ///   character.
    public init(named name: String? = nil, configuration: Configuration = Configuration()) throws {
        let path: String
        if let name {
            // SQLite ignores the rest of a URI component after "%00": the
            // name would open the database of its prefix.
            if name.utf8.contains(0) {
                throw DatabaseError(
                    resultCode: .SQLITE_CANTOPEN,
                    message: "could not open the in-memory database named \(String(reflecting: name)): the name contains a NUL character")
            }
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
            path = "file:\(encoded)?mode=memory&cache=shared"
        } else {
            path = ":memory:"
        }
        writer = try SerializedDatabase(path: path, configuration: configuration, defaultLabel: "GRDB.DatabaseQueue",
            syncsOnCallingThread: true)
        // In-memory databases have no other connection to hear from.
        externalChangeWatcher = nil
    }

    /// Closes the connection. Later accesses throw a ``DatabaseError``.
    ///
    /// When a statement or a cursor of the application is still alive,
    /// SQLite refuses to close the connection: this method then throws a
    /// ``DatabaseError`` with the code `SQLITE_BUSY` ("unable to close due
    /// to unfinalized statements or unfinished backups"), and gives the
    /// diagnostic to ``Database/logError``. The connection is then a
    /// zombie: later accesses throw, and SQLite closes it when the last
    /// statement is deallocated.
    ///
    /// - Throws: A ``DatabaseError``.
    public func close() throws {
        externalChangeWatcher?.close()
        try writer.closeReportingLiveStatements()
    }

    /// Interrupts the statement that runs, which fails with
    /// `SQLITE_INTERRUPT`. Safe to call from any thread.
    public func interrupt() {
        writer.interrupt()
    }

    /// Runs a function with the connection, outside of any transaction,
    /// and waits for its result.
    ///
    /// ```swift
    /// try dbQueue.inDatabase { db in
    ///     try db.execute(sql: "PRAGMA user_version = 2")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func inDatabase<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.rethrowingSync(updates)
    }

    /// Runs a function in a transaction, and waits for it: the transaction
    /// commits when the function returns `.commit`, and rolls back when it
    /// returns `.rollback` or throws.
    ///
    /// ```swift
    /// try dbQueue.inTransaction { db in
    ///     try db.execute(sql: "INSERT INTO credit ...")
    ///     try db.execute(sql: "INSERT INTO debit ...")
    ///     return .commit
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside another access to the queue.
    /// - Parameters:
    ///   - kind: The kind of transaction, or nil for the configuration's
    ///     ``Configuration/defaultTransactionKind``.
    ///   - updates: A function that writes, and says how the transaction
    ///     ends.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func inTransaction(
        _ kind: Database.TransactionKind? = nil,
        _ updates: (Database) throws -> Database.TransactionCompletion) throws
    {
        try writer.sync { db in
            try db.inTransaction(kind) { try updates(db) }
        }
    }

    /// Runs a function that reads, in read-only mode and in a transaction,
    /// and waits for its result.
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``
    ///   (`SQLITE_READONLY` when the function writes).
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        try writer.sync { db in try db.isolatedRead(value) }
    }

    /// Runs a function that reads, without blocking the current task.
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.execute { db in try db.isolatedRead(value) }
    }

    /// Runs a function that reads, without waiting for it.
    ///
    /// - Parameter value: A function that receives the connection in
    ///   read-only mode, or an error.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        writer.async { db in
            do {
                _ = try db.checkOpen()
                try db.isolatedRead { db in value(.success(db)) }
            } catch {
                value(.failure(error))
            }
        }
    }

    /// Runs a function with the connection, without read-only mode nor
    /// transaction.
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    public func unsafeRead<T>(_ value: (Database) throws -> T) rethrows -> T {
        try writer.rethrowingSync(value)
    }

    /// Like ``unsafeRead(_:)-xagh``, but may be called from inside another
    /// access to this queue.
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) rethrows -> T {
        try writer.rethrowingReentrantSync(value)
    }

    /// Runs a function that writes, outside of any transaction.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.rethrowingSync(updates)
    }

    /// Runs a function that writes, outside of any transaction (a queue
    /// has no concurrent reads to wait for).
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try writer.sync(updates)
    }

    /// Runs a function that writes, outside of any transaction, without
    /// waiting for it.
    ///
    /// - Parameter updates: A function that writes.
    public func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        writer.async(updates)
    }

    /// Runs a function that writes, allowing calls from inside another
    /// access to this queue.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.rethrowingReentrantSync(updates)
    }

    /// Runs a function that writes in a transaction, without blocking the
    /// current task.
    ///
    /// ```swift
    /// try await dbQueue.write { db in
    ///     try db.execute(sql: "DELETE FROM player")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.executeWrite(updates)
    }

    /// Runs a function that writes, outside of any transaction, without
    /// blocking the current task.
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.execute(updates)
    }
}
