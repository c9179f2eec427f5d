// A row is a random-access collection of (column name, value) pairs.

extension Row {
    /// The position of a (column name, value) pair in a ``Row``.
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 'x' AS b")!
    /// let (name, value) = row[row.startIndex] // ("a", 1)
    /// let last = row[row.index(before: row.endIndex)] // ("b", 'x')
    /// ```
    public struct Index: Sendable {
        /// The column index, from 0.
        let index: Int
    }
}

extension Row.Index: Comparable {
    /// Returns whether a position is before another.
    ///
    /// ```swift
    /// row.startIndex < row.endIndex // true for a non-empty row
    /// ```
    public static func < (lhs: Row.Index, rhs: Row.Index) -> Bool {
        lhs.index < rhs.index
    }

    /// Returns whether two positions are equal.
    ///
    /// ```swift
    /// row.startIndex == row.endIndex // true for an empty row
    /// ```
    public static func == (lhs: Row.Index, rhs: Row.Index) -> Bool {
        lhs.index == rhs.index
    }
}

extension Row.Index: Strideable {
    /// Returns the number of columns from this position to another.
    ///
    /// ```swift
    /// row.startIndex.distance(to: row.endIndex) // row.count
    /// ```
    ///
    /// - Parameter other: A position.
    /// - Returns: A number of columns, negative when `other` is before.
    public func distance(to other: Row.Index) -> Int {
        other.index - index
    }

    /// Returns the position that is some columns after (or before) this
    /// one.
    ///
    /// ```swift
    /// let second = row.startIndex.advanced(by: 1)
    /// ```
    ///
    /// - Parameter n: A number of columns.
    /// - Returns: A position.
    public func advanced(by n: Int) -> Row.Index {
        Row.Index(index: index + n)
    }
}

extension Row: RandomAccessCollection {
    /// The position of the leftmost column.
    ///
    /// ```swift
    /// let (name, value) = row[row.startIndex]
    /// ```
    public var startIndex: Index { Index(index: 0) }

    /// The position after the rightmost column.
    ///
    /// ```swift
    /// for index in row.startIndex..<row.endIndex { print(row[index]) }
    /// ```
    public var endIndex: Index { Index(index: count) }

    /// The name and value of the column at a position.
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a")!
    /// let (name, value) = row[row.startIndex] // ("a", 1)
    ///
    /// for (name, value) in row { print("\(name): \(value)") }
    /// ```
    ///
    /// - Precondition: the position is valid (a programmer error
    ///   otherwise).
    /// - Parameter position: A position, before ``endIndex``.
    public subscript(position: Index) -> (String, DatabaseValue) {
        let index = position.index
        _checkIndex(index)
        return (_columnName(atUncheckedIndex: index), databaseValue(atUncheckedIndex: index))
    }
}
