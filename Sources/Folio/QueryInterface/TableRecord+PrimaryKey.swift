// Requests of record types that select or sort by primary key.

extension TableRecord {
    /// A request of all records, sorted by primary key.
    ///
    /// All primary keys are supported:
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY id
    /// let request = Player.orderByPrimaryKey()
    ///
    /// // SELECT * FROM citizenship ORDER BY citizenId, countryCode
    /// let request = Citizenship.orderByPrimaryKey()
    /// ```
    ///
    /// Tables without explicit primary key are sorted by rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#the_order_by_clause).
    ///
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public static func orderByPrimaryKey() -> QueryInterfaceRequest<Self> {
        all().orderByPrimaryKey()
    }

    /// A request that selects the primary key of all records.
    ///
    /// All primary keys are supported:
    ///
    /// ```swift
    /// // SELECT id FROM player
    /// let ids = try Player.selectPrimaryKey(as: Int64.self).fetchAll(db)     // [Int64]
    ///
    /// // SELECT code FROM country
    /// let codes = try Country.selectPrimaryKey(as: String.self).fetchAll(db) // [String]
    ///
    /// // SELECT citizenId, countryCode FROM citizenship
    /// let rows = try Citizenship.selectPrimaryKey(as: Row.self).fetchAll(db) // [Row]
    /// ```
    ///
    /// Tables without explicit primary key select their rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter type: The type of the fetched primary keys.
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public static func selectPrimaryKey<PrimaryKey>(as type: PrimaryKey.Type = PrimaryKey.self) -> QueryInterfaceRequest<PrimaryKey> {
        all().selectPrimaryKey(as: type)
    }
}
