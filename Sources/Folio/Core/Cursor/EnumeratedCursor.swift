/// A cursor of pairs (n, x), where n is a consecutive integer starting at
/// zero, and x an element of a base cursor (see ``Cursor/enumerated()``).
///
/// ```swift
/// let names = try String.fetchCursor(db, sql: "SELECT name FROM player ORDER BY name")
/// try names.enumerated().forEach { n, name in print("\(n + 1). \(name)") }
/// ```
///
/// Its `forEach(_:)` calls the `forEach(_:)` of the base cursor.
public final class EnumeratedCursor<Base: Cursor>: Cursor {
    private let base: Base
    private var offset = 0

    init(_ base: Base) {
        self.base = base
    }

    /// Advances to the next element and returns it with its offset, or nil
    /// if no next element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor(["foo", "bar"]).enumerated()
    /// while let (n, x) = try cursor.next() {
    ///     print("\(n): \(x)") // "0: foo", then "1: bar"
    /// }
    /// ```
    ///
    /// - Returns: The next pair, or nil.
    /// - Throws: The error of the base cursor.
    public func next() throws -> (Int, Base.Element)? {
        guard let element = try base.next() else { return nil }
        defer { offset += 1 }
        return (offset, element)
    }

    /// Calls the given closure on each remaining element and its offset,
    /// with the `forEach(_:)` of the base cursor.
    ///
    /// ```swift
    /// try AnyCursor(["foo", "bar"]).enumerated().forEach { n, x in print("\(n): \(x)") }
    /// ```
    ///
    /// - Parameter body: A closure called with each pair.
    /// - Throws: The error of the base cursor, or of `body`.
    public func forEach(_ body: ((Int, Base.Element)) throws -> Void) throws {
        try base.forEach { element in
            defer { offset += 1 }
            try body((offset, element))
        }
    }
}
