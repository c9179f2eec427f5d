/// A cursor of filtered elements (see ``Cursor/filter(_:)``).
public final class FilterCursor<Base: Cursor>: Cursor {
    private let base: Base
    private let isIncluded: (Base.Element) throws -> Bool

    init(_ base: Base, _ isIncluded: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.isIncluded = isIncluded
    }

    /// Returns the next element that passes the test.
    ///
    /// - Returns: The next element, or nil at the end.
    /// - Throws: The error of the base cursor, or of the test.
    public func next() throws -> Base.Element? {
        while let element = try base.next() {
            if try isIncluded(element) { return element }
        }
        return nil
    }

    /// Calls a function on each remaining element that passes the test,
    /// with the `forEach` of the base cursor.
    ///
    /// - Parameter body: A function called with each element.
    /// - Throws: The error of the base cursor, of the test, or of `body`.
    public func forEach(_ body: (Base.Element) throws -> Void) throws {
        try base.forEach { element in
            if try isIncluded(element) { try body(element) }
        }
    }
}
