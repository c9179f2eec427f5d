// A table, as a database region: all its columns and rows.

extension Table: DatabaseRegionConvertible {
    /// Returns the region of the whole table: all columns, all rows.
    ///
    /// ```swift
    /// // Notified of all changes to the player table
    /// let observation = DatabaseRegionObservation(tracking: Table("player"))
    /// ```
    ///
    /// The table does not have to exist when the region is computed.
    ///
    /// - Parameter db: A database connection (unused).
    /// - Returns: The region of the table.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        DatabaseRegion(table: tableName)
    }
}
