/// A type-erased ``DatabaseRegionConvertible``: a region computed by a
/// closure, or the region of another value.
///
/// Use it to observe a region that is only known with a database
/// connection:
///
/// ```swift
/// // The player table, and the tables whose name starts with "team"
/// let region = AnyDatabaseRegionConvertible { db in
///     var region = try Table("player").databaseRegion(db)
///     let tables = try String.fetchAll(db, sql: """
///         SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'team%'
///         """)
///     for table in tables {
///         region.formUnion(try Table(table).databaseRegion(db))
///     }
///     return region
/// }
/// let observation = DatabaseRegionObservation(tracking: region)
/// ```
///
/// See <https://www.sqlite.org/c3ref/update_hook.html>, the SQLite hook
/// that observations use to notice changes in a region.
public struct AnyDatabaseRegionConvertible: Sendable {
    private let region: @Sendable (Database) throws -> DatabaseRegion

    /// Creates a region computed by a closure, each time the region is
    /// needed.
    ///
    /// ```swift
    /// let region = AnyDatabaseRegionConvertible { db in
    ///     try Table("player").databaseRegion(db)
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>, the SQLite
    /// hook that notices changes in the region.
    ///
    /// - Parameter region: A closure that accepts a database connection
    ///   and returns a database region.
    public init(_ region: @escaping @Sendable (Database) throws -> DatabaseRegion) {
        self.region = region
    }

    /// Creates a region that forwards to another one.
    ///
    /// ```swift
    /// let regions = [
    ///     AnyDatabaseRegionConvertible(Table("player")),
    ///     AnyDatabaseRegionConvertible(SQLRequest<Row>(sql: "SELECT * FROM team")),
    /// ]
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>, the SQLite
    /// hook that notices changes in the region.
    ///
    /// - Parameter region: A database region, or a value that has one,
    ///   such as a request.
    public init(_ region: some DatabaseRegionConvertible) {
        self.region = { db in try region.databaseRegion(db) }
    }
}

extension AnyDatabaseRegionConvertible: DatabaseRegionConvertible {
    /// Returns the region of the closure, or of the wrapped value.
    ///
    /// ```swift
    /// let region = try AnyDatabaseRegionConvertible { db in try Table("player").databaseRegion(db) }
    ///     .databaseRegion(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A database region.
    /// - Throws: The error of the closure, or of the wrapped value.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try region(db)
    }
}
