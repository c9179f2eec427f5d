import Foundation

extension Row {
    /// The data of the leftmost column with the name of this column
    /// (case-insensitive), or nil for NULL and a missing column.
    ///
    /// ```swift
    /// let thumbnail = row.dataNoCopy(Column("thumbnail"))
    /// ```
    ///
    /// Folio returns the bytes in a `Data` that owns them. To read the bytes
    /// of a cursor's row without a copy, use ``withUnsafeData(named:_:)``.
    ///
    /// - Parameter column: A column.
    /// - Returns: The data, or nil for NULL and a missing column.
    @available(*, deprecated, message: "Use withUnsafeData(named:_:) instead.")
    public func dataNoCopy(_ column: some ColumnExpression) -> Data? {
        self[column.name]
    }
}
