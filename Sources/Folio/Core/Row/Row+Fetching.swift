// Fetching rows from statements, SQL and requests.
//
// Rows fetched by `fetchAll`, `fetchSet` and `fetchOne` are copies; rows of
// a cursor read live from the statement and are reused at each step.

extension Row {
    // MARK: From a statement

    /// Returns a cursor of the rows of a statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE score > ?")
    /// let rows = try Row.fetchCursor(statement, arguments: [1000])
    /// while let row = try rows.next() { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil.
    /// - Returns: A cursor of reused rows.
    /// - Throws: A ``DatabaseError``, when the arguments or the adapter do
    ///   not fit the statement.
    public static func fetchCursor(
        _ statement: Statement,
        arguments: StatementArguments? = nil,
        adapter: (any RowAdapter)? = nil) throws -> RowCursor
    {
        let layout = try adapter?.rowLayout(for: statement)
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return RowCursor(statement: statement, layout: layout, adapter: adapter)
    }

    /// Returns the rows of a statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE score > ?")
    /// let rows = try Row.fetchAll(statement, arguments: [1000])
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil.
    /// - Returns: An array of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchAll(
        _ statement: Statement,
        arguments: StatementArguments? = nil,
        adapter: (any RowAdapter)? = nil) throws -> [Row]
    {
        let layout = try adapter?.rowLayout(for: statement)
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return try RowCursor(statement: statement, layout: layout, adapter: adapter).copyAll()
    }

    /// Returns the distinct rows of a statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT DISTINCT teamId FROM player")
    /// let rows = try Row.fetchSet(statement)
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil.
    /// - Returns: A set of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchSet(
        _ statement: Statement,
        arguments: StatementArguments? = nil,
        adapter: (any RowAdapter)? = nil) throws -> Set<Row>
    {
        try Set(fetchAll(statement, arguments: arguments, adapter: adapter))
    }

    /// Returns the first row of a statement, or nil.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player WHERE id = ?")
    /// let row = try Row.fetchOne(statement, arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the row, or nil.
    /// - Returns: A row, or nil.
    /// - Throws: A ``DatabaseError``.
    public static func fetchOne(
        _ statement: Statement,
        arguments: StatementArguments? = nil,
        adapter: (any RowAdapter)? = nil) throws -> Row?
    {
        let cursor = try fetchCursor(statement, arguments: arguments, adapter: adapter)
        return try cursor.next()?.copy()
    }

    // MARK: From SQL

    /// Returns a cursor of the rows of an SQL query.
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT * FROM player WHERE score > ?", arguments: [500])
    /// while let row = try rows.next() {
    ///     let name: String = row["name"]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil.
    /// - Returns: A cursor of reused rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(
        _ db: Database,
        sql: String,
        arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil) throws -> RowCursor
    {
        try fetchCursor(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns the rows of an SQL query.
    ///
    /// ```swift
    /// let rows = try Row.fetchAll(db, sql: "SELECT * FROM player")
    /// let adapted = try Row.fetchAll(db, sql: "SELECT 1 AS a, 2 AS b", adapter: SuffixRowAdapter(fromIndex: 1))
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil.
    /// - Returns: An array of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchAll(
        _ db: Database,
        sql: String,
        arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil) throws -> [Row]
    {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns the distinct rows of an SQL query.
    ///
    /// ```swift
    /// let rows = try Row.fetchSet(db, sql: "SELECT teamId FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil.
    /// - Returns: A set of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchSet(
        _ db: Database,
        sql: String,
        arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil) throws -> Set<Row>
    {
        try fetchSet(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns the first row of an SQL query, or nil.
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the row, or nil.
    /// - Returns: A row, or nil.
    /// - Throws: A ``DatabaseError``.
    public static func fetchOne(
        _ db: Database,
        sql: String,
        arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil) throws -> Row?
    {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    // MARK: From a request

    /// Returns a cursor of the rows of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A cursor of reused rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> RowCursor {
        try request.makePreparedRequest(db, forSingleResult: false).makeRowCursor(db)
    }

    /// Returns the rows of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: An array of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Row] {
        try request.makePreparedRequest(db, forSingleResult: false).fetchAllRows(db)
    }

    /// Returns the distinct rows of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A set of rows.
    /// - Throws: A ``DatabaseError``.
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Row> {
        try Set(fetchAll(db, request))
    }

    /// Returns the first row of a request, or nil.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A row, or nil.
    /// - Throws: A ``DatabaseError``.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Row? {
        try request.makePreparedRequest(db, forSingleResult: true).fetchAllRows(db).first
    }
}

extension FetchRequest where RowDecoder == Row {
    /// Returns a cursor of the rows of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of reused rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> RowCursor {
        try Row.fetchCursor(db, self)
    }

    /// Returns the rows of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchAll(_ db: Database) throws -> [Row] {
        try Row.fetchAll(db, self)
    }

    /// Returns the distinct rows of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchSet(_ db: Database) throws -> Set<Row> {
        try Row.fetchSet(db, self)
    }

    /// Returns the first row of the request, or nil.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A row, or nil.
    /// - Throws: A ``DatabaseError``.
    public func fetchOne(_ db: Database) throws -> Row? {
        try Row.fetchOne(db, self)
    }
}
