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
