/// A row adapter that only exposes a range of columns.
///
/// ```swift
/// let adapter = RangeRowAdapter(1..<3)
/// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
///
/// // [b:1 c:2]
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// ```
///
/// A range that goes past the last column makes fetching throw a
/// ``DatabaseError``.
public struct RangeRowAdapter: Sendable {
    /// The range of exposed columns.
    let range: Range<Int>

    /// Creates an adapter that only exposes a range of columns.
    ///
    /// ```swift
    /// let adapter = RangeRowAdapter(0..<2)
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: adapter)!
    /// row // [a:1 b:2]
    /// ```
    ///
    /// - Precondition: `range.lowerBound >= 0`.
    /// - Parameter range: The indexes of the exposed columns.
    public init(_ range: CountableRange<Int>) {
        checkProgrammerError(range.lowerBound >= 0, "RangeRowAdapter range must not be negative")
        self.range = range
    }

    /// Creates an adapter that only exposes a range of columns.
    ///
    /// ```swift
    /// let adapter = RangeRowAdapter(1...2)
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: adapter)!
    /// row // [b:2 c:3]
    /// ```
    ///
    /// - Precondition: `range.lowerBound >= 0`.
    /// - Parameter range: The indexes of the exposed columns.
    public init(_ range: CountableClosedRange<Int>) {
        // `...Int.max` has no half-open form: `..<Int.max` does not fit
        // any row either, and fetching throws the same error.
        let (upperBound, overflow) = range.upperBound.addingReportingOverflow(1)
        self.init(range.lowerBound..<(overflow ? Int.max : upperBound))
    }
}

extension RangeRowAdapter: BuiltInRowAdapter {
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
        guard range.upperBound <= columns.count else {
            throw columns.error(
                "RangeRowAdapter(\(range)) does not fit a row of \(columns.count) columns")
        }
        return columns.layout(positions: Array(range))
    }
}
