/// A read-only connection that sees an unchanging database content: the
/// content of the database when the snapshot was made, whatever the writes
/// that happen afterwards.
///
/// You create a snapshot with ``DatabasePool/makeSnapshot()``:
///
/// ```swift
/// let dbPool = try DatabasePool(path: "/path/to/db.sqlite")
/// let snapshot = try dbPool.makeSnapshot()
///
/// try dbPool.write { db in
///     try db.execute(sql: "DELETE FROM player")
/// }
///
/// // The players are still there, in the snapshot.
/// let count = try snapshot.read { db in
///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
/// }
/// ```
///
/// A snapshot is a connection of its own, that keeps a read transaction
/// open until it is closed or deallocated: in WAL mode, it does not
/// prevent the pool from writing. This works with any SQLite build (it
/// does not need `SQLITE_ENABLE_SNAPSHOT`).
///
/// Keep snapshots short-lived: as long as a snapshot exists, checkpoints
/// can not move the pages it sees out of the WAL file, which grows with
/// the writes. When the database is not in WAL mode (a read-only pool on
/// a database in another journal mode), a snapshot prevents all writes,
/// from all connections, during its lifetime.
///
/// A snapshot must not end its own transaction: a snapshot whose
/// transaction has ended (by a `COMMIT` or a `ROLLBACK` statement, or an
/// error after which SQLite rolled it back) closes its connection, and its
/// statements throw `SQLITE_MISUSE` from then on.
///
/// See <https://www.sqlite.org/isolation.html> and
/// <https://www.sqlite.org/wal.html>.
///
/// ## Topics
/// - ``read(_:)-7ltck``
/// - ``reentrantRead(_:)``
/// - ``close()``
public final class DatabaseSnapshot: DatabaseSnapshotReader {
    /// The connection, in a read transaction.
    private let connection: SerializedDatabase

    /// The configuration of the snapshot connection.
    ///
    /// ```swift
    /// print(snapshot.configuration.label ?? "")
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/open.html>.
    public var configuration: Configuration {
        connection.configuration
    }

    /// The path of the database file.
    ///
    /// ```swift
    /// print(snapshot.path)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_filename.html>.
    public var path: String {
        connection.path
    }

    /// Opens a connection, in read-only mode, and starts the read
    /// transaction that sees the last committed content of the database.
    init(path: String, configuration: Configuration) throws {
        connection = try SerializedDatabase(
            path: path, configuration: configuration, defaultLabel: "Folio.DatabaseSnapshot",
            holdsTransaction: true)
        try connection.sync { db in
            if !configuration.readonly {
                try db.execute(sql: "PRAGMA query_only = 1")
                db.isQueryOnly = true
            }
            try db.beginTransaction(.deferred)
            do {
                // A deferred transaction acquires its view of the
                // database at its first read.
                try db.execute(sql: "SELECT rootpage FROM sqlite_master LIMIT 1")
            } catch {
                // The error of the read is the one the caller needs.
                try? db.rollback()
                throw error
            }
        }
    }

    /// Closes the connection, which ends the snapshot. Later statements
    /// throw a ``DatabaseError``.
    ///
    /// ```swift
    /// try snapshot.close()
    /// ```
    ///
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/c3ref/close.html>.
    public func close() throws {
        connection.close()
    }

    /// Interrupts the statement that runs, which fails with
    /// `SQLITE_INTERRUPT`. The snapshot goes on. Safe to call from any
    /// thread.
    ///
    /// ```swift
    /// snapshot.interrupt()
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/interrupt.html>.
    public func interrupt() {
        connection.interrupt()
    }

    // MARK: - Reads

    /// Runs a function that reads the snapshot, and waits for its result.
    ///
    /// ```swift
    /// let count = try snapshot.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Precondition: Not called from inside another access to the
    ///   snapshot (see ``DatabaseSnapshotReader/reentrantRead(_:)``).
    /// - Parameter block: A function that reads. Writes throw
    ///   `SQLITE_READONLY`.
    /// - Returns: The result of `block`.
    /// - Throws: The error of `block`.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func read<T>(_ block: (Database) throws -> T) rethrows -> T {
        try connection.rethrowingSync { db in try withSnapshot(db, block) }
    }

    /// Runs a function that reads the snapshot, without blocking the
    /// current task.
    ///
    /// ```swift
    /// let count = try await snapshot.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// Cancelling the task interrupts the statement that runs, and throws
    /// `CancellationError`. The snapshot goes on.
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await connection.execute { db in try self.withSnapshot(db, value) }
    }

    /// Runs a function that reads the snapshot, without waiting for it.
    ///
    /// ```swift
    /// snapshot.asyncRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives the connection, or the
    ///   error that prevented access (a closed snapshot).
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        connection.async { db in
            do {
                _ = try db.checkOpen()
            } catch {
                value(.failure(error))
                return
            }
            self.withSnapshot(db) { db in value(.success(db)) }
        }
    }

    /// Runs a function that reads the snapshot, and waits for its result:
    /// the same as ``read(_:)-7ltck``, since all reads see the same content.
    ///
    /// ```swift
    /// let count = try snapshot.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeRead<T>(_ value: (Database) throws -> T) rethrows -> T {
        try read(value)
    }

    /// Runs a function that reads the snapshot, without blocking the
    /// current task: the same as ``read(_:)-7ltck``, since all reads see the
    /// same content.
    ///
    /// ```swift
    /// let count = try await snapshot.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await read(value)
    }

    /// Runs a function that reads the snapshot, without waiting for it:
    /// the same as ``asyncRead(_:)``.
    ///
    /// ```swift
    /// snapshot.asyncUnsafeRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives the connection, or the
    ///   error that prevented access.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        asyncRead(value)
    }

    /// Runs a function that reads the snapshot, and waits for its result.
    /// It may be called from inside another access to the snapshot.
    ///
    /// ```swift
    /// try snapshot.read { db in
    ///     let count = try snapshot.unsafeReentrantRead { db in
    ///         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError`` when the
    ///   snapshot is closed.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        try connection.reentrantSync { db in try withSnapshot(db, value) }
    }

    /// Runs a function with the connection, and closes the connection
    /// when the snapshot transaction has ended, before or after: the
    /// snapshot is then lost, and statements must fail instead of seeing
    /// another database state.
    private func withSnapshot<T>(_ db: Database, _ block: (Database) throws -> T) rethrows -> T {
        closeIfTransactionEnded(db)
        defer { closeIfTransactionEnded(db) }
        return try block(db)
    }

    private func closeIfTransactionEnded(_ db: Database) {
        if db.sqliteConnection != nil, !db.isInsideTransaction {
            db.close()
        }
    }
}
