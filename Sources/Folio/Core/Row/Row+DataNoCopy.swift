import Foundation

extension Row {
    /// The data at an index, or nil for NULL.
    ///
    /// ```swift
    /// let thumbnail = row.dataNoCopy(atIndex: 0)
    /// ```
    ///
    /// Folio returns the bytes in a `Data` that owns them, so the value stays
    /// valid after the row moves on. To read the bytes of a cursor's row
    /// without a copy, use ``withUnsafeData(atIndex:_:)``.
    ///
    /// - Parameter index: A column index, from 0 to `count - 1`.
    /// - Returns: The data, or nil for NULL. A value that does not convert
    ///   to `Data` is a programmer error, as with the row subscript.
    @available(*, deprecated, message: "Use withUnsafeData(atIndex:_:) instead.")
    public func dataNoCopy(atIndex index: Int) -> Data? {
        self[index]
    }

    /// The data of the leftmost column with this name (case-insensitive),
    /// or nil for NULL and a missing column.
    ///
    /// ```swift
    /// let thumbnail = row.dataNoCopy(named: "thumbnail")
    /// ```
    ///
    /// Folio returns the bytes in a `Data` that owns them. To read the bytes
    /// of a cursor's row without a copy, use ``withUnsafeData(named:_:)``.
    ///
    /// - Parameter columnName: A column name.
    /// - Returns: The data, or nil for NULL and a missing column.
    @available(*, deprecated, message: "Use withUnsafeData(named:_:) instead.")
    public func dataNoCopy(named columnName: String) -> Data? {
        self[columnName]
    }
}
