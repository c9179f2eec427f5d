// Primary and unique keys of `Table`: requests, existence checks,
// deletions, and requests that select or sort by primary key.
//
// They behave as the methods of the same name of `TableRecord` types: a
// key is looked up in the schema when SQL is generated (the hidden rowid
// for tables without explicit primary key), and columns that are not a
// unique key of the table make the request throw a `DatabaseError`. When
// `RowDecoder` is a record type, dates, UUIDs and data keys are encoded
// with its coding strategies, as the record encodes them.

extension Table {
    // MARK: Requests

    /// Returns a request filtered by primary key.
    ///
    /// All single-column primary keys are supported:
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Table("player").filter(key: 1)
    ///
    /// // SELECT * FROM country WHERE code = 'FR'
    /// let request = Table("country").filter(key: "FR")
    /// ```
    ///
    /// A NULL key (such as a nil optional) matches no row. Tables without
    /// explicit primary key are filtered by their hidden rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/rowidtable.html).
    ///
    /// - Parameter key: A primary key value.
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table has a composite primary key, or no primary key.
    // Disfavored: the trailing closure of `filter { ... }` matches the
    // `key` parameter too, and the type checker would otherwise explore
    // the closure body for it.
    @_disfavoredOverload
    public func filter(key: some DatabaseValueConvertible) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(key: key)
    }

    /// Returns a request filtered by primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let request = Table("player").filter(keys: [1, 2, 3])
    ///
    /// // SELECT * FROM country WHERE code IN ('FR', 'US')
    /// let request = Table("country").filter(keys: ["FR", "US"])
    /// ```
    ///
    /// An empty collection matches no row.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators).
    ///
    /// - Parameter keys: A collection of primary keys.
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table has a composite primary key, or no primary key.
    public func filter(keys: some Collection<some DatabaseValueConvertible>) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(keys: keys)
    }

    /// Returns a request filtered by a primary or unique key.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE email = 'arthur@example.com'
    /// let request = Table("player").filter(key: ["email": "arthur@example.com"])
    ///
    /// // SELECT * FROM citizenship WHERE citizenId = 1 AND countryCode = 'FR'
    /// let request = Table("citizenship").filter(key: ["citizenId": 1, "countryCode": "FR"])
    /// ```
    ///
    /// A nil key, or a key that contains a NULL value, matches no row.
    /// Where GRDB stops the program, Folio throws: fetching the request
    /// throws a ``DatabaseError`` when the columns are not a unique key of
    /// the table (see ``Database/table(_:hasUniqueKey:)``).
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_createindex.html#unique_indexes).
    ///
    /// - Parameter key: Values by column name, or nil.
    /// - Returns: A request.
    public func filter(key: [String: (any DatabaseValueConvertible)?]?) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(key: key)
    }

    /// Returns a request filtered by primary or unique keys.
    ///
    /// ```swift
    /// // SELECT * FROM citizenship
    /// // WHERE (citizenId = 1 AND countryCode = 'FR') OR (citizenId = 2 AND countryCode = 'US')
    /// let request = Table("citizenship").filter(keys: [
    ///     ["citizenId": 1, "countryCode": "FR"],
    ///     ["citizenId": 2, "countryCode": "US"],
    /// ])
    /// ```
    ///
    /// An empty array matches no row. Fetching the request throws a
    /// ``DatabaseError`` when the columns of a key are not a unique key of
    /// the table.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_createindex.html#unique_indexes).
    ///
    /// - Parameter keys: An array of values by column name.
    /// - Returns: A request.
    public func filter(keys: [[String: (any DatabaseValueConvertible)?]]) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(keys: keys)
    }

    // MARK: Existence

    /// Returns whether a row exists for this primary key.
    ///
    /// ```swift
    /// // SELECT EXISTS (SELECT * FROM player WHERE id = 1)
    /// let playerExists = try Table("player").exists(db, key: 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_expr.html#the_exists_operator).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value.
    /// - Returns: Whether a row exists; false, without any query, for a
    ///   NULL key, which no primary key equals.
    /// - Throws: A ``DatabaseError``, also when the table does not exist,
    ///   has a composite primary key, or no primary key.
    public func exists(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        if key.databaseValue.isNull { return false }
        return try filter(key: key).fetchExists(db)
    }

    /// Returns whether a row exists for this primary or unique key.
    ///
    /// ```swift
    /// let playerExists = try Table("player").exists(db, key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_expr.html#the_exists_operator).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name.
    /// - Returns: Whether a row exists.
    /// - Throws: A ``DatabaseError``, also when the columns are not a
    ///   unique key of the table.
    public func exists(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try filter(key: key).fetchExists(db)
    }

    // MARK: Deletion

    /// Deletes the row with this primary key.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id = 1
    /// try Table("player").deleteOne(db, key: 1)
    /// ```
    ///
    /// A NULL key (such as a nil optional) deletes nothing, and runs no
    /// SQL.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_delete.html).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``, also when the table does not exist,
    ///   has a composite primary key, or no primary key.
    @discardableResult
    public func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        if key.databaseValue.isNull { return false }
        return try filter(key: key).deleteAll(db) > 0
    }

    /// Deletes the row with this primary or unique key.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE email = 'arthur@example.com'
    /// try Table("player").deleteOne(db, key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_delete.html).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``, also when the columns are not a
    ///   unique key of the table.
    @discardableResult
    public func deleteOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try filter(key: key).deleteAll(db) > 0
    }

    /// Deletes the rows with these primary keys.
    ///
    /// ```swift
    /// // DELETE FROM country WHERE code IN ('FR', 'US')
    /// try Table("country").deleteAll(db, keys: ["FR", "US"])
    /// ```
    ///
    /// An empty collection deletes nothing, and runs no SQL.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_delete.html).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: A collection of primary keys.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``, also when the table does not exist,
    ///   has a composite primary key, or no primary key.
    @discardableResult
    public func deleteAll(_ db: Database, keys: some Collection<some DatabaseValueConvertible>) throws -> Int {
        if keys.isEmpty { return 0 }
        return try filter(keys: keys).deleteAll(db)
    }

    /// Deletes the rows with these primary or unique keys.
    ///
    /// ```swift
    /// try Table("citizenship").deleteAll(db, keys: [
    ///     ["citizenId": 1, "countryCode": "FR"],
    ///     ["citizenId": 2, "countryCode": "US"],
    /// ])
    /// ```
    ///
    /// An empty array deletes nothing, and runs no SQL.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_delete.html).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: An array of values by column name.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``, also when the columns of a key are
    ///   not a unique key of the table.
    @discardableResult
    public func deleteAll(_ db: Database, keys: [[String: (any DatabaseValueConvertible)?]]) throws -> Int {
        if keys.isEmpty { return 0 }
        return try filter(keys: keys).deleteAll(db)
    }

    // MARK: Selecting and sorting by primary key

    /// Returns a request that selects the primary key.
    ///
    /// All primary keys are supported:
    ///
    /// ```swift
    /// // SELECT id FROM player
    /// let ids = try Table("player").selectPrimaryKey(as: Int64.self).fetchAll(db)       // [Int64]
    ///
    /// // SELECT citizenId, countryCode FROM citizenship
    /// let rows = try Table("citizenship").selectPrimaryKey(as: Row.self).fetchAll(db)   // [Row]
    /// ```
    ///
    /// Tables without explicit primary key select their rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter type: The type of the fetched primary keys.
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public func selectPrimaryKey<PrimaryKey>(as type: PrimaryKey.Type = PrimaryKey.self) -> QueryInterfaceRequest<PrimaryKey> {
        all().selectPrimaryKey(as: type)
    }

    /// Returns a request sorted by primary key.
    ///
    /// All primary keys are supported:
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY id
    /// let request = Table("player").orderByPrimaryKey()
    ///
    /// // SELECT * FROM citizenship ORDER BY citizenId, countryCode
    /// let request = Table("citizenship").orderByPrimaryKey()
    /// ```
    ///
    /// Tables without explicit primary key are sorted by rowid.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#the_order_by_clause).
    ///
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table does not exist, or has no primary key (a view).
    public func orderByPrimaryKey() -> QueryInterfaceRequest<RowDecoder> {
        all().orderByPrimaryKey()
    }

    /// Returns a request that selects the primary key, as the `ID` of the
    /// record type.
    ///
    /// ```swift
    /// // SELECT id FROM player
    /// let ids = try Table<Player>("player").selectID().fetchAll(db)
    /// ```
    ///
    /// The table must have a single-column primary key, or no explicit
    /// primary key (the rowid is then selected). When `ID` is optional,
    /// such as `Int64?`, prefer ``selectPrimaryKey(as:)``, which fetches
    /// non-optional values.
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Returns: A request. Fetching it throws a ``DatabaseError`` when
    ///   the table has a composite primary key.
    public func selectID() -> QueryInterfaceRequest<RowDecoder.ID> where RowDecoder: Identifiable {
        all().selectID()
    }
}

extension Table where RowDecoder: Identifiable, RowDecoder.ID: DatabaseValueConvertible {
    /// Returns a request filtered by primary key.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Table<Player>("player").filter(id: 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#whereclause).
    ///
    /// - Parameter id: A primary key.
    /// - Returns: A request.
    public func filter(id: RowDecoder.ID) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(id: id)
    }

    /// Returns a request filtered by primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM country WHERE code IN ('FR', 'US')
    /// let request = Table<Country>("country").filter(ids: ["FR", "US"])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators).
    ///
    /// - Parameter ids: A collection of primary keys.
    /// - Returns: A request.
    public func filter(ids: some Collection<RowDecoder.ID>) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(ids: ids)
    }

    /// Returns whether a row exists for this primary key.
    ///
    /// ```swift
    /// let playerExists = try Table<Player>("player").exists(db, id: 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_expr.html#the_exists_operator).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: Whether a row exists.
    /// - Throws: A ``DatabaseError``.
    public func exists(_ db: Database, id: RowDecoder.ID) throws -> Bool {
        try exists(db, key: id)
    }

    /// Deletes the row with this primary key.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id = 1
    /// try Table<Player>("player").deleteOne(db, id: 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_delete.html).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func deleteOne(_ db: Database, id: RowDecoder.ID) throws -> Bool {
        try deleteOne(db, key: id)
    }

    /// Deletes the rows with these primary keys.
    ///
    /// ```swift
    /// // DELETE FROM country WHERE code IN ('FR', 'US')
    /// try Table<Country>("country").deleteAll(db, ids: ["FR", "US"])
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_delete.html).
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public func deleteAll(_ db: Database, ids: some Collection<RowDecoder.ID>) throws -> Int {
        try deleteAll(db, keys: ids)
    }
}
