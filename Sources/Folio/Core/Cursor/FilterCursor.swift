/// A cursor over the elements of a base cursor that satisfy a predicate
/// (see ``Cursor/filter(_:)``).
///
/// ```swift
/// let bestPlayers: FilterCursor = try Player.fetchCursor(db).filter { $0.score > 1000 }
/// while let player = try bestPlayers.next() {
///     print(player.name)
/// }
/// ```
///
/// The predicate runs lazily, once per element. Its `forEach(_:)` calls the
/// `forEach(_:)` of the base cursor.
public final class FilterCursor<Base: Cursor>: Cursor {
    private let base: Base
    private let isIncluded: (Base.Element) throws -> Bool

    init(_ base: Base, _ isIncluded: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.isIncluded = isIncluded
    }

    /// Advances to the next element that satisfies the predicate and
    /// returns it, or nil if no such element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor([1, 2, 3, 4]).filter { $0.isMultiple(of: 2) }
    /// try cursor.next() // 2
    /// ```
    ///
    /// - Returns: The next included element, or nil.
    /// - Throws: The error of the base cursor, or of the predicate.
    public func next() throws -> Base.Element? {
        while let element = try base.next() {
            if try isIncluded(element) { return element }
        }
        return nil
    }

    /// Calls the given closure on each remaining element that satisfies the
    /// predicate, with the `forEach(_:)` of the base cursor.
    ///
    /// ```swift
    /// try AnyCursor([1, 2, 3, 4]).filter { $0.isMultiple(of: 2) }.forEach { print($0) } // 2, 4
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the base cursor, of the predicate, or of
    ///   `body`.
    public func forEach(_ body: (Base.Element) throws -> Void) throws {
        try base.forEach { element in
            if try isIncluded(element) { try body(element) }
        }
    }
}
