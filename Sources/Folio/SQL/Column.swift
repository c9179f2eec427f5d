

/// A column of a database table.
///
/// ```swift
/// let nameColumn = Column("name")
/// let name: String = row[nameColumn]
///
/// // Columns from the coding keys of a Codable record:
/// extension Player {
///     enum Columns {
///         static let name = Column(CodingKeys.name)
///     }
/// }
/// ```
public struct Column: ColumnExpression, Hashable {
    /// The hidden `rowid` column.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#rowid>.
    public static let rowID = Column("rowid")

    /// The name of the column.
    public var name: String

    /// Creates a column from its name.
    ///
    /// - Parameter name: The column name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a column from a coding key.
    ///
    /// - Parameter codingKey: A coding key, whose string value is the
    ///   column name.
    public init(_ codingKey: some CodingKey) {
        self.name = codingKey.stringValue
    }
}
