// Filtering requests by primary and unique keys.

extension TableRequest where Self: FilteredRequest {
    /// Returns a request filtered by primary key.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Player.all().filter(key: 1)
    ///
    /// // SELECT * FROM country WHERE isoCode = 'FR'
    /// let request = Country.all().filter(key: "FR")
    ///
    /// // Tables without explicit primary key use the hidden rowid:
    /// // SELECT * FROM event WHERE rowid = 1
    /// let request = Event.all().filter(key: 1)
    /// ```
    ///
    /// A NULL key (such as a nil optional) matches no row. The primary key
    /// is looked up when the request runs: running it throws a
    /// ``DatabaseError`` when the table has a composite primary key: use a
    /// dictionary key instead.
    ///
    /// - Parameter key: A primary key value.
    /// - Returns: A request.
    // Disfavored: the trailing closure of `filter { ... }` matches the
    // `key` parameter too, and the type checker would otherwise explore
    // the closure body for it.
    @_disfavoredOverload
    public func filter(key: some DatabaseValueConvertible) -> Self {
        filter(primaryKeys: [RecordKeyValue(key)])
    }

    /// Returns a request filtered by primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let request = Player.all().filter(keys: [1, 2, 3])
    /// ```
    ///
    /// An empty list matches no row (`WHERE 0`).
    ///
    /// - Parameter keys: Primary key values.
    /// - Returns: A request.
    public func filter<Keys>(keys: Keys) -> Self where Keys: Collection, Keys.Element: DatabaseValueConvertible {
        filter(primaryKeys: keys.map { RecordKeyValue($0) })
    }

    /// Returns a request filtered by a unique key: the primary key, or the
    /// columns of a unique index.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE email = 'arthur@example.com'
    /// let request = Player.all().filter(key: ["email": "arthur@example.com"])
    ///
    /// // SELECT * FROM citizenship WHERE (playerID = 1) AND (countryISOCode = 'FR')
    /// let request = Citizenship.all().filter(key: ["playerID": 1, "countryISOCode": "FR"])
    /// ```
    ///
    /// A nil key, or a key that contains a NULL value, matches no row.
    /// Running the request throws a ``DatabaseError`` when the columns
    /// are not a unique key of the table (see
    /// ``Database/table(_:hasUniqueKey:)``).
    ///
    /// - Parameter key: Values by column name, or nil.
    /// - Returns: A request.
    public func filter(key: [String: (any DatabaseValueConvertible)?]?) -> Self {
        guard let key else {
            return filter(SQLExpression.matchingNothing)
        }
        return filter(keys: [key])
    }

    /// Returns a request filtered by unique keys: the primary key, or the
    /// columns of unique indexes.
    ///
    /// ```swift
    /// // SELECT * FROM citizenship
    /// // WHERE ((playerID = 1) AND (countryISOCode = 'FR'))
    /// //    OR ((playerID = 2) AND (countryISOCode = 'US'))
    /// let request = Citizenship.all().filter(keys: [
    ///     ["playerID": 1, "countryISOCode": "FR"],
    ///     ["playerID": 2, "countryISOCode": "US"],
    /// ])
    /// ```
    ///
    /// An empty list matches no row.
    ///
    /// - Parameter keys: An array of values by column name.
    /// - Returns: A request.
    public func filter(keys: [[String: (any DatabaseValueConvertible)?]]) -> Self {
        let keys = keys.map { $0.mapValues(RecordKeyValue.init) }
        let strategies = RecordKeyEncodingStrategies.of(RowDecoder.self, for: keys.lazy.flatMap(\.values))
        return filter(SQLExpression.uniqueKeys(of: databaseTableName, in: keys, strategies: strategies))
    }

    /// Returns a request filtered by primary key values, encoded with the
    /// coding strategies of the record type.
    private func filter(primaryKeys: [RecordKeyValue]) -> Self {
        let strategies = RecordKeyEncodingStrategies.of(RowDecoder.self, for: primaryKeys)
        return filter(SQLExpression.primaryKey(of: databaseTableName, in: primaryKeys, strategies: strategies))
    }
}

extension TableRequest where Self: FilteredRequest, RowDecoder: Identifiable, RowDecoder.ID: DatabaseValueConvertible {
    /// Returns a request filtered by primary key.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Player.all().filter(id: 1)
    /// ```
    ///
    /// - Parameter id: A primary key.
    /// - Returns: A request.
    public func filter(id: RowDecoder.ID) -> Self {
        filter(key: id)
    }

    /// Returns a request filtered by primary keys.
    ///
    /// ```swift
    /// // SELECT * FROM country WHERE isoCode IN ('FR', 'US')
    /// let request = Country.all().filter(ids: ["FR", "US"])
    /// ```
    ///
    /// - Parameter ids: A collection of primary keys.
    /// - Returns: A request.
    public func filter(ids: some Collection<RowDecoder.ID>) -> Self {
        filter(keys: ids)
    }
}

extension TableRequest
where Self: FilteredRequest,
      RowDecoder: Identifiable
{
    /// Returns a request filtered by primary key, for records whose `id`
    /// is optional.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id = 1
    /// let request = Player.all().filter(id: 1)
    /// ```
    ///
    /// - Parameter id: A primary key.
    /// - Returns: A request.
    public func filter<Wrapped: DatabaseValueConvertible>(id: Wrapped) -> Self where RowDecoder.ID == Wrapped? {
        filter(key: id)
    }

    /// Returns a request filtered by primary keys, for records whose `id`
    /// is optional.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (1, 2, 3)
    /// let request = Player.all().filter(ids: [1, 2, 3])
    /// ```
    ///
    /// - Parameter ids: A collection of primary keys.
    /// - Returns: A request.
    public func filter<Wrapped: DatabaseValueConvertible>(ids: some Collection<Wrapped>) -> Self where RowDecoder.ID == Wrapped? {
        filter(keys: ids)
    }
}
