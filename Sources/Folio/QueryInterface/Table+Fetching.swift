// Fetching from a `Table` whose `RowDecoder` is a record type or a value
// type: `Table<Player>("player").fetchAll(db)` fetches `Player` values,
// as `Player.fetchAll(db)` does. `Table("player")` (`Table<Row>`) fetches
// rows (see `Table.swift`).

extension Table where RowDecoder: FetchableRecord {
    /// Returns a cursor over the records of the table.
    ///
    /// ```swift
    /// let cursor = try Table<Player>("player").fetchCursor(db)
    /// while let element = try cursor.next() { ... }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder> {
        try all().fetchCursor(db)
    }

    /// Returns the records of the table.
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let elements = try Table<Player>("player").fetchAll(db) // [Player]
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try all().fetchAll(db)
    }

    /// Returns the first of the records of the table, or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player LIMIT 1
    /// let element = try Table<Player>("player").fetchOne(db) // Player?
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#limitoffset).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try all().fetchOne(db)
    }
}

extension Table where RowDecoder: FetchableRecord & Hashable {
    /// Returns the distinct records of the table.
    ///
    /// ```swift
    /// let elements = try Table<Player>("player").fetchSet(db) // Set<Player>
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> {
        try all().fetchSet(db)
    }
}

extension Table where RowDecoder: DatabaseValueConvertible {
    /// Returns a cursor over the values of the table (the leftmost column of each row).
    ///
    /// ```swift
    /// let cursor = try Table<String>("player").select(Column("name")).fetchCursor(db)
    /// while let element = try cursor.next() { ... }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> DatabaseValueCursor<RowDecoder> {
        try all().fetchCursor(db)
    }

    /// Returns the values of the table (the leftmost column of each row).
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let elements = try Table<String>("player").select(Column("name")).fetchAll(db) // [String]
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try all().fetchAll(db)
    }

    /// Returns the first of the values of the table, or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player LIMIT 1
    /// let element = try Table<String>("player").select(Column("name")).fetchOne(db) // String?
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#limitoffset).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try all().fetchOne(db)
    }
}

extension Table where RowDecoder: DatabaseValueConvertible & Hashable {
    /// Returns the distinct values of the table (the leftmost column of each row).
    ///
    /// ```swift
    /// let elements = try Table<String>("player").select(Column("name")).fetchSet(db) // Set<String>
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> {
        try all().fetchSet(db)
    }
}

extension Table where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible {
    /// Returns a cursor over the values of the table (the leftmost column of each row).
    ///
    /// ```swift
    /// let cursor = try Table<Int64>("player").select(Column("id")).fetchCursor(db)
    /// while let element = try cursor.next() { ... }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> FastDatabaseValueCursor<RowDecoder> {
        try all().fetchCursor(db)
    }

    /// Returns the values of the table (the leftmost column of each row).
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let elements = try Table<Int64>("player").select(Column("id")).fetchAll(db) // [Int64]
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try all().fetchAll(db)
    }

    /// Returns the first of the values of the table, or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player LIMIT 1
    /// let element = try Table<Int64>("player").select(Column("id")).fetchOne(db) // Int64?
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#limitoffset).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try all().fetchOne(db)
    }
}

extension Table where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible & Hashable {
    /// Returns the distinct values of the table (the leftmost column of each row).
    ///
    /// ```swift
    /// let elements = try Table<Int64>("player").select(Column("id")).fetchSet(db) // Set<Int64>
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html).
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> {
        try all().fetchSet(db)
    }
}
