/// A type that identifies a database column by name.
///
/// Adopt it with a String enum to list the columns of a record type:
///
/// ```swift
/// extension Player {
///     enum Columns: String, ColumnExpression {
///         case id, name, score
///     }
/// }
///
/// let name: String = row[Player.Columns.name]
/// ```
public protocol ColumnExpression: SQLSpecificExpressible {
    /// The name of the column.
    var name: String { get }
}

extension ColumnExpression {
    /// The column, detached from any table: it is never qualified with a
    /// table name or alias. Use it to refer to a selected expression by
    /// its name.
    ///
    /// ```swift
    /// // SELECT score + bonus AS total FROM player ORDER BY total
    /// Player
    ///     .select { ($0.score + $0.bonus).forKey("total") }
    ///     .order(Column("total").detached)
    /// ```
    public var detached: SQLExpression {
        SQLExpression(.detachedColumn(name))
    }
}

extension ColumnExpression where Self: RawRepresentable, Self.RawValue == String {
    /// The raw value is the column name.
    public var name: String { rawValue }
}

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
    public let name: String

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
