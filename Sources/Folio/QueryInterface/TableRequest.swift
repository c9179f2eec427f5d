/// A request on a database table.
public protocol TableRequest {
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
