/// A cursor that skips the first elements of a base cursor (see
/// ``Cursor/dropFirst(_:)``).
///
/// ```swift
/// let numbers = AnyCursor([1, 2, 3, 4, 5])
/// let cursor: DropFirstCursor = numbers.dropFirst(2)
/// try Array(cursor) // [3, 4, 5]
/// ```
///
/// Its `forEach(_:)` calls the `forEach(_:)` of the base cursor.
public final class DropFirstCursor<Base: Cursor>: Cursor {
    /// The base cursor, whose leading run is the elements to skip.
    private var run: LeadingRun<Base, CountedRun<Base.Element>>

    init(_ run: LeadingRun<Base, CountedRun<Base.Element>>) { self.run = run }

    /// Advances to the next element and returns it, or nil if no next
    /// element exists. The first call skips the elements to drop.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2, 3]).dropFirst()
    /// try cursor.next() // 2
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: The error of the base cursor.
    public func next() throws -> Base.Element? { try run.nextAfterRun() }

    /// Calls the given closure on each remaining element, with the
    /// `forEach(_:)` of the base cursor.
    ///
    /// ```swift
    /// try AnyCursor([1, 2, 3]).dropFirst().forEach { print($0) } // 2, 3
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the base cursor, or of `body`.
    public func forEach(_ body: (Base.Element) throws -> Void) throws { try run.forEachAfterRun(body) }
}
