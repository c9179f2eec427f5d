/// A type-erased ``DatabaseWriter``: it forwards each access to the
/// writer it wraps.
///
/// ```swift
/// let writer = AnyDatabaseWriter(dbQueue)
/// try writer.write { db in
///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
/// }
/// ```
///
/// See <https://www.sqlite.org/c3ref/sqlite3.html>.
///
/// ## Topics
/// - ``init(_:)``
public final class AnyDatabaseWriter: DatabaseWriter, _DatabaseWriterForwarding {
    /// The wrapped writer.
    let base: any DatabaseWriter

    /// Creates a writer that forwards its accesses to `base`.
    ///
    /// ```swift
    /// let writer = AnyDatabaseWriter(dbPool)
    /// ```
    ///
    /// - Parameter base: A writer.
    ///
    /// See <https://www.sqlite.org/c3ref/sqlite3.html>.
    public init(_ base: any DatabaseWriter) {
        self.base = base
    }

    /// The wrapped writer, which receives each access, reads included (see
    /// ``_DatabaseWriterForwarding``).
    public var _forwardedWriter: any DatabaseWriter { base }
}
