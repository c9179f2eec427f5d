/// A cursor made from a function.
///
/// ```swift
/// var i = 0
/// let cursor = AnyCursor<Int> {
///     guard i < 3 else { return nil }
///     defer { i += 1 }
///     return i
/// }
/// ```
public final class AnyCursor<Element>: Cursor {
    private let _next: () throws -> Element?

    /// The `forEach` of the wrapped cursor, if any.
    private let _forEach: (((Element) throws -> Void) throws -> Void)?

    /// Creates a cursor whose `next()` calls the function.
    ///
    /// - Parameter next: A function that returns the next element, or nil.
    public init(_ next: @escaping () throws -> Element?) {
        _next = next
        _forEach = nil
    }

    /// Creates a cursor whose `next()` and `forEach(_:)` call the
    /// functions.
    init(next: @escaping () throws -> Element?, forEach: @escaping ((Element) throws -> Void) throws -> Void) {
        _next = next
        _forEach = forEach
    }

    /// Creates a cursor that wraps another one: its `next()` and
    /// `forEach(_:)` call those of `base`.
    ///
    /// ```swift
    /// let names: AnyCursor<String> = try AnyCursor(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter base: A cursor.
    public convenience init<C: Cursor>(_ base: C) where C.Element == Element {
        self.init(next: { try base.next() }, forEach: { body in try base.forEach(body) })
    }

    /// Creates a cursor over a sequence.
    ///
    /// - Parameter sequence: A sequence.
    public convenience init<S: Sequence>(_ sequence: S) where S.Element == Element {
        var iterator = sequence.makeIterator()
        self.init { iterator.next() }
    }

    /// Returns the next element.
    ///
    /// - Returns: The next element, or nil at the end.
    /// - Throws: The error of the function, or of the wrapped cursor.
    public func next() throws -> Element? {
        try _next()
    }

    /// Calls a function on each remaining element: with the `forEach` of
    /// the wrapped cursor, or by calling ``next()`` until the end.
    ///
    /// - Parameter body: A function called with each element.
    /// - Throws: The error of the cursor, or of `body`.
    public func forEach(_ body: (Element) throws -> Void) throws {
        if let _forEach {
            try _forEach(body)
        } else {
            while let element = try _next() {
                try body(element)
            }
        }
    }
}
