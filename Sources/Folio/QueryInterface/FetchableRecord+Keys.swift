// Fetching records by primary and unique keys.
//
// A key identifies one row at most, so `fetchOne` by key does not add
// `LIMIT 1` to the SQL. Empty key lists and nil keys fetch nothing without
// running SQL (cursors run `WHERE 0`).

extension FetchableRecord where Self: TableRecord {
    // MARK: Primary keys

    /// Returns a cursor of the records with these primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let players = try Player.fetchCursor(db, keys: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: Primary key values.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, keys: some Collection<some DatabaseValueConvertible>) throws -> RecordCursor<Self> {
        try filter(keys: keys).fetchCursor(db)
    }

    /// Returns the records with these primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let players = try Player.fetchAll(db, keys: [1, 2, 3])
    ///
    /// // SELECT * FROM country WHERE isoCode IN ('FR', 'US')
    /// let countries = try Country.fetchAll(db, keys: ["FR", "US"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: Primary key values.
    /// - Returns: An array of records, in no particular order.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchAll(_ db: Database, keys: some Collection<some DatabaseValueConvertible>) throws -> [Self] {
        if keys.isEmpty { return [] }
        return try filter(keys: keys).fetchAll(db)
    }

    /// Returns the record with this primary key, or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let player = try Player.fetchOne(db, key: 1)
    ///
    /// // Tables without explicit primary key use the hidden rowid:
    /// // SELECT * FROM event WHERE rowid = 1
    /// let event = try Event.fetchOne(db, key: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value. A NULL key (such as a nil optional)
    ///     fetches nothing, and runs no SQL.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError`` (also when the table has a composite
    ///   primary key), or the error of `init(row:)`.
    public static func fetchOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        if key.databaseValue.isNull { return nil }
        return try fetchOneByKey(db, filter(key: key))
    }

    /// Returns the record with this primary key.
    ///
    /// ```swift
    /// let player = try Player.find(db, key: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: A primary key value.
    /// - Returns: A record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)`` when
    ///   no row has this key, a ``DatabaseError``, or the error of
    ///   `init(row:)`.
    public static func find(_ db: Database, key: some DatabaseValueConvertible) throws -> Self {
        if let record = try fetchOne(db, key: key) {
            return record
        }
        let column = try SQLExpression.singlePrimaryKeyColumn(of: databaseTableName, db)
        let value = RecordKeyValue(key).databaseValue(column: column, strategies: RecordKeyEncodingStrategies(Self.self))
        throw RecordError.recordNotFound(databaseTableName: databaseTableName, key: [column: value])
    }

    // MARK: Unique keys

    /// Returns a cursor of the records with these unique keys.
    ///
    /// ```swift
    /// let citizenships = try Citizenship.fetchCursor(db, keys: [["playerID": 1, "countryISOCode": "FR"]])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: An array of values by column name.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``, also when some columns are not a
    ///   unique key of the table.
    public static func fetchCursor(_ db: Database, keys: [[String: (any DatabaseValueConvertible)?]]) throws -> RecordCursor<Self> {
        try filter(keys: keys).fetchCursor(db)
    }

    /// Returns the records with these unique keys.
    ///
    /// ```swift
    /// let citizenships = try Citizenship.fetchAll(db, keys: [
    ///     ["playerID": 1, "countryISOCode": "FR"],
    ///     ["playerID": 2, "countryISOCode": "US"],
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: An array of values by column name.
    /// - Returns: An array of records, in no particular order.
    /// - Throws: A ``DatabaseError``, also when some columns are not a
    ///   unique key of the table, or the error of `init(row:)`.
    public static func fetchAll(_ db: Database, keys: [[String: (any DatabaseValueConvertible)?]]) throws -> [Self] {
        if keys.isEmpty { return [] }
        return try filter(keys: keys).fetchAll(db)
    }

    /// Returns the record with this unique key (the primary key, or the
    /// columns of a unique index), or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE email = 'arthur@example.com'
    /// let player = try Player.fetchOne(db, key: ["email": "arthur@example.com"])
    ///
    /// // SELECT * FROM citizenship WHERE (playerID = 1) AND (countryISOCode = 'FR')
    /// let citizenship = try Citizenship.fetchOne(db, key: ["playerID": 1, "countryISOCode": "FR"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name, or nil (no SQL runs).
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError`` when the columns are not a unique key
    ///   of the table, or the error of `init(row:)`.
    public static func fetchOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]?) throws -> Self? {
        guard let key else { return nil }
        return try fetchOneByKey(db, filter(key: key))
    }

    /// Returns the record with this unique key.
    ///
    /// ```swift
    /// let player = try Player.find(db, key: ["email": "arthur@example.com"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - key: Values by column name.
    /// - Returns: A record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)`` when
    ///   no row has this key, a ``DatabaseError`` (also when the columns
    ///   are not a unique key of the table), or the error of `init(row:)`.
    public static func find(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Self {
        if let record = try fetchOne(db, key: key) {
            return record
        }
        let strategies = RecordKeyEncodingStrategies(Self.self)
        var values: [String: DatabaseValue] = [:]
        for (column, value) in key {
            values[column] = RecordKeyValue(value).databaseValue(column: column, strategies: strategies)
        }
        throw RecordError.recordNotFound(databaseTableName: databaseTableName, key: values)
    }

    /// Fetches the record of a request filtered by a key, without
    /// `LIMIT 1`: a key identifies one row at most.
    static func fetchOneByKey(_ db: Database, _ request: QueryInterfaceRequest<Self>) throws -> Self? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try fetchOne(prepared, db)
    }
}

extension FetchableRecord where Self: TableRecord & Identifiable, ID: DatabaseValueConvertible {
    /// Returns a cursor of the records with these primary keys.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, ids: some Collection<ID>) throws -> RecordCursor<Self> {
        try fetchCursor(db, keys: ids)
    }

    /// Returns the records with these primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let players = try Player.fetchAll(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: An array of records, in no particular order.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchAll(_ db: Database, ids: some Collection<ID>) throws -> [Self] {
        try fetchAll(db, keys: ids)
    }

    /// Returns the record with this primary key, or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let player = try Player.fetchOne(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchOne(_ db: Database, id: ID) throws -> Self? {
        try fetchOne(db, key: id)
    }

    /// Returns the record with this primary key.
    ///
    /// ```swift
    /// do {
    ///     let player = try Player.find(db, id: 1)
    /// } catch RecordError.recordNotFound {
    ///     // No such player
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: A record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)`` when
    ///   no row has this key, a ``DatabaseError``, or the error of
    ///   `init(row:)`.
    public static func find(_ db: Database, id: ID) throws -> Self {
        try find(db, key: id)
    }
}

extension FetchableRecord where Self: TableRecord & Identifiable {
    /// Returns a cursor of the records with these primary keys, for records
    /// whose `id` is optional.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor<Wrapped: DatabaseValueConvertible>(_ db: Database, ids: some Collection<Wrapped>) throws -> RecordCursor<Self> where ID == Wrapped? {
        try fetchCursor(db, keys: ids)
    }

    /// Returns the records with these primary keys, for records whose `id`
    /// is optional.
    ///
    /// ```swift
    /// // SELECT *, rowid FROM player WHERE rowid IN (1, 2, 3)
    /// let players = try Player.fetchAll(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchAll<Wrapped: DatabaseValueConvertible>(_ db: Database, ids: some Collection<Wrapped>) throws -> [Self] where ID == Wrapped? {
        try fetchAll(db, keys: ids)
    }

    /// Returns the record with this primary key, or nil, for records whose
    /// `id` is optional.
    ///
    /// ```swift
    /// // SELECT *, rowid FROM player WHERE rowid = 1
    /// let player = try Player.fetchOne(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchOne<Wrapped: DatabaseValueConvertible>(_ db: Database, id: Wrapped) throws -> Self? where ID == Wrapped? {
        try fetchOne(db, key: id)
    }

    /// Returns the record with this primary key, for records whose `id` is
    /// optional.
    ///
    /// ```swift
    /// let player = try Player.find(db, id: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - id: A primary key.
    /// - Returns: A record.
    /// - Throws: ``RecordError/recordNotFound(databaseTableName:key:)`` when
    ///   no row has this key, a ``DatabaseError``, or the error of
    ///   `init(row:)`.
    public static func find<Wrapped: DatabaseValueConvertible>(_ db: Database, id: Wrapped) throws -> Self where ID == Wrapped? {
        try find(db, key: id)
    }
}

extension FetchableRecord where Self: TableRecord & Hashable {
    /// Returns the distinct records with these primary keys.
    ///
    /// ```swift
    /// let countries: Set<Country> = try Country.fetchSet(db, keys: ["FR", "US"])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: Primary key values.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchSet(_ db: Database, keys: some Collection<some DatabaseValueConvertible>) throws -> Set<Self> {
        if keys.isEmpty { return [] }
        return try filter(keys: keys).fetchSet(db)
    }

    /// Returns the distinct records with these unique keys.
    ///
    /// ```swift
    /// let players: Set<Player> = try Player.fetchSet(db, keys: [["email": "arthur@example.com"]])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - keys: An array of values by column name.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, also when some columns are not a
    ///   unique key of the table, or the error of `init(row:)`.
    public static func fetchSet(_ db: Database, keys: [[String: (any DatabaseValueConvertible)?]]) throws -> Set<Self> {
        if keys.isEmpty { return [] }
        return try filter(keys: keys).fetchSet(db)
    }
}

extension FetchableRecord where Self: TableRecord & Hashable & Identifiable, ID: DatabaseValueConvertible {
    /// Returns the distinct records with these primary keys.
    ///
    /// ```swift
    /// let players: Set<Player> = try Player.fetchSet(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchSet(_ db: Database, ids: some Collection<ID>) throws -> Set<Self> {
        try fetchSet(db, keys: ids)
    }
}

extension FetchableRecord where Self: TableRecord & Hashable & Identifiable {
    /// Returns the distinct records with these primary keys, for records
    /// whose `id` is optional.
    ///
    /// ```swift
    /// let players: Set<Player> = try Player.fetchSet(db, ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - ids: A collection of primary keys.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchSet<Wrapped: DatabaseValueConvertible>(_ db: Database, ids: some Collection<Wrapped>) throws -> Set<Self> where ID == Wrapped? {
        try fetchSet(db, keys: ids)
    }
}
