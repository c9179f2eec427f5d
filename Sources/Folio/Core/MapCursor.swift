/// A cursor of transformed elements (see ``Cursor/map(_:)``).
public final class MapCursor<Base: Cursor, Element>: Cursor {
    private let base: Base
    private let transform: (Base.Element) throws -> Element

    init(_ base: Base, _ transform: @escaping (Base.Element) throws -> Element) {
        self.base = base
        self.transform = transform
    }

    /// Returns the next transformed element.
    ///
    /// - Returns: The next element, or nil at the end.
    /// - Throws: The error of the base cursor, or of the transform.
    public func next() throws -> Element? {
        guard let element = try base.next() else { return nil }
        return try transform(element)
    }

    /// Calls a function on each remaining transformed element, with the
    /// `forEach` of the base cursor.
    ///
    /// - Parameter body: A function called with each element.
    /// - Throws: The error of the base cursor, of the transform, or of
    ///   `body`.
    public func forEach(_ body: (Element) throws -> Void) throws {
        try base.forEach { element in
            try body(transform(element))
        }
    }
}
