/// A cursor over the results of a transform applied to the elements of a
/// base cursor (see ``Cursor/map(_:)``).
///
/// ```swift
/// let names: MapCursor = try Player.fetchCursor(db).map { $0.name }
/// while let name = try names.next() {
///     print(name)
/// }
/// ```
///
/// The transform runs lazily, once per element. Its `forEach(_:)` calls
/// the `forEach(_:)` of the base cursor.
public final class MapCursor<Base: Cursor, Element>: Cursor {
    private let base: Base
    private let transform: (Base.Element) throws -> Element

    init(_ base: Base, _ transform: @escaping (Base.Element) throws -> Element) {
        self.base = base
        self.transform = transform
    }

    /// Advances to the next element and returns it transformed, or nil if
    /// no next element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2]).map { $0 * 10 }
    /// try cursor.next() // 10
    /// ```
    ///
    /// - Returns: The next transformed element, or nil.
    /// - Throws: The error of the base cursor, or of the transform.
    public func next() throws -> Element? {
        guard let element = try base.next() else { return nil }
        return try transform(element)
    }

    /// Calls the given closure on each remaining transformed element, with
    /// the `forEach(_:)` of the base cursor.
    ///
    /// ```swift
    /// try AnyCursor([1, 2]).map { $0 * 10 }.forEach { print($0) } // 10, 20
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the base cursor, of the transform, or of
    ///   `body`.
    public func forEach(_ body: (Element) throws -> Void) throws {
        try base.forEach { element in
            try body(transform(element))
        }
    }
}
