/// A row adapter that hides the leftmost columns of a row.
///
/// ```swift
/// let adapter = SuffixRowAdapter(fromIndex: 2)
/// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
///
/// // [c:2 d:3]
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// ```
///
/// An index equal to the number of columns gives an empty row; a greater
/// one makes fetching throw a ``DatabaseError``.
public struct SuffixRowAdapter: Sendable {
    /// The index of the first kept column.
    let index: Int

    /// Creates an adapter that hides all columns before an index.
    ///
    /// ```swift
    /// let adapter = SuffixRowAdapter(fromIndex: 1)
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b", adapter: adapter)!
    /// row // [b:2]
    /// ```
    ///
    /// With index 0, the adapted row is identical to the fetched row.
    ///
    /// - Precondition: `index >= 0`.
    /// - Parameter index: The index of the first kept column.
    public init(fromIndex index: Int) {
        checkProgrammerError(index >= 0, "SuffixRowAdapter index must not be negative")
        self.index = index
    }
}

extension SuffixRowAdapter: BuiltInRowAdapter {
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
        guard index <= columns.count else {
            throw columns.error(
                "SuffixRowAdapter(fromIndex: \(index)) does not fit a row of \(columns.count) columns")
        }
        return columns.layout(positions: Array(index..<columns.count))
    }
}
