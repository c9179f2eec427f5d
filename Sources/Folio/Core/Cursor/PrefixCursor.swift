/// A cursor of the first elements of a base cursor, up to a maximum length
/// (see ``Cursor/prefix(_:)``).
///
/// ```swift
/// let numbers = AnyCursor([1, 2, 3, 4, 5])
/// let cursor: PrefixCursor = numbers.prefix(2)
/// try Array(cursor) // [1, 2]
/// ```
///
/// The base cursor is not asked for more elements than the maximum length:
/// a database cursor steps its statement at most that number of times.
public final class PrefixCursor<Base: Cursor>: Cursor {
    /// The base cursor, whose leading run is the elements to return.
    private var run: LeadingRun<Base, CountedRun<Base.Element>>

    init(_ run: LeadingRun<Base, CountedRun<Base.Element>>) { self.run = run }

    /// Advances to the next element and returns it, or nil when the
    /// maximum length is reached or no next element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2, 3]).prefix(1)
    /// try cursor.next() // 1
    /// try cursor.next() // nil
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: The error of the base cursor.
    public func next() throws -> Base.Element? { try run.nextInRun() }
}
