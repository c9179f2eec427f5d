/// A request that fetches values of type `RowDecoder` (rows, values, or
/// records).
///
/// ``SQLRequest``, the query interface requests, ``AdaptedFetchRequest``
/// and ``AnyFetchRequest`` adopt it:
///
/// ```swift
/// let request: SQLRequest<String> = "SELECT name FROM player"
/// let names = try request.fetchAll(db)
/// ```
///
/// As in GRDB, a request is also a subquery (``SQLSubqueryable``), usable
/// wherever an SQL expression is, and a database region
/// (``DatabaseRegionConvertible``) that observations can track; it is
/// `Sendable`.
public protocol FetchRequest<RowDecoder>: SQLSubqueryable, DatabaseRegionConvertible {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// Returns a prepared statement, arguments set, ready to run.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - singleResult: A hint that one row only is needed, so that the
    ///     request can add `LIMIT 1`.
    /// - Returns: A prepared request.
    /// - Throws: A ``DatabaseError``.
    func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest

    /// Returns the number of rows the request would fetch.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The number of rows.
    /// - Throws: A ``DatabaseError``.
    func fetchCount(_ db: Database) throws -> Int
}

extension FetchRequest {
    /// Returns a prepared statement, arguments set, ready to run.
    ///
    /// ```swift
    /// let statement = try request.makePreparedRequest(db).statement
    /// print(statement.sql)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A prepared request.
    /// - Throws: A ``DatabaseError``.
    public func makePreparedRequest(_ db: Database) throws -> PreparedRequest {
        try makePreparedRequest(db, forSingleResult: false)
    }

    /// Returns whether the request fetches no row.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether there is no row.
    /// - Throws: A ``DatabaseError``.
    public func isEmpty(_ db: Database) throws -> Bool {
        try fetchCount(db) == 0
    }
}
