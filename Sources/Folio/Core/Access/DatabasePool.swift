import CSQLite
import Dispatch

/// A database connection that allows concurrent reads and writes, thanks
/// to the SQLite [WAL mode](https://www.sqlite.org/wal.html).
///
/// ```swift
/// let dbPool = try DatabasePool(path: "/path/to/db.sqlite")
///
/// try dbPool.write { db in
///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
/// }
/// let count = try dbPool.read { db in
///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
/// }
/// let names = try await dbPool.read { db in
///     try String.fetchAll(db, sql: "SELECT name FROM player")
/// }
/// ```
///
/// Share one `DatabasePool` per database file in your application:
/// applications that only need a `DatabaseWriter` can use a pool on disk,
/// and an in-memory ``DatabaseQueue`` in tests.
///
/// ## Concurrency
///
/// A pool opens one writer connection, and up to
/// ``Configuration/maximumReaderCount`` reader connections (5 by default),
/// on demand.
///
/// - The database is set to WAL mode when the pool opens, and the pool
///   checks that SQLite did (unless ``Configuration/readonly``).
/// - Writes run one at a time, on the writer connection.
///   ``DatabaseWriter/write(_:)`` wraps them in an `IMMEDIATE`
///   transaction, so that they do not fail with `SQLITE_BUSY` when another
///   connection (another pool or process) writes: with a
///   ``Configuration/busyMode`` timeout, they wait instead. The busy mode
///   applies to all connections of the pool. With the default
///   `.immediateError`, the writer still waits up to 0.1 second for the
///   lock: a reader that reads the WAL index while the writer updates it
///   takes the write lock for an instant, and that must not fail a write.
/// - Reads run in parallel, each on its own reader connection, in a
///   deferred transaction: a read sees the database in the state of the
///   last commit before its first statement, and nothing of the writes
///   that happen meanwhile. It never sees half a transaction, and never
///   waits for the writer. When all readers are busy, reads wait for one.
/// - Reader connections refuse writes (`PRAGMA query_only`), even in
///   ``unsafeRead(_:)-5wvl2``.
/// - ``barrierWriteWithoutTransaction(_:)-3kqet`` waits for current reads to
///   end, and delays new reads until it is done.
///
/// ## Reentrancy
///
/// Access methods are not reentrant. Calling `read`, `write`, or
/// `writeWithoutTransaction` from inside a database access of the same
/// pool (a `write` inside a `write`, a `read` inside a `write`, a `write`
/// inside a `read`...) would deadlock or break isolation: it is a
/// programmer error, and stops the program with an explicit message
/// instead. Use ``unsafeReentrantRead(_:)`` and
/// ``unsafeReentrantWrite(_:)`` where reentrancy is needed.
///
/// ## Snapshots
///
/// ``makeSnapshot()`` returns a ``DatabaseSnapshot``: a connection that
/// sees the database as it was when the snapshot was made, while the pool
/// goes on writing. Debian's SQLite is built without
/// `SQLITE_ENABLE_SNAPSHOT`: GRDB's snapshot pools, which need it
/// (`DatabaseSnapshotPool`, `makeSnapshotPool()`), are not available. To
/// read the state left by a write without blocking other writes, you can
/// also use ``asyncConcurrentRead(_:)``. Without SQLite's snapshot API,
/// ``ValueObservation`` detects the changes that happen while it starts by
/// tracking commits instead.
///
/// In-memory databases can not be shared by a pool: open
/// ``DatabaseQueue`` instead.
///
/// ## Topics
/// - ``init(path:configuration:)``
/// - ``read(_:)-i5sp``
/// - ``writeInTransaction(_:_:)``
/// - ``barrierWriteWithoutTransaction(_:)-3kqet``
/// - ``asyncConcurrentRead(_:)``
/// - ``makeSnapshot()``
/// - ``releaseMemory()``
/// - ``releaseMemoryEventually()``
/// - ``invalidateReadOnlyConnections()``
/// - ``close()``
public final class DatabasePool: DatabaseWriter {
    let writer: SerializedDatabase

    /// The watch of the commits of other connections, when the
    /// configuration observes them (`DatabaseWriter+ExternalChanges.swift`).
    let externalChangeWatcher: ExternalChangeWatcher?
    let readerPool: ReaderPool

    /// Identifies the queues of the pool's connections, to detect
    /// reentrant accesses (see ``AccessKeys``).
    private let accessIdentifier = AccessKeys.makeIdentifier()

    /// The configuration of the pool.
    ///
    /// ```swift
    /// let count = dbPool.configuration.maximumReaderCount
    /// ```
    public var configuration: Configuration { poolConfiguration }

    /// The configuration given to ``init(path:configuration:)``.
    private let poolConfiguration: Configuration

    /// The path of the database file.
    public var path: String { writer.path }

    /// Opens a database file, creating it if needed (unless the
    /// configuration is read-only), and sets WAL mode.
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.busyMode = .timeout(5)
    /// config.maximumReaderCount = 3
    /// let dbPool = try DatabasePool(path: "/path/to/db.sqlite", configuration: config)
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path of the database file.
    ///   - configuration: The connection options.
    /// - Throws: A ``DatabaseError`` when the file can not be opened, when
    ///   the path contains a NUL character, when WAL mode can not be set,
    ///   or when `maximumReaderCount` is not positive.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        guard configuration.maximumReaderCount > 0 else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "invalid maximumReaderCount \(configuration.maximumReaderCount): a DatabasePool needs at least one reader")
        }
        self.poolConfiguration = configuration
        let label = configuration.label ?? "GRDB.DatabasePool"

        var writerConfiguration = configuration
        writerConfiguration.label = "\(label).writer"
        if !configuration.readonly {
            writerConfiguration.journalMode = .wal
            if writerConfiguration.writeTransactionKind == .deferred {
                // A deferred write transaction that reads first can not
                // wait for another writer: it fails with SQLITE_BUSY.
                writerConfiguration.writeTransactionKind = .immediate
            }
            if case .immediateError = writerConfiguration.busyMode {
                // A reader that reads the WAL index header while the
                // writer updates it takes the write lock for an instant,
                // to check the header: the writer waits for it instead
                // of failing.
                writerConfiguration.busyMode = .timeout(Self.readerLockTimeout)
            }
        }
        // Opening the writer first sets WAL mode in the database header,
        // even for a new empty file, before any reader opens.
        writer = try SerializedDatabase(
            path: path, configuration: writerConfiguration, defaultLabel: label,
            accessGroup: accessIdentifier, syncsOnCallingThread: true)
        externalChangeWatcher = configuration.observesExternalChanges
            ? ExternalChangeWatcher(path: path, writer: writer)
            : nil

        let readerConfiguration = {
            var readerConfiguration = configuration
            readerConfiguration.journalMode = .default
            return readerConfiguration
        }()
        let accessIdentifier = self.accessIdentifier
        readerPool = ReaderPool(maximumCount: configuration.maximumReaderCount) { number in
            var configuration = readerConfiguration
            configuration.label = "\(label).reader.\(number)"
            let reader = try SerializedDatabase(
                path: path, configuration: configuration, defaultLabel: label,
                isReader: true, accessGroup: accessIdentifier)
            reader.queue.setSpecific(key: AccessKeys.pool, value: accessIdentifier)
            if !configuration.readonly {
                // Readers never write. They are not opened with
                // SQLITE_OPEN_READONLY, which fails on a WAL database
                // whose -shm file is missing.
                try reader.sync { db in
                    try db.execute(sql: "PRAGMA query_only = 1")
                    db.isQueryOnly = true
                }
            }
            return reader
        }
        writer.queue.setSpecific(key: AccessKeys.pool, value: accessIdentifier)
    }

    /// How long the writer waits for the write lock that a reader takes
    /// for an instant, when ``Configuration/busyMode`` is
    /// `.immediateError`.
    static let readerLockTimeout: Double = 0.1

    /// Closes all connections. Later accesses throw a ``DatabaseError``.
    /// Reads that run when the pool closes go on, and close their
    /// connection when they end.
    ///
    /// ```swift
    /// try dbPool.close()
    /// ```
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
        let readerError = Result { try readerPool.closeReportingLiveStatements() }
        try writer.closeReportingLiveStatements()
        try readerError.get()
    }

    /// Interrupts the statements that run on all connections, which fail
    /// with `SQLITE_INTERRUPT`. Safe to call from any thread.
    ///
    /// See <https://www.sqlite.org/c3ref/interrupt.html>.
    public func interrupt() {
        writer.interrupt()
        readerPool.interrupt()
    }

    /// Whether the current code runs inside an access to this pool: on
    /// the queue of one of its connections, or in a read that runs on
    /// the calling thread.
    var isInsideAccess: Bool {
        DispatchQueue.getSpecific(key: AccessKeys.pool) == accessIdentifier
            || CallingThreadAccess.connection(inGroup: accessIdentifier) != nil
    }

    /// The reader connection of this pool whose queue runs the current
    /// code, if any.
    ///
    /// The reader is found by the identifier of its queue's connection
    /// among the pool's open readers (a reader that runs code on its
    /// queue is lent, hence open), not through a weak reference in the
    /// queue's specific data: a weak reference gives the connection a
    /// side table, which makes every retain and release of it take the
    /// slow path (~260 instructions per pool read, issue 33).
    private var currentQueueReader: SerializedDatabase? {
        guard DispatchQueue.getSpecific(key: AccessKeys.pool) == accessIdentifier,
              let connection = DispatchQueue.getSpecific(key: AccessKeys.connection)
        else { return nil }
        return readerPool.reader(withAccessIdentifier: connection)
    }

    /// Stops the program when called from inside an access to the pool.
    func preconditionNotReentrant(_ function: StaticString = #function) {
        checkProgrammerError(
            !isInsideAccess,
            "Database methods are not reentrant: \(function) was called from inside another access to the same DatabasePool (\(path)). Use unsafeReentrantRead or unsafeReentrantWrite, or move the call out of the closure.")
    }

    // MARK: - Reads

    /// Runs a function that reads, in a deferred transaction on a reader
    /// connection, and waits for its result.
    ///
    /// ```swift
    /// let (count, names) = try dbPool.read { db in
    ///     let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    ///     let names = try String.fetchAll(db, sql: "SELECT name FROM player")
    ///     return (count, names) // consistent, even if a write runs meanwhile
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside an access to the pool.
    /// - Parameter value: A function that reads. Writes throw
    ///   `SQLITE_READONLY`.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        preconditionNotReentrant()
        let lease = try readerPool.lease()
        defer { readerPool.release(lease) }
        return try lease.reader.syncOnCallingThread { db in try db.isolatedRead(value) }
    }

    /// Runs a function that reads, in a deferred transaction on a reader
    /// connection, without blocking the current task.
    ///
    /// ```swift
    /// let count = try await dbPool.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    /// }
    /// ```
    ///
    /// Cancelling the task stops waiting for a reader, interrupts the
    /// statement that runs, and throws `CancellationError`.
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let lease = try await readerPool.lease()
        defer { readerPool.release(lease) }
        return try await lease.reader.execute { db in try db.isolatedRead(value) }
    }

    /// Runs a function that reads, in a deferred transaction on a reader
    /// connection, without waiting for it.
    ///
    /// ```swift
    /// dbPool.asyncRead { result in
    ///     do {
    ///         let db = try result.get()
    ///         let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    ///     } catch { ... }
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented the read.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        readerPool.lease { [readerPool] result in
            switch result {
            case .failure(let error):
                value(.failure(error))
            case .success(let lease):
                lease.reader.async { db in
                    defer { readerPool.release(lease) }
                    do {
                        _ = try db.checkOpen()
                        try db.isolatedRead { db in value(.success(db)) }
                    } catch {
                        value(.failure(error))
                    }
                }
            }
        }
    }

    /// Runs a function on a reader connection, outside of any transaction,
    /// and waits for its result. Successive statements may see different
    /// database states.
    ///
    /// ```swift
    /// let count = try dbPool.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside an access to the pool.
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    public func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T {
        preconditionNotReentrant()
        let lease = try readerPool.lease()
        defer { readerPool.release(lease) }
        return try lease.reader.syncOnCallingThread(value)
    }

    /// Like ``unsafeRead(_:)-5wvl2``, but may be called from inside another
    /// access to the pool: it then uses the connection of that access
    /// (the writer connection, from inside a write).
    ///
    /// ```swift
    /// try dbPool.read { db in
    ///     let count = try dbPool.unsafeReentrantRead { db in
    ///         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        if let reader = currentQueueReader
            ?? CallingThreadAccess.connection(inGroup: accessIdentifier)
        {
            return try reader.reentrantSync(value)
        }
        if writer.isOnQueue {
            return try writer.reentrantSync(value)
        }
        return try unsafeRead(value)
    }

    // MARK: - Writes

    /// Runs a function that writes, outside of any transaction, on the
    /// writer connection, and waits for its result. Prefer
    /// ``DatabaseWriter/write(_:)``, which wraps the function in a
    /// transaction.
    ///
    /// ```swift
    /// try dbPool.writeWithoutTransaction { db in
    ///     try db.execute(sql: "VACUUM")
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside an access to the pool.
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        preconditionNotReentrant()
        return try writer.rethrowingSync(updates)
    }

    /// Runs a function that writes, outside of any transaction, once all
    /// reads have ended, and waits for its result. No read starts until
    /// it is done.
    ///
    /// ```swift
    /// try dbPool.barrierWriteWithoutTransaction { db in
    ///     try db.execute(sql: "PRAGMA journal_size_limit = 0")
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside an access to the pool.
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        preconditionNotReentrant()
        return try writer.sync { db in
            try readerPool.withBarrier { try updates(db) }
        }
    }

    /// Runs a function that writes, outside of any transaction, on the
    /// writer connection, without waiting for it.
    ///
    /// ```swift
    /// dbPool.asyncWriteWithoutTransaction { db in
    ///     try? db.execute(sql: "DELETE FROM log")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    public func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        writer.async(updates)
    }

    /// Runs a function on the writer connection, allowing calls from
    /// inside another access to the writer.
    ///
    /// ```swift
    /// try dbPool.write { db in
    ///     try dbPool.unsafeReentrantWrite { db in
    ///         try db.execute(sql: "DELETE FROM log")
    ///     }
    /// }
    /// ```
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
    /// try await dbPool.write { db in
    ///     try db.execute(sql: "DELETE FROM player")
    /// }
    /// ```
    ///
    /// Cancelling the task interrupts the statement that runs, rolls the
    /// transaction back, and throws `CancellationError`.
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
    /// ```swift
    /// try await dbPool.writeWithoutTransaction { db in
    ///     try db.execute(sql: "VACUUM")
    /// }
    /// ```
    ///
    /// - Parameter updates: A function that writes.
    /// - Returns: The result of `updates`.
    /// - Throws: The error of `updates`, a ``DatabaseError``, or
    ///   `CancellationError`.
    public func writeWithoutTransaction<T: Sendable>(
        _ updates: @Sendable (Database) throws -> T) async throws -> T
    {
        try await writer.execute(updates)
    }

    /// Runs a function in a transaction on the writer connection: it
    /// commits when the function returns `.commit`, and rolls back when it
    /// returns `.rollback` or throws.
    ///
    /// ```swift
    /// try dbPool.writeInTransaction { db in
    ///     try db.execute(sql: "INSERT INTO credit ...")
    ///     try db.execute(sql: "INSERT INTO debit ...")
    ///     return .commit
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside an access to the pool.
    /// - Parameters:
    ///   - kind: The kind of transaction. Default: `IMMEDIATE`.
    ///   - updates: A function that writes.
    /// - Throws: The error of `updates`, or a ``DatabaseError``.
    public func writeInTransaction(
        _ kind: Database.TransactionKind? = nil,
        _ updates: (Database) throws -> Database.TransactionCompletion) throws
    {
        try writeWithoutTransaction { db in
            try db.inTransaction(kind) { try updates(db) }
        }
    }
}

