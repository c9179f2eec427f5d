/// A type-erased ``DatabaseReader``: it forwards each access to the
/// reader it wraps.
///
/// ```swift
/// let reader = AnyDatabaseReader(dbQueue)
/// let count = try reader.read { db in
///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
/// }
/// ```
///
/// See <https://www.sqlite.org/c3ref/sqlite3.html>.
///
/// ## Topics
/// - ``init(_:)``
public final class AnyDatabaseReader: DatabaseReader {
    /// The wrapped reader.
    let base: any DatabaseReader

    /// Creates a reader that forwards its accesses to `base`.
    ///
    /// ```swift
    /// let reader = AnyDatabaseReader(dbPool)
    /// ```
    ///
    /// - Parameter base: A reader.
    ///
    /// See <https://www.sqlite.org/c3ref/sqlite3.html>.
    public init(_ base: any DatabaseReader) {
        self.base = base
    }

    /// The configuration of the wrapped reader.
    ///
    /// ```swift
    /// let isReadOnly = reader.configuration.readonly
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/open.html>.
    public var configuration: Configuration {
        base.configuration
    }

    /// The path of the database of the wrapped reader.
    ///
    /// ```swift
    /// print(reader.path)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_filename.html>.
    public var path: String {
        base.path
    }

    /// Closes the connections of the wrapped reader.
    ///
    /// ```swift
    /// try reader.close()
    /// ```
    ///
    /// - Throws: A ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/c3ref/close.html>.
    public func close() throws {
        try base.close()
    }

    /// Interrupts the statements that the wrapped reader runs.
    ///
    /// ```swift
    /// reader.interrupt()
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/interrupt.html>.
    public func interrupt() {
        base.interrupt()
    }

    // MARK: - Reads

    /// Runs a function that reads, isolated from concurrent writes, with
    /// the wrapped reader (see ``DatabaseReader/read(_:)-2nuwg``).
    ///
    /// ```swift
    /// let count = try reader.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        try base.read(value)
    }

    /// Runs a function that reads, without blocking the current task,
    /// with the wrapped reader.
    ///
    /// ```swift
    /// let count = try await reader.read { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, a ``DatabaseError``, or
    ///   `CancellationError`.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await base.read(value)
    }

    /// Runs a function that reads, without waiting for it, with the
    /// wrapped reader.
    ///
    /// ```swift
    /// reader.asyncRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented access.
    ///
    /// See <https://www.sqlite.org/lang_transaction.html>.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncRead(value)
    }

    /// Runs a function with a connection of the wrapped reader, without
    /// isolation.
    ///
    /// ```swift
    /// let count = try reader.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T {
        try base.unsafeRead(value)
    }

    /// Runs a function with a connection of the wrapped reader, without
    /// isolation, and without blocking the current task.
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
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await base.unsafeRead(value)
    }

    /// Runs a function with a connection of the wrapped reader, without
    /// isolation, and without waiting for it.
    ///
    /// ```swift
    /// reader.asyncUnsafeRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented access.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncUnsafeRead(value)
    }

    /// Like ``unsafeRead(_:)-3zn2z``, but may be called from inside another
    /// access to the wrapped reader.
    ///
    /// ```swift
    /// let count = try reader.unsafeReentrantRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        try base.unsafeReentrantRead(value)
    }
}
