// Seed-era spellings of the static deletion methods of records:
// `Place.delete(db, key: 1)`.

extension TableRecord {
    /// The earlier spelling of `deleteOne(_:key:)`:
    /// deletes the row with this primary key.
    ///
    /// ```swift
    /// // Before: try Place.delete(db, key: 1)
    /// // DELETE FROM place WHERE id = 1
    /// let deleted = try Place.deleteOne(db, key: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value, or nil (nothing is deleted).
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "deleteOne(_:key:)")
    @discardableResult
    public static func delete<PrimaryKeyType: DatabaseValueConvertible>(_ db: Database, key: PrimaryKeyType?) throws -> Bool {
        try deleteOne(db, key: key)
    }

    /// The earlier spelling of `deleteOne(_:key:)`:
    /// deletes the row with this unique key.
    ///
    /// ```swift
    /// // Before: try Player.delete(db, key: ["email": "arthur@example.com"])
    /// // DELETE FROM player WHERE email = 'arthur@example.com'
    /// let deleted = try Player.deleteOne(db, key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name, or nil (nothing is deleted).
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``, also when the columns are not a
    ///   unique key of the table.
    @available(*, deprecated, renamed: "deleteOne(_:key:)")
    @discardableResult
    public static func delete(_ db: Database, key: [String: (any DatabaseValueConvertible)?]?) throws -> Bool {
        guard let key else { return false }
        return try deleteOne(db, key: key)
    }
}
