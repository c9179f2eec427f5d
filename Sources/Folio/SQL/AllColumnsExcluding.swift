/// All columns of a table but some: the columns are listed from the
/// database schema when SQL is generated.
///
/// ```swift
/// struct Player: TableRecord {
///     static var databaseSelection: [any SQLSelectable] {
///         [.allColumns(excluding: ["generatedColumn"])]
///     }
/// }
///
/// // SELECT "id", "name" FROM "player"
/// let request = Player.all()
/// ```
///
/// Column names are compared case-insensitively. Generating the SQL of a
/// selection that excludes all columns throws a ``DatabaseError``.
///
/// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#resultset).
public struct AllColumnsExcluding: SQLSelectable, Sendable {
    /// The lowercased names of the excluded columns.
    let excludedColumns: Set<String>

    /// Creates a selection of all columns but the excluded ones.
    ///
    /// ```swift
    /// // SELECT "id", "name" FROM "player"
    /// Player.select(AllColumnsExcluding(["score"]))
    /// ```
    ///
    /// - Parameter excludedColumns: The names of the excluded columns.
    public init(_ excludedColumns: some Collection<String>) {
        self.excludedColumns = Set(excludedColumns.map { $0.lowercased() })
    }

    /// The selection of the remaining columns.
    public var sqlSelection: SQLSelection {
        SQLSelection(.allColumnsExcluding(nil, excludedColumns))
    }
}

extension SQLSelectable where Self == AllColumnsExcluding {
    /// All columns of a table but some.
    ///
    /// ```swift
    /// static var databaseSelection: [any SQLSelectable] {
    ///     [.allColumns(excluding: ["generatedColumn"])]
    /// }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#resultset).
    ///
    /// - Parameter excludedColumns: The names of the excluded columns.
    /// - Returns: An ``AllColumnsExcluding`` selection.
    public static func allColumns(excluding excludedColumns: some Collection<String>) -> Self {
        AllColumnsExcluding(excludedColumns)
    }
}

extension SQLSelectable where Self == AllColumnsExcluding {
    /// All columns of a table but some.
    ///
    /// ```swift
    /// struct Player: TableRecord {
    ///     enum Columns {
    ///         static let generatedColumn = Column("generatedColumn")
    ///     }
    ///     static var databaseSelection: [any SQLSelectable] {
    ///         [.allColumns(excluding: [Columns.generatedColumn])]
    ///     }
    /// }
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/lang_select.html#resultset).
    ///
    /// - Parameter excludedColumns: The excluded columns.
    /// - Returns: An ``AllColumnsExcluding`` selection.
    public static func allColumns(excluding excludedColumns: some Collection<any ColumnExpression>) -> Self {
        AllColumnsExcluding(excludedColumns.map(\.name))
    }
}
