/// A cursor of (offset, element) pairs, the offset counting from zero (see
/// ``Cursor/enumerated()``).
///
/// ```swift
/// let names = try String.fetchCursor(db, sql: "SELECT name FROM player ORDER BY name")
/// try names.enumerated().forEach { offset, name in print("\(offset + 1). \(name)") }
/// ```
///
/// Its `forEach(_:)` calls the `forEach(_:)` of the base cursor.
public final class EnumeratedCursor<Base: Cursor>: Cursor {
    private let base: Base
    private var offset = 0

    init(_ base: Base) {
        self.base = base
    }

    /// Returns the next element and its offset.
    ///
    /// - Returns: The next pair, or nil at the end.
    /// - Throws: The error of the base cursor.
    public func next() throws -> (offset: Int, element: Base.Element)? {
        guard let element = try base.next() else { return nil }
        defer { offset += 1 }
        return (offset, element)
    }

    /// Calls a function on each remaining element and its offset, with the
    /// `forEach` of the base cursor.
    ///
    /// - Parameter body: A function called with each pair.
    /// - Throws: The error of the base cursor, or of `body`.
    public func forEach(_ body: ((offset: Int, element: Base.Element)) throws -> Void) throws {
        try base.forEach { element in
            defer { offset += 1 }
            try body((offset, element))
        }
    }
}
