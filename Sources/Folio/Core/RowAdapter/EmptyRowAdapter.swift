/// A row adapter that hides all columns.
///
/// ```swift
/// let adapter = EmptyRowAdapter()
/// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c"
///
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// row.isEmpty // true
/// ```
///
/// It is useful as the base of a ``ScopeAdapter`` whose row has no column
/// of its own, only scopes.
public struct EmptyRowAdapter: Sendable {
    /// Creates an adapter that hides all columns.
    ///
    /// ```swift
    /// let adapter = EmptyRowAdapter().addingScopes(["all": SuffixRowAdapter(fromIndex: 0)])
    /// ```
    public init() { }
}

extension EmptyRowAdapter: BuiltInRowAdapter {
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
        columns.layout(positions: [])
    }
}
