/// A row adapter that renames columns with a function.
///
/// ```swift
/// let adapter = RenameColumnAdapter { column in column + "rrr" }
/// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c"
///
/// // [arrr:0 brrr:1 crrr:2]
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// ```
///
/// It helps when SQLite names columns unexpectedly, as with the duplicated
/// columns of a subquery:
///
/// ```swift
/// let sql = "SELECT * FROM (SELECT 1 AS id, 2 AS id)"
///
/// // ["id", "id:1"]: "id:1" is a name made by SQLite.
/// try Row.fetchOne(db, sql: sql)!.columnNames
///
/// // ["id", "id"]: drop the ":..." suffix
/// let adapter = RenameColumnAdapter { String($0.prefix(while: { $0 != ":" })) }
/// try Row.fetchOne(db, sql: sql, adapter: adapter)!.columnNames
/// ```
public struct RenameColumnAdapter: Sendable {
    /// The new name of a column, given its name.
    let transform: @Sendable (String) -> String

    /// Creates an adapter that renames columns with a function.
    ///
    /// ```swift
    /// let adapter = RenameColumnAdapter { $0.lowercased() }
    /// ```
    ///
    /// - Parameter transform: A function that returns the new name of a
    ///   column, given its name. It is called once per column and fetch,
    ///   not once per row.
    public init(_ transform: @escaping @Sendable (String) -> String) {
        self.transform = transform
    }
}

extension RenameColumnAdapter: BuiltInRowAdapter {
    /// Returns the columns and scopes of the rows that this adapter makes
    /// from some columns.
    ///
    /// - Parameter layout: The columns to adapt.
    /// - Returns: The layouted adapter of the rows.
    /// - Throws: A ``DatabaseError`` when the adapter does not fit the
    ///   columns.
    public func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        try layoutedAdapter(from: layout)
    }

    func layout(_ columns: RowAdapterColumns) throws -> RowLayout {
        columns.layout(positions: Array(columns.indexes.indices), names: columns.names.map(transform))
    }
}
