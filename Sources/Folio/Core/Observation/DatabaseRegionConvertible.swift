/// A type that can tell the database region it depends on.
///
/// ``DatabaseRegionObservation`` and ``ValueObservation`` accept regions
/// of this type:
///
/// ```swift
/// let observation = DatabaseRegionObservation(
///     tracking: SQLRequest<Row>(sql: "SELECT * FROM player"))
/// ```
///
/// ``DatabaseRegion``, ``SQLRequest``, ``QueryInterfaceRequest`` and
/// ``Table`` (the whole table) adopt it.
public protocol DatabaseRegionConvertible: Sendable {
    /// Returns the database region.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The database region.
    /// - Throws: A ``DatabaseError`` when the region can not be computed,
    ///   for example from invalid SQL.
    func databaseRegion(_ db: Database) throws -> DatabaseRegion
}
