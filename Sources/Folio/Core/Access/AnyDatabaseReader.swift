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
public final class AnyDatabaseReader: DatabaseReader, _DatabaseReaderForwarding {
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

    /// The wrapped reader, which receives each access (see
    /// ``_DatabaseReaderForwarding``).
    public var _forwardedReader: any DatabaseReader { base }
}
