/// A type-erased ``FetchRequest``: it forwards its operations to an
/// underlying request, and hides its type.
///
/// Use it to return requests of different types from one function:
///
/// ```swift
/// func playersRequest(sql: String?) -> AnyFetchRequest<Player> {
///     if let sql {
///         return AnyFetchRequest(SQLRequest<Player>(sql: sql))
///     }
///     return AnyFetchRequest(Player.order(Column("name")))
/// }
///
/// let players = try playersRequest(sql: nil).fetchAll(db)
/// let count = try playersRequest(sql: nil).fetchCount(db)
/// ```
///
/// The erased request prepares, counts, observes (its database region)
/// and nests in other requests as a subquery exactly as the underlying
/// request does. See <https://www.sqlite.org/lang_select.html> for the
/// statements it runs.
///
/// ## Topics
/// - ``init(_:)``
/// - ``asRequest(of:)``
/// - ``makePreparedRequest(_:forSingleResult:)``
/// - ``fetchCount(_:)``
/// - ``databaseRegion(_:)``
/// - ``sqlSubquery``
public struct AnyFetchRequest<RowDecoder> {
    /// The underlying request. Its type of fetched values may differ from
    /// `RowDecoder`, after ``asRequest(of:)``.
    private let request: any FetchRequest

    private init(erasing request: any FetchRequest) {
        self.request = request
    }

    /// Creates a request that wraps and forwards its operations to
    /// `request`.
    ///
    /// ```swift
    /// let request = AnyFetchRequest(Player.filter(Column("score") > 1000))
    /// let players = try request.fetchAll(db) // [Player]
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html>.
    ///
    /// - Parameter request: A request.
    public init(_ request: some FetchRequest<RowDecoder>) {
        self.init(erasing: request)
    }

    /// Returns a request that performs the same database query, and
    /// decodes the fetched rows with `type`.
    ///
    /// ```swift
    /// // AnyFetchRequest<Player>
    /// let playerRequest = AnyFetchRequest(Player.all())
    ///
    /// // AnyFetchRequest<Row>
    /// let rowRequest = playerRequest.asRequest(of: Row.self)
    /// ```
    ///
    /// The SQL is unchanged: see <https://www.sqlite.org/lang_select.html>.
    ///
    /// - Parameter type: The type of fetched values.
    /// - Returns: A request.
    public func asRequest<T>(of type: T.Type) -> AnyFetchRequest<T> {
        AnyFetchRequest<T>(erasing: request)
    }
}

extension AnyFetchRequest: FetchRequest {
    /// Returns the prepared request of the underlying request.
    ///
    /// The `singleResult` argument is a hint that a single row will be
    /// consumed: `fetchOne` passes true, and the underlying request may
    /// add `LIMIT 1`.
    ///
    /// ```swift
    /// let statement = try AnyFetchRequest(Player.all()).makePreparedRequest(db).statement
    /// print(statement.sql) // SELECT * FROM "player"
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - singleResult: A hint that a single result row will be consumed.
    /// - Returns: A prepared request.
    /// - Throws: The error of the underlying request, such as a
    ///   ``DatabaseError`` when SQLite can not compile its statement. See
    ///   <https://www.sqlite.org/c3ref/prepare.html>.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool = false) throws -> PreparedRequest {
        try request.makePreparedRequest(db, forSingleResult: singleResult)
    }

    /// Returns the number of rows fetched by the underlying request.
    ///
    /// ```swift
    /// let count = try AnyFetchRequest(Player.all()).fetchCount(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_aggfunc.html#count>.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: The error of the underlying request, such as a
    ///   ``DatabaseError``.
    public func fetchCount(_ db: Database) throws -> Int {
        try request.fetchCount(db)
    }
}

extension AnyFetchRequest: DatabaseRegionConvertible {
    /// Returns the database region that the underlying request feeds
    /// from: for a query interface request, the tables of its prefetched
    /// associations included.
    ///
    /// ```swift
    /// let request = AnyFetchRequest(Author.including(all: Author.books))
    /// let region = try request.databaseRegion(db) // author, book
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>, the SQLite hook
    /// that observations use to notice changes in the region.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A database region.
    /// - Throws: The error of the underlying request, such as a
    ///   ``DatabaseError`` when its statement can not be prepared.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try request.databaseRegion(db)
    }
}

extension AnyFetchRequest: SQLSubqueryable {
    /// The subquery of the underlying request, so that the erased request
    /// is usable as an expression, a selected value, or an ordering term.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE teamId IN (SELECT id FROM team)
    /// let teamIds = AnyFetchRequest(Team.select(Column("id"), as: Int64.self))
    /// let players = try Player.filter(teamIds.contains(Column("teamId"))).fetchAll(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#subquery_expressions>.
    public var sqlSubquery: SQLSubquery {
        request.sqlSubquery
    }
}
