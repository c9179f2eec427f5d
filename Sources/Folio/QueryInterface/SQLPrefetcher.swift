/// Fetches the to-many associated rows of `including(all:)` requests, in
/// one query per association, after the main rows are fetched.
enum SQLPrefetcher {
    /// Returns the work that prefetches the `.all` children of a relation,
    /// or nil when there is none.
    static func supplementaryFetch(for relation: SQLRelation, _ db: Database) throws -> ((Database, [Row]) throws -> Void)? {
        guard relation.children.contains(where: { $0.child.kind == .all }) else { return nil }
        throw DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "including(all:) is not supported yet")
    }
}
