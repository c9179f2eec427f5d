/// A request built from SQL.
///
/// ```swift
/// let request: SQLRequest<Player> = "SELECT * FROM player WHERE name = \(name)"
/// let players = try request.fetchAll(db)
///
/// let countRequest = SQLRequest<Int>(sql: "SELECT COUNT(*) FROM player")
/// let count = try countRequest.fetchOne(db)
/// ```
///
/// Interpolated values are bound as arguments (see ``SQL``).
///
/// A request can adapt its rows with a ``RowAdapter``:
///
/// ```swift
/// let request = SQLRequest<Row>(
///     sql: "SELECT player.*, team.* FROM player JOIN team ON team.id = player.teamId",
///     adapter: ScopeAdapter(["team": SuffixRowAdapter(fromIndex: 3)]))
/// let row = try request.fetchOne(db)!
/// let teamRow = row.scopes["team"]
/// ```
public struct SQLRequest<RowDecoder>: FetchRequest, Sendable {
    /// The SQL literal of the request.
    public var sqlLiteral: SQL

    /// The adapter of the fetched rows, or nil.
    ///
    /// ```swift
    /// var request = SQLRequest<Row>(sql: "SELECT 1 AS a, 2 AS b")
    /// request.adapter = SuffixRowAdapter(fromIndex: 1)
    /// try request.fetchOne(db) // [b:2]
    /// ```
    public var adapter: (any RowAdapter)?

    /// Whether the statement is cached by the connection.
    let cached: Bool

    /// Creates a request from raw SQL.
    ///
    /// ```swift
    /// let request = SQLRequest<String>(sql: "SELECT name FROM player WHERE id = ?", arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the fetched rows, or nil.
    ///   - cached: Whether the prepared statement is cached and reused by
    ///     the connection. Default: false.
    public init(
        sql: String,
        arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil,
        cached: Bool = false)
    {
        self.init(literal: SQL(sql: sql, arguments: arguments), adapter: adapter, cached: cached)
    }

    /// Creates a request from an SQL literal.
    ///
    /// ```swift
    /// let request = SQLRequest<Player>(literal: "SELECT * FROM player WHERE name = \(name)")
    /// ```
    ///
    /// - Parameters:
    ///   - sqlLiteral: An SQL literal.
    ///   - adapter: The adapter of the fetched rows, or nil.
    ///   - cached: Whether the prepared statement is cached and reused.
    public init(literal sqlLiteral: SQL, adapter: (any RowAdapter)? = nil, cached: Bool = false) {
        self.sqlLiteral = sqlLiteral
        self.adapter = adapter
        self.cached = cached
    }

    /// Returns the prepared statement of the request, with its adapter.
    ///
    /// ```swift
    /// let statement = try request.makePreparedRequest(db).statement
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - singleResult: Ignored: SQL requests are run as written.
    /// - Returns: A prepared request.
    /// - Throws: A ``DatabaseError``.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool = false) throws -> PreparedRequest {
        let (sql, arguments) = try sqlLiteral.build(db)
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        return PreparedRequest(statement: statement, adapter: adapter)
    }

    /// Returns the number of rows, with `SELECT COUNT(*) FROM (<sql>)`.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchCount(_ db: Database) throws -> Int {
        let (sql, arguments) = try sqlLiteral.build(db)
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(sql))", arguments: arguments) ?? 0
    }
}

extension SQLRequest where RowDecoder == Row {
    /// Creates a request of rows from raw SQL.
    ///
    /// ```swift
    /// let request = SQLRequest(sql: "SELECT * FROM player")
    /// let rows = try request.fetchAll(db) // [Row]
    /// ```
    ///
    /// - Parameters:
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the fetched rows, or nil.
    ///   - cached: Whether the prepared statement is cached.
    public init(
        sql: String,
        arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil,
        cached: Bool = false)
    {
        self.init(literal: SQL(sql: sql, arguments: arguments), adapter: adapter, cached: cached)
    }

    /// Creates a request of rows from an SQL literal.
    ///
    /// ```swift
    /// let request = SQLRequest(literal: "SELECT * FROM player WHERE name = \(name)")
    /// let rows = try request.fetchAll(db) // [Row]
    /// ```
    ///
    /// - Parameters:
    ///   - sqlLiteral: An SQL literal.
    ///   - adapter: The adapter of the fetched rows, or nil.
    ///   - cached: Whether the prepared statement is cached.
    public init(literal sqlLiteral: SQL, adapter: (any RowAdapter)? = nil, cached: Bool = false) {
        self.sqlLiteral = sqlLiteral
        self.adapter = adapter
        self.cached = cached
    }
}

extension SQLRequest: ExpressibleByStringInterpolation {
    /// Creates a request from raw SQL, when the literal is a single
    /// extended grapheme cluster.
    ///
    /// ```swift
    /// let request = SQLRequest<Row>(extendedGraphemeClusterLiteral: "SELECT 1")
    /// let row = try request.fetchOne(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang.html>.
    ///
    /// - Parameter value: Raw SQL.
    public init(extendedGraphemeClusterLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a request from raw SQL, when the literal is a single
    /// Unicode scalar.
    ///
    /// ```swift
    /// let request = SQLRequest<Row>(unicodeScalarLiteral: "SELECT 1")
    /// let row = try request.fetchOne(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang.html>.
    ///
    /// - Parameter value: Raw SQL.
    public init(unicodeScalarLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a request from a raw SQL string literal.
    public init(stringLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a request from an interpolated string, whose values are
    /// bound as arguments.
    public init(stringInterpolation: SQLInterpolation) {
        self.init(literal: SQL(stringInterpolation: stringInterpolation))
    }
}
