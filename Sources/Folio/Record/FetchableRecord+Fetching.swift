// Fetching records from statements, SQL and requests.
//
// The methods that build arrays and sets are @inlinable: it allows
// specialization for the record type in client code, so that the loop
// calls `init(row:)` directly and appends without generic indirection.

extension FetchableRecord {
    // MARK: From a statement

    /// Returns a cursor of the records of a statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE score > ?")
    /// let players = try Player.fetchCursor(statement, arguments: [1000])
    /// while let player = try players.next() { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError`` when the arguments do not fit.
    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> RecordCursor<Self> {
        let layout = try adapter?.rowLayout(for: statement)
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return RecordCursor(statement: statement, layout: layout, adapter: adapter)
    }

    /// Returns the records of a statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE score > ?")
    /// let players = try Player.fetchAll(statement, arguments: [1000])
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> [Self] {
        let cursor = try fetchCursor(statement, arguments: arguments, adapter: adapter)
        var records: [Self] = []
        while let record = try cursor.next() {
            records.append(record)
        }
        return records
    }

}

extension FetchableRecord where Self: Hashable {
    /// Returns the distinct records of a statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE teamId = ?")
    /// let players: Set<Player> = try Player.fetchSet(statement, arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchSet(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> Set<Self> {
        let cursor = try fetchCursor(statement, arguments: arguments, adapter: adapter)
        var records: Set<Self> = []
        while let record = try cursor.next() {
            records.insert(record)
        }
        return records
    }
}

extension FetchableRecord {

    /// Returns the first record of a statement, or nil.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE id = ?")
    /// let player = try Player.fetchOne(statement, arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> Self? {
        let cursor = try fetchCursor(statement, arguments: arguments, adapter: adapter)
        return try cursor.next()
    }

    // MARK: From SQL

    /// Returns a cursor of the records of an SQL query.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
    /// while let player = try players.next() { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> RecordCursor<Self> {
        try fetchCursor(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns the records of an SQL query.
    ///
    /// ```swift
    /// let players = try Player.fetchAll(db, sql: "SELECT * FROM player WHERE score > ?", arguments: [1000])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

}

extension FetchableRecord where Self: Hashable {
    /// Returns the distinct records of an SQL query.
    ///
    /// ```swift
    /// let players: Set<Player> = try Player.fetchSet(db, sql: "SELECT * FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchSet(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> Set<Self> {
        try fetchSet(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }
}

extension FetchableRecord {

    /// Returns the first record of an SQL query, or nil.
    ///
    /// ```swift
    /// let player = try Player.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows the records are decoded from, or
    ///     nil (see ``RowAdapter``).
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    // MARK: From a request

    /// Returns a cursor of the records of a request.
    ///
    /// ```swift
    /// let request = Player.filter { $0.score > 1000 }
    /// let players = try Player.fetchCursor(db, request)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> RecordCursor<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try RecordCursor(prepared, db)
    }

    /// Returns the records of a request.
    ///
    /// ```swift
    /// let request = SQLRequest<Player>(sql: "SELECT * FROM player")
    /// let players = try Player.fetchAll(db, request)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Self] {
        let cursor = try fetchCursor(db, request)
        var records: [Self] = []
        while let record = try cursor.next() {
            records.append(record)
        }
        return records
    }

    /// Returns the first record of a request, or nil. Query interface
    /// requests get `LIMIT 1` when they have no limit.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC LIMIT 1
    /// let player = try Player.fetchOne(db, Player.order(\.score.desc))
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Self? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: true)
        return try fetchOne(prepared, db)
    }

    /// Returns the first record of a prepared request, or nil.
    static func fetchOne(_ prepared: PreparedRequest, _ db: Database) throws -> Self? {
        try RecordCursor(prepared, db).next()
    }
}

extension FetchableRecord where Self: Hashable {
    /// Returns the distinct records of a request.
    ///
    /// ```swift
    /// let request = SQLRequest<Player>(sql: "SELECT * FROM player")
    /// let players: Set<Player> = try Player.fetchSet(db, request)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Self> {
        let cursor = try fetchCursor(db, request)
        var records: Set<Self> = []
        while let record = try cursor.next() {
            records.insert(record)
        }
        return records
    }
}

extension RecordCursor {
    /// A cursor of the records of a prepared request: live rows, with the
    /// layout of joined requests, or rows fetched ahead when associated
    /// records are prefetched (`including(all:)`).
    convenience init(_ prepared: PreparedRequest, _ db: Database) throws {
        if prepared.supplementaryFetch != nil {
            try self.init(statement: prepared.statement, prefetchedRows: prepared.fetchAllRows(db))
        } else {
            self.init(statement: prepared.statement, layout: try prepared.rowLayout(), adapter: prepared.adapter)
        }
    }
}

extension FetchRequest where RowDecoder: FetchableRecord {
    /// Returns a cursor of the records of the request.
    ///
    /// ```swift
    /// let players = try Player.filter { $0.score > 1000 }.fetchCursor(db)
    /// while let player = try players.next() { ... }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, self)
    }

    /// Returns the records of the request.
    ///
    /// ```swift
    /// let players = try Player.order(\.score.desc).fetchAll(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try RowDecoder.fetchAll(db, self)
    }

}

extension FetchRequest where RowDecoder: FetchableRecord & Hashable {
    /// Returns the distinct records of the request.
    ///
    /// ```swift
    /// let players: Set<Player> = try Player.filter { $0.teamId == 1 }.fetchSet(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of records.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    @inlinable
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> {
        try RowDecoder.fetchSet(db, self)
    }
}

extension FetchRequest where RowDecoder: FetchableRecord {

    /// Returns the first record of the request, or nil. Query interface
    /// requests get `LIMIT 1` when they have no limit.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY score DESC LIMIT 1
    /// let bestPlayer = try Player.order(\.score.desc).fetchOne(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or the error of `init(row:)`.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try RowDecoder.fetchOne(db, self)
    }
}
