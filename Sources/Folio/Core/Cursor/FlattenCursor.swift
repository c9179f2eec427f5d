/// A cursor of all the elements of the cursors that a base cursor
/// contains (see ``Cursor/joined()->FlattenCursor<MapCursor<Self,AnyCursor<Self.Element.Element>>>`` and ``Cursor/flatMap(_:)->FlattenCursor<MapCursor<Self,AnyCursor<SegmentOfResult.Element>>>``).
///
/// ```swift
/// let statements = try db.allStatements(sql: "SELECT * FROM player; SELECT * FROM coach")
/// let rows: FlattenCursor = statements.flatMap { statement in try Row.fetchCursor(statement) }
/// while let row = try rows.next() {
///     print(row)
/// }
/// ```
///
/// Each inner cursor is released as soon as it ends, before the base cursor
/// is asked for the next one. Its `forEach(_:)` calls the `forEach(_:)` of
/// the base cursor and of the inner cursors.
public final class FlattenCursor<Base: Cursor>: Cursor where Base.Element: Cursor {
    private let base: Base
    /// The inner cursor being iterated.
    private var inner: Base.Element?
    /// Whether the base cursor has ended.
    private var isDone = false

    init(_ base: Base) {
        self.base = base
    }

    /// Advances to the next element and returns it, or nil if no next
    /// element exists.
    ///
    /// ```swift
    /// let cursor = AnyCursor([AnyCursor([1, 2]), AnyCursor([3])]).joined()
    /// try cursor.next() // 1
    /// ```
    ///
    /// - Returns: The next element, or nil.
    /// - Throws: The error of the base cursor, or of an inner cursor.
    public func next() throws -> Base.Element.Element? {
        while true {
            if let current = inner {
                if let element = try current.next() { return element }
                inner = nil
            }
            guard !isDone else { return nil }
            guard let segment = try base.next() else {
                isDone = true
                return nil
            }
            inner = segment
        }
    }

    /// Calls the given closure on each remaining element: the rest of the
    /// inner cursor being iterated, then the elements of the following
    /// inner cursors, with their `forEach(_:)`.
    ///
    /// ```swift
    /// try AnyCursor([AnyCursor([1, 2]), AnyCursor([3])]).joined().forEach { print($0) }
    /// ```
    ///
    /// - Parameter body: A closure called with each element.
    /// - Throws: The error of the base cursor, of an inner cursor, or of
    ///   `body`.
    public func forEach(_ body: (Base.Element.Element) throws -> Void) throws {
        if let current = inner {
            try current.forEach(body)
            inner = nil
        }
        guard !isDone else { return }
        try base.forEach { segment in
            try segment.forEach(body)
        }
        isDone = true
    }
}
