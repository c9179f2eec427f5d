// The initializers from cursors iterate with `forEach`, the requirement
// that a cursor may implement faster than a loop over `next()`. They are
// @inlinable: it allows specialization, so that `fetchAll` of values
// compiles down to a loop over the cursor's `next()` in client code.

extension Array {
    /// Creates an array with all remaining elements of a cursor.
    ///
    /// ```swift
    /// let names = try Array(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor, iterated with its `forEach(_:)`.
    /// - Throws: The error of the cursor.
    @inlinable
    public init<C: Cursor>(_ cursor: C) throws where C.Element == Element {
        var elements: [Element] = []
        try cursor.forEach { element in
            elements.append(element)
        }
        self = elements
    }

    /// Creates an array with all remaining elements of a cursor,
    /// reserving capacity.
    ///
    /// ```swift
    /// let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    /// let names = try Array(String.fetchCursor(db, sql: "SELECT name FROM player"), minimumCapacity: count)
    /// ```
    ///
    /// - Parameters:
    ///   - cursor: A cursor, iterated with its `forEach(_:)`.
    ///   - minimumCapacity: The capacity to reserve.
    /// - Throws: The error of the cursor.
    @inlinable
    public init<C: Cursor>(_ cursor: C, minimumCapacity: Int) throws where C.Element == Element {
        var elements: [Element] = []
        elements.reserveCapacity(minimumCapacity)
        try cursor.forEach { element in
            elements.append(element)
        }
        self = elements
    }
}

extension Set {
    /// Creates a set with all remaining elements of a cursor.
    ///
    /// ```swift
    /// let names = try Set(String.fetchCursor(db, sql: "SELECT name FROM player"))
    /// ```
    ///
    /// - Parameter cursor: A cursor, iterated with its `forEach(_:)`.
    /// - Throws: The error of the cursor.
    @inlinable
    public init<C: Cursor>(_ cursor: C) throws where C.Element == Element {
        var elements: Set<Element> = []
        try cursor.forEach { element in
            elements.insert(element)
        }
        self = elements
    }
}

extension Dictionary {
    /// Creates a dictionary grouping the remaining elements of a cursor by
    /// key.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let playersByTeam = try Dictionary(grouping: players, by: { $0.teamId })
    /// ```
    ///
    /// - Parameters:
    ///   - cursor: A cursor, iterated with its `forEach(_:)`.
    ///   - keyForValue: A function that returns the key of an element.
    /// - Throws: The error of the cursor or of `keyForValue`.
    public init<C: Cursor>(grouping cursor: C, by keyForValue: (C.Element) throws -> Key) throws
    where Value == [C.Element]
    {
        var groups: [Key: [C.Element]] = [:]
        try cursor.forEach { element in
            try groups[keyForValue(element), default: []].append(element)
        }
        self = groups
    }
}
