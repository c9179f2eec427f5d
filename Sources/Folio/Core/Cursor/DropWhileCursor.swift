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
    private let base: Base
    private let predicate: (Base.Element) throws -> Bool
    /// Whether an element has failed the predicate.
    private var isDropping = true

    init(_ base: Base, predicate: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.predicate = predicate
    }

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
    public func next() throws -> Base.Element? {
        if isDropping {
            while let element = try base.next() {
                if try !predicate(element) {
                    isDropping = false
                    return element
                }
            }
            return nil
        }
        return try base.next()
    }

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
    public func forEach(_ body: (Base.Element) throws -> Void) throws {
        try base.forEach { element in
            if isDropping {
                if try predicate(element) { return }
                isDropping = false
            }
            try body(element)
        }
    }
}
