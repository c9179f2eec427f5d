/// A cursor that skips the leading elements of a base cursor that satisfy
/// a predicate (see ``Cursor/drop(while:)``).
///
/// ```swift
/// let numbers = AnyCursor([1, 2, 3, 1])
/// let cursor: DropWhileCursor = numbers.drop(while: { $0 < 2 })
/// try Array(cursor) // [2, 3, 1]
/// ```
///
/// Once the predicate has returned false, it is not called again. Its
/// `forEach(_:)` calls the `forEach(_:)` of the base cursor.
public final class DropWhileCursor<Base: Cursor>: Cursor {
    /// The base cursor, whose leading run is the elements to skip.
    private var run: LeadingRun<Base, PredicateRun<Base.Element>>

    init(_ run: LeadingRun<Base, PredicateRun<Base.Element>>) { self.run = run }

    /// Advances to the next element and returns it, or nil if no next
    /// element exists. The first call skips the elements that satisfy the
    /// predicate.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2, 3]).drop(while: { $0 < 2 })
    /// try cursor.next() // 2
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: The error of the base cursor, or of the predicate.
    public func next() throws -> Base.Element? { try run.nextAfterRun() }

    /// Calls the given closure on each remaining element, with the
    /// `forEach(_:)` of the base cursor.
    ///
    /// ```swift
    /// try AnyCursor([1, 2, 3]).drop(while: { $0 < 2 }).forEach { print($0) } // 2, 3
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the base cursor, of the predicate, or of
    ///   `body`.
    public func forEach(_ body: (Base.Element) throws -> Void) throws { try run.forEachAfterRun(body) }
}
