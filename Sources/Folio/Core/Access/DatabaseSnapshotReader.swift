/// A ``DatabaseReader`` that sees an unchanging database content:
/// ``DatabaseSnapshot``.
///
/// All its reads see the same database state, so that unsafe reads are
/// as safe as isolated ones, and reentrant reads are allowed.
///
/// ```swift
/// func playerCount(_ reader: some DatabaseSnapshotReader) throws -> Int {
///     try reader.reentrantRead { db in
///         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
///     }
/// }
/// ```
///
/// See <https://www.sqlite.org/isolation.html>.
///
/// ## Topics
/// - ``reentrantRead(_:)``
public protocol DatabaseSnapshotReader: DatabaseReader { }

extension DatabaseSnapshotReader {
    /// Runs a function that reads, and waits for its result. On a reader
    /// that sees an unchanging content, it is the same as
    /// ``DatabaseReader/read(_:)-2nuwg``.
    ///
    /// ```swift
    /// let count = try snapshot.unsafeRead { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T {
        try read(value)
    }

    /// Runs a function that reads, without waiting for it. On a reader
    /// that sees an unchanging content, it is the same as
    /// ``DatabaseReader/asyncRead(_:)``.
    ///
    /// ```swift
    /// snapshot.asyncUnsafeRead { result in
    ///     let count = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter value: A function that receives a connection, or the
    ///   error that prevented access.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        asyncRead(value)
    }

    /// Runs a function that reads, and waits for its result. It may be
    /// called from inside another read of the same reader: all reads see
    /// the same unchanging content.
    ///
    /// ```swift
    /// try snapshot.read { db in
    ///     let count = try snapshot.reentrantRead { db in
    ///         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter value: A function that reads.
    /// - Returns: The result of `value`.
    /// - Throws: The error of `value`, or a ``DatabaseError``.
    ///
    /// See <https://www.sqlite.org/isolation.html>.
    public func reentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        try unsafeReentrantRead(value)
    }
}
