/// A request on a database table.
public protocol TableRequest: TypedRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// The name of the queried table.
    var databaseTableName: String { get }

    /// Returns a request whose table is named by the alias, so that other
    /// parts of the query can refer to its columns.
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    func aliased(_ alias: TableAlias<RowDecoder>) -> Self
}

extension TableRequest {
    /// Returns a request whose table is named by the anonymous alias, so
    /// that other parts of the query can refer to its columns.
    ///
    /// ```swift
    /// // SELECT p.* FROM player p
    /// let alias = TableAlias(name: "p")
    /// let request = Player.all().aliased(alias)
    /// ```
    ///
    /// - Parameter alias: A table alias.
    /// - Returns: A request.
    public func aliased(_ alias: TableAlias<Void>) -> Self {
        aliased(TableAlias<RowDecoder>(sharing: alias))
    }
}
