extension FetchRequest {
    /// Returns a request that runs the same query, and adapts the fetched
    /// rows with a row adapter.
    ///
    /// ```swift
    /// let request: SQLRequest<PlayerInfo> = """
    ///     SELECT player.*, team.* FROM player LEFT JOIN team ON team.id = player.teamId
    ///     """
    /// let adapted = request.adapted { db in
    ///     let adapters = try splittingRowAdapters(columnCounts: [
    ///         db.columns(in: "player").count,
    ///         db.columns(in: "team").count,
    ///     ])
    ///     return ScopeAdapter(["player": adapters[0], "team": adapters[1]])
    /// }
    /// let playerInfos = try adapted.fetchAll(db)
    /// ```
    ///
    /// The adapter applies to the rows as the request adapts them: when
    /// the request has an adapter already (an ``SQLRequest`` with an
    /// adapter, another adapted request), the new adapter adapts its
    /// output. See ``RowAdapter``.
    ///
    /// - Parameter adapter: A function that returns the row adapter, given
    ///   a database connection. It is called each time the request is
    ///   prepared.
    /// - Returns: An adapted request.
    public func adapted(_ adapter: @escaping @Sendable (Database) throws -> any RowAdapter) -> AdaptedFetchRequest<Self> {
        AdaptedFetchRequest(base: self, adapter: adapter)
    }
}

/// A request that adapts the rows of another request with a row adapter.
///
/// Build it with ``FetchRequest/adapted(_:)``:
///
/// ```swift
/// let request = SQLRequest<Row>(sql: "SELECT 1 AS a, 2 AS b")
///     .adapted { _ in SuffixRowAdapter(fromIndex: 1) }
/// try request.fetchOne(db) // [b:2]
/// ```
public struct AdaptedFetchRequest<Base: FetchRequest> {
    /// The adapted request.
    let base: Base

    /// Returns the adapter, given a database connection.
    let adapter: @Sendable (Database) throws -> any RowAdapter
}

extension AdaptedFetchRequest: FetchRequest {
    /// The type of fetched values: the one of the base request.
    public typealias RowDecoder = Base.RowDecoder

    /// Returns the prepared request of the base request, with the adapter.
    ///
    /// ```swift
    /// let prepared = try request.adapted { _ in SuffixRowAdapter(fromIndex: 1) }.makePreparedRequest(db)
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - singleResult: A hint that one row only is needed, given to the
    ///     base request.
    /// - Returns: A prepared request.
    /// - Throws: A ``DatabaseError``, or the error of the adapter function.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool = false) throws -> PreparedRequest {
        var prepared = try base.makePreparedRequest(db, forSingleResult: singleResult)
        let adapter = try self.adapter(db)
        if let baseAdapter = prepared.adapter {
            prepared.adapter = ChainedRowAdapter(first: baseAdapter, second: adapter)
        } else {
            prepared.adapter = adapter
        }
        return prepared
    }

    /// Returns the number of rows of the base request: adapters change the
    /// columns of rows, not their number.
    ///
    /// ```swift
    /// let count = try request.adapted { _ in EmptyRowAdapter() }.fetchCount(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: A ``DatabaseError``.
    public func fetchCount(_ db: Database) throws -> Int {
        try base.fetchCount(db)
    }
}

extension AdaptedFetchRequest {
    /// Returns the database region of the base request.
    ///
    /// ```swift
    /// let region = try request.adapted { _ in EmptyRowAdapter() }.databaseRegion(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The region read by the request.
    /// - Throws: A ``DatabaseError``.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try base.databaseRegion(db)
    }
}
