/// A ``DatabaseReader`` that forwards each access to the reader it wraps:
/// the one implementation of the reads of ``AnyDatabaseReader`` and
/// ``AnyDatabaseWriter`` (whose wrapped reader is its writer).
///
/// GRDB has no such API: it is public only because the members that it
/// implements for the two type-erased classes are, and its underscore keeps
/// it out of the documented API. Do not adopt it.
public protocol _DatabaseReaderForwarding: DatabaseReader {
    /// The reader that receives each access.
    var _forwardedReader: any DatabaseReader { get }
}

extension _DatabaseReaderForwarding {
    /// The configuration of the wrapped reader.
    ///
    /// ```swift
    /// let isReadOnly = reader.configuration.readonly
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/open.html>.
    public var configuration: Configuration {
        _forwardedReader.configuration
    }

    /// The path of the database of the wrapped reader.
    ///
    /// ```swift
    /// print(reader.path)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_filename.html>.
    public var path: String {
        _forwardedReader.path
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
        try _forwardedReader.close()
    }

    /// Interrupts the statements that the wrapped reader runs.
    ///
    /// ```swift
    /// reader.interrupt()
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/interrupt.html>.
    public func interrupt() {
        _forwardedReader.interrupt()
    }

    // MARK: - Reads

    /// Runs a function that reads, isolated from concurrent writes, with
    /// the wrapped reader (see `DatabaseReader/read(_:)`).
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
        try _forwardedReader.read(value)
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
        try await _forwardedReader.read(value)
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
        _forwardedReader.asyncRead(value)
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
        try _forwardedReader.unsafeRead(value)
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
        try await _forwardedReader.unsafeRead(value)
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
        _forwardedReader.asyncUnsafeRead(value)
    }

    /// Like `unsafeRead(_:)`, but may be called from inside another
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
        try _forwardedReader.unsafeReentrantRead(value)
    }
}
