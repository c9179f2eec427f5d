// A persistence container is a collection of (column, value) pairs, in
// the order in which the columns were first set.

extension PersistenceContainer: RandomAccessCollection {
    /// The position of a (column, value) pair.
    public typealias Index = Int

    /// The position of the first pair: 0.
    ///
    /// ```swift
    /// for (column, value) in container {
    ///     print("\(column): \(value)")
    /// }
    /// ```
    public var startIndex: Int { 0 }

    /// The position after the last pair: the number of columns.
    ///
    /// ```swift
    /// container.endIndex == container.count // true
    /// ```
    public var endIndex: Int { _values.count }

    /// The column and value at a position.
    ///
    /// ```swift
    /// var container = PersistenceContainer()
    /// container["id"] = 1
    /// let (column, value) = container[0] // ("id", 1)
    /// ```
    ///
    /// See the [SQLite documentation](https://www.sqlite.org/datatype3.html).
    ///
    /// - Parameter position: A valid position, from ``startIndex`` to
    ///   ``endIndex`` excluded.
    /// - Returns: The column name and its database value.
    public subscript(position: Int) -> (String, DatabaseValue) {
        (_columns[position], _values[position])
    }
}
