// Primary and unique keys of record types: requests, existence checks and
// deletions.

extension TableRecord {
    // MARK: Requests

    /// Returns a request filtered by primary key.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Player.filter(key: 1)
    /// ```
    ///
    /// A NULL key (such as a nil optional) matches no row. Tables without
    /// explicit primary key are filtered by their hidden rowid.
    ///
    /// - Parameter key: A primary key value.
    /// - Returns: A request.
    // Disfavored: the trailing closure of `Player.filter { ... }` matches
    // the `key` parameter too, and the type checker would otherwise
    // explore the closure body for it ("unable to type-check this
    // expression in reasonable time").
    @_disfavoredOverload
    public static func filter(key: some DatabaseValueConvertible) -> QueryInterfaceRequest<Self> {
        all().filter(key: key)
    }

    /// Returns a request filtered by primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let request = Player.filter(keys: [1, 2, 3])
    /// ```
    ///
    /// - Parameter keys: Primary key values.
    /// - Returns: A request.
    public static func filter(keys: some Collection<some DatabaseValueConvertible>) -> QueryInterfaceRequest<Self> {
        all().filter(keys: keys)
    }

    /// Returns a request filtered by a unique key: the primary key, or the
    /// columns of a unique index.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE email = 'arthur@example.com'
    /// let request = Player.filter(key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// Running the request throws a ``DatabaseError`` when the columns are
    /// not a unique key of the table.
    ///
    /// - Parameter key: Values by column name, or nil.
    /// - Returns: A request.
    public static func filter(key: [String: (any DatabaseValueConvertible)?]?) -> QueryInterfaceRequest<Self> {
        all().filter(key: key)
    }

    /// Returns a request filtered by unique keys.
    ///
    /// ```swift
    /// let request = Citizenship.filter(keys: [
    ///     ["playerID": 1, "countryISOCode": "FR"],
    ///     ["playerID": 2, "countryISOCode": "US"],
    /// ])
    /// ```
    ///
    /// - Parameter keys: An array of values by column name.
    /// - Returns: A request.
    public static func filter(keys: [[String: (any DatabaseValueConvertible)?]]) -> QueryInterfaceRequest<Self> {
        all().filter(keys: keys)
    }

    // MARK: Existence

    /// Returns whether a row exists for this primary key.
    ///
    /// ```swift
    /// // SELECT EXISTS (SELECT * FROM player WHERE id = 1)
    /// let playerExists = try Player.exists(db, key: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value.
    /// - Returns: Whether a row exists; false, without any query, for a
    ///   NULL key, which no primary key equals.
    /// - Throws: A ``DatabaseError``.
    public static func exists(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        if key.databaseValue.isNull { return false }
        return try filter(key: key).fetchExists(db)
    }

    /// Returns whether a row exists for this unique key.
    ///
    /// ```swift
    /// let playerExists = try Player.exists(db, key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name.
    /// - Returns: Whether a row exists.
    /// - Throws: A ``DatabaseError``, also when the columns are not a
    ///   unique key of the table.
    public static func exists(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try filter(key: key).fetchExists(db)
    }

    // MARK: Deletion

    /// Deletes the rows with these primary keys.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id IN (1, 2, 3)
    /// try Player.deleteAll(db, keys: [1, 2, 3])
    /// ```
    ///
    /// An empty list deletes nothing, and runs no SQL.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: Primary key values.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteAll(_ db: Database, keys: some Collection<some DatabaseValueConvertible>) throws -> Int {
        if keys.isEmpty { return 0 }
        return try filter(keys: keys).deleteAll(db)
    }

    /// Deletes the row with this primary key.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id = 1
    /// try Player.deleteOne(db, key: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value. A NULL key (such as a nil optional)
    ///     deletes nothing, and runs no SQL.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        if key.databaseValue.isNull { return false }
        return try filter(key: key).deleteAll(db) > 0
    }

    /// Deletes the rows with these unique keys.
    ///
    /// ```swift
    /// try Citizenship.deleteAll(db, keys: [
    ///     ["playerID": 1, "countryISOCode": "FR"],
    ///     ["playerID": 2, "countryISOCode": "US"],
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: An array of values by column name.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``, also when some columns are not a
    ///   unique key of the table.
    @discardableResult
    public static func deleteAll(_ db: Database, keys: [[String: (any DatabaseValueConvertible)?]]) throws -> Int {
        if keys.isEmpty { return 0 }
        return try filter(keys: keys).deleteAll(db)
    }

    /// Deletes the row with this unique key.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE email = 'arthur@example.com'
    /// try Player.deleteOne(db, key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``, also when the columns are not a
    ///   unique key of the table.
    @discardableResult
    public static func deleteOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        return try filter(key: key).deleteAll(db) > 0
    }
}

extension TableRecord where Self: Identifiable, ID: DatabaseValueConvertible {
    /// Returns a request filtered by primary key.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Player.filter(id: 1)
    /// ```
    ///
    /// - Parameter id: A primary key.
    /// - Returns: A request.
    public static func filter(id: ID) -> QueryInterfaceRequest<Self> {
        all().filter(id: id)
    }

    /// Returns a request filtered by primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM country WHERE isoCode IN ('FR', 'US')
    /// let request = Country.filter(ids: ["FR", "US"])
    /// ```
    ///
    /// - Parameter ids: A collection of primary keys.
    /// - Returns: A request.
    public static func filter(ids: some Collection<ID>) -> QueryInterfaceRequest<Self> {
        all().filter(ids: ids)
    }

    /// Returns whether a row exists for this primary key.
    ///
    /// ```swift
    /// let playerExists = try Player.exists(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: Whether a row exists.
    /// - Throws: A ``DatabaseError``.
    public static func exists(_ db: Database, id: ID) throws -> Bool {
        try exists(db, key: id)
    }

    /// Deletes the row with this primary key.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id = 1
    /// try Player.deleteOne(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteOne(_ db: Database, id: ID) throws -> Bool {
        try deleteOne(db, key: id)
    }

    /// Deletes the rows with these primary keys.
    ///
    /// ```swift
    /// // DELETE FROM country WHERE isoCode IN ('FR', 'US')
    /// try Country.deleteAll(db, ids: ["FR", "US"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteAll(_ db: Database, ids: some Collection<ID>) throws -> Int {
        try deleteAll(db, keys: ids)
    }
}

extension TableRecord where Self: Identifiable {
    /// Returns a request filtered by primary key, for records whose `id`
    /// is optional.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Player.filter(id: 1)
    /// ```
    ///
    /// - Parameter id: A primary key.
    /// - Returns: A request.
    public static func filter<Wrapped: DatabaseValueConvertible>(id: Wrapped) -> QueryInterfaceRequest<Self> where ID == Wrapped? {
        all().filter(id: id)
    }

    /// Returns a request filtered by primary keys, for records whose `id`
    /// is optional.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let request = Player.filter(ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameter ids: A collection of primary keys.
    /// - Returns: A request.
    public static func filter<Wrapped: DatabaseValueConvertible>(ids: some Collection<Wrapped>) -> QueryInterfaceRequest<Self> where ID == Wrapped? {
        all().filter(ids: ids)
    }

    /// Returns whether a row exists for this primary key, for records
    /// whose `id` is optional.
    ///
    /// ```swift
    /// let playerExists = try Player.exists(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: Whether a row exists.
    /// - Throws: A ``DatabaseError``.
    public static func exists<Wrapped: DatabaseValueConvertible>(_ db: Database, id: Wrapped) throws -> Bool where ID == Wrapped? {
        try exists(db, key: id)
    }

    /// Deletes the row with this primary key, for records whose `id` is
    /// optional.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id = 1
    /// try Player.deleteOne(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: Whether a row was deleted.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteOne<Wrapped: DatabaseValueConvertible>(_ db: Database, id: Wrapped) throws -> Bool where ID == Wrapped? {
        try deleteOne(db, key: id)
    }

    /// Deletes the rows with these primary keys, for records whose `id` is
    /// optional.
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id IN (1, 2, 3)
    /// try Player.deleteAll(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: The number of deleted rows.
    /// - Throws: A ``DatabaseError``.
    @discardableResult
    public static func deleteAll<Wrapped: DatabaseValueConvertible>(_ db: Database, ids: some Collection<Wrapped>) throws -> Int where ID == Wrapped? {
        try deleteAll(db, keys: ids)
    }
}

extension QueryInterfaceRequest {
    /// Returns whether the request matches a row, with
    /// `SELECT EXISTS (...)`.
    func fetchExists(_ db: Database) throws -> Bool {
        var context = SQLGenerationContext(db: db)
        let sql = try SQLQueryGenerator(query: query).sql(&context)
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (\(sql))", arguments: context.arguments) ?? false
    }
}
