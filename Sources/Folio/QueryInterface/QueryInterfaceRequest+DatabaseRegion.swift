// The region observed by query interface requests: the tables and columns
// read by their SQL, plus the tables of the associations they prefetch with
// `including(all:)`, which are fetched by other statements.

extension QueryInterfaceRequest: DatabaseRegionConvertible {
    /// Returns the database region read by the request, prefetched
    /// associations included.
    ///
    /// ```swift
    /// let request = Author.including(all: Author.books)
    /// let region = try request.databaseRegion(db) // author, book
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The database region.
    /// - Throws: A ``DatabaseError`` when the request can not be prepared.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        let statement = try makePreparedRequest(db).statement
        var region = try query.resolved(db).narrowedRegion(of: statement, db) ?? statement.databaseRegion
        func addPrefetches(of relation: SQLRelation) {
            for (_, child) in relation.children {
                if child.kind == .all {
                    for step in child.prefetchSteps {
                        region.formUnion(DatabaseRegion(table: step.relation.tableName))
                        addPrefetches(of: step.relation)
                    }
                } else {
                    addPrefetches(of: child.relation)
                }
            }
        }
        addPrefetches(of: query.relation)
        return region
    }
}
