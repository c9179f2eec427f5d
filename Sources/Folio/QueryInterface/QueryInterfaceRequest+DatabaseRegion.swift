// The region observed by query interface requests: the tables and columns
// read by their SQL, plus the columns read by the queries of the
// associations they prefetch with `including(all:)`, which are other
// statements.

extension QueryInterfaceRequest: DatabaseRegionConvertible {
    /// Returns the database region read by the request, prefetched
    /// associations included.
    ///
    /// ```swift
    /// let request = Author.including(all: Author.books)
    /// // author(id,name),book(authorId,id,title)
    /// let region = try request.databaseRegion(db)
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The database region.
    /// - Throws: A ``DatabaseError`` when the request can not be prepared.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        let statement = try makePreparedRequest(db).statement
        let resolvedQuery = try query.resolved(db)
        var region = try resolvedQuery.narrowedRegion(of: statement, db) ?? statement.databaseRegion
        // The prefetched associations: the columns that their queries
        // read, as GRDB lists them.
        if let prefetcher = try SQLPrefetcher(relation: resolvedQuery.relation, db: db, firstHiddenColumn: { 0 }) {
            region.formUnion(try prefetcher.databaseRegion(db))
        }
        return region
    }
}
