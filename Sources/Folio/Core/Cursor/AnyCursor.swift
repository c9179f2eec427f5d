/// A type-erased cursor.
///
/// An instance of `AnyCursor` forwards its operations to an underlying base
/// cursor having the same `Element` type, hiding the specifics of the
/// underlying cursor. It can also iterate a sequence, an iterator, or the
/// values returned by a closure:
///
/// ```swift
/// let names: AnyCursor<String> = try AnyCursor(String.fetchCursor(db, sql: "SELECT name FROM player"))
/// let numbers = AnyCursor([1, 2, 3])
///
/// var i = 0
/// let counter = AnyCursor<Int> {
///     guard i < 3 else { return nil }
///     defer { i += 1 }
///     return i
/// }
/// ```
public final class AnyCursor<Element>: Cursor {
    private let _next: () throws -> Element?

    /// The `forEach` of the wrapped cursor, if any.
    private let _forEach: (((Element) throws -> Void) throws -> Void)?

    /// Creates a cursor that wraps a base cursor: its `next()` and
    /// `forEach(_:)` call those of `base`.
    ///
    /// ```swift
    /// let names: AnyCursor<String> = try AnyCursor(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter base: A cursor.
    public init<C: Cursor>(_ base: C) where C.Element == Element {
        _next = { try base.next() }
        _forEach = { body in try base.forEach(body) }
    }

    /// Creates a cursor that wraps the given iterator.
    ///
    /// ```swift
    /// let cursor = AnyCursor(iterator: [1, 2, 3].makeIterator())
    /// try Array(cursor) // [1, 2, 3]
    /// ```
    ///
    /// - Parameter iterator: An iterator.
    public convenience init(iterator: some IteratorProtocol<Element>) {
        var iterator = iterator
        self.init { iterator.next() }
    }

    /// Creates a cursor that iterates the given sequence.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2, 3])
    /// try Array(cursor) // [1, 2, 3]
    /// ```
    ///
    /// - Parameter sequence: A sequence.
    public convenience init(_ sequence: some Sequence<Element>) {
        self.init(iterator: sequence.makeIterator())
    }

    /// Creates a cursor whose `next()` calls the given closure.
    ///
    /// ```swift
    /// var i = 0
    /// let cursor = AnyCursor<Int> {
    ///     guard i < 3 else { return nil }
    ///     defer { i += 1 }
    ///     return i
    /// }
    /// ```
    ///
    /// - Parameter next: A closure that returns the next element, or nil
    ///   at the end.
    public init(_ next: @escaping () throws -> Element?) {
        _next = next
        _forEach = nil
    }

    /// Advances to the next element and returns it, or nil if no next
    /// element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2])
    /// try cursor.next() // 1
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: The error of the closure, or of the wrapped cursor.
    public func next() throws -> Element? {
        try _next()
    }

    /// Calls the given closure on each remaining element: with the
    /// `forEach` of the wrapped cursor, or by calling ``next()`` until the
    /// end.
    ///
    /// ```swift
    /// try AnyCursor([1, 2]).forEach { print($0) }
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
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
