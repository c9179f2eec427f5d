// Fetching all records of a table: `Player.fetchAll(db)`...
//
// These methods fetch `all()`: the default selection of the record type
// (`SELECT * FROM player`, or `SELECT *, rowid FROM player` when
// `databaseSelection` is `[.allColumns, .rowID]`).

extension FetchableRecord where Self: TableRecord {
    /// Returns a cursor of all records of the table.
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let players = try Player.fetchCursor(db)
    /// while let player = try players.next() { ... }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database) throws -> RecordCursor<Self> {
        try all().fetchCursor(db)
    }

    /// Returns all records of the table.
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let players = try Player.fetchAll(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchAll(_ db: Database) throws -> [Self] {
        try all().fetchAll(db)
    }

    /// Returns the first record of the table, or nil.
    ///
    /// ```swift
    /// // SELECT * FROM player LIMIT 1
    /// let player = try Player.fetchOne(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchOne(_ db: Database) throws -> Self? {
        try all().fetchOne(db)
    }
}

extension FetchableRecord where Self: TableRecord & Hashable {
    /// Returns all distinct records of the table.
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let players: Set<Player> = try Player.fetchSet(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchSet(_ db: Database) throws -> Set<Self> {
        try all().fetchSet(db)
    }
}
