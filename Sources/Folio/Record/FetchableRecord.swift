/// A type that can be built from a database row.
///
/// ```swift
/// struct Player: FetchableRecord {
///     var id: Int64
///     var name: String
///
///     init(row: Row) throws {
///         id = try row.decode(forColumn: "id")
///         name = try row.decode(forColumn: "name")
///     }
/// }
///
/// let players = try Player.fetchAll(db, sql: "SELECT * FROM player")
/// ```
///
/// `Decodable` types get `init(row:)` for free.
public protocol FetchableRecord {
    /// Creates a record from a row.
    ///
    /// The row may be reused by the next step of a cursor: copy it
    /// (``Row/copy()``) to keep it.
    ///
    /// - Parameter row: A database row.
    /// - Throws: An error when the row can not be decoded.
    init(row: Row) throws
}
