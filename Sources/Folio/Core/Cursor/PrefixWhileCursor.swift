/// A cursor of the leading elements of a base cursor that satisfy a
/// predicate (see ``Cursor/prefix(while:)``).
///
/// ```swift
/// let numbers = AnyCursor([1, 2, 3, 1])
/// let cursor: PrefixWhileCursor = numbers.prefix(while: { $0 < 3 })
/// try Array(cursor) // [1, 2]
/// ```
///
/// Once the predicate has returned false, it is not called again, and the
/// base cursor is not asked for more elements.
public final class PrefixWhileCursor<Base: Cursor>: Cursor {
    /// The base cursor, whose leading run is the elements to return.
    private var run: LeadingRun<Base, PredicateRun<Base.Element>>

    init(_ run: LeadingRun<Base, PredicateRun<Base.Element>>) { self.run = run }

    /// Advances to the next element and returns it, or nil when an element
    /// fails the predicate or no next element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 5, 2]).prefix(while: { $0 < 3 })
    /// try cursor.next() // 1
    /// try cursor.next() // nil
    /// try cursor.next() // nil
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: The error of the base cursor, or of the predicate.
    public func next() throws -> Base.Element? { try run.nextInRun() }
}
