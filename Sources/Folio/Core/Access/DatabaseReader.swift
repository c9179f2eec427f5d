/// A type that gives read access to a database: ``DatabaseQueue``, and
/// database pools.
///
/// ```swift
/// func fetchPlayers(_ reader: some DatabaseReader) throws -> [Row] {
///     try reader.read { db in
///         try Row.fetchAll(db, sql: "SELECT * FROM player")
///     }
/// }
/// ```
public protocol DatabaseReader: AnyObject, Sendable {
    /// The configuration of the connections.
    var configuration: Configuration { get }

    /// The path of the database.
    var path: String { get }

    /// Closes the database connections. Later accesses throw.
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
    func close() throws

    /// Interrupts the statements that run, which fail with
    /// `SQLITE_INTERRUPT`. Safe to call from any thread.
    func interrupt()

    /// Runs a function that reads, with a connection in read-only mode,
    /// isolated from concurrent writes, and waits for its result.
    ///
    /// ```swift
    /// let count = try reader.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads. Writes throw
    ///   `SQLITE_READONLY`.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    func read<T>(_ value: (Database) throws -> T) throws -> T

    /// Runs a function that reads, without blocking the current task.
    ///
    /// ```swift
    /// let count = try await reader.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    /// }
    /// ```
    ///
    /// Cancelling the task interrupts the database work.
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T

    /// Runs a function that reads, without waiting for it.
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented access.
    func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs a function with a connection, without read-only mode nor
    /// isolation. Writes are possible, but not guaranteed to be visible.
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T

    /// Runs a function with a connection, outside of any transaction,
    /// without blocking the current task. Cancelling the task interrupts
    /// the database work.
    ///
    /// ```swift
    /// let count = try await reader.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T

    /// Runs a function with a connection, outside of any transaction,
    /// without waiting for it.
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented access.
    func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Like ``unsafeRead(_:)-11o34``, but may be called from inside another
    /// database access.
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T
}
