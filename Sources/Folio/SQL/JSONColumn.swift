/// A column of a database table that contains JSON text.
///
/// A `JSONColumn` is a column (``ColumnExpression``) and a JSON value
/// (``SQLJSONExpressible``): it gives access to the JSON subcomponents,
/// and is embedded as JSON in the functions that build JSON.
///
/// ```swift
/// struct Player: FetchableRecord, TableRecord {
///     enum Columns {
///         static let address = JSONColumn("address")
///     }
/// }
///
/// // SELECT * FROM "player" WHERE "address" ->> 'country' = 'DE'
/// let germanPlayers = try Player
///     .filter(Player.Columns.address["country"] == "DE")
///     .fetchAll(db)
/// ```
///
/// See <https://www.sqlite.org/json1.html>.
public struct JSONColumn: ColumnExpression, SQLJSONExpressible, Sendable {
    /// The name of the column.
    public var name: String

    /// Creates a JSON column from its name.
    ///
    /// ```swift
    /// let address = JSONColumn("address")
    /// ```
    ///
    /// - Parameter name: The column name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a JSON column from a coding key.
    ///
    /// ```swift
    /// let address = JSONColumn(CodingKeys.address)
    /// ```
    ///
    /// - Parameter codingKey: A coding key, whose string value is the
    ///   column name.
    public init(_ codingKey: some CodingKey) {
        self.name = codingKey.stringValue
    }
}
