// The members of cursors whose elements are equatable, comparable,
// cursors, sequences or strings.

extension Cursor where Element: Equatable {
    /// Returns a Boolean value indicating whether the cursor contains the
    /// given element. Elements are consumed up to the first match.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// let hasArthur = try names.contains("Arthur")
    /// ```
    ///
    /// - Parameter element: The element to look for.
    /// - Returns: True if the element was found.
    /// - Throws: The error of the cursor.
    public func contains(_ element: Element) throws -> Bool {
        try contains { $0 == element }
    }
}

extension Cursor where Element: Comparable {
    /// Returns the maximum element in the cursor.
    ///
    /// ```swift
    /// let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
    /// let best = try scores.max()
    /// ```
    ///
    /// - Returns: The cursor's maximum element, or nil if the cursor has no
    ///   elements.
    /// - Throws: The error of the cursor.
    public func max() throws -> Element? {
        try max(by: <)
    }

    /// Returns the minimum element in the cursor.
    ///
    /// ```swift
    /// let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
    /// let worst = try scores.min()
    /// ```
    ///
    /// - Returns: The cursor's minimum element, or nil if the cursor has no
    ///   elements.
    /// - Throws: The error of the cursor.
    public func min() throws -> Element? {
        try min(by: <)
    }
}

extension Cursor where Element: Cursor {
    /// Returns the elements of this cursor of cursors, concatenated.
    ///
    /// ```swift
    /// let statements = try db.allStatements(sql: "SELECT * FROM player; SELECT * FROM coach")
    /// let rows = statements.map { statement in try Row.fetchCursor(statement) }.joined()
    /// ```
    ///
    /// - Returns: A flattened cursor.
    public func joined() -> FlattenCursor<Self> {
        FlattenCursor(self)
    }
}

extension Cursor where Element: Sequence {
    /// Returns the elements of this cursor of sequences, concatenated.
    ///
    /// ```swift
    /// let words = try String.fetchCursor(db, sql: "SELECT title FROM book")
    ///     .map { $0.split(separator: " ") }
    ///     .joined()
    /// ```
    ///
    /// - Returns: A flattened cursor.
    public func joined() -> FlattenCursor<MapCursor<Self, AnyCursor<Element.Element>>> {
        FlattenCursor(map { AnyCursor($0) })
    }
}

extension Cursor where Element: StringProtocol {
    /// Returns the elements of this cursor of strings, concatenated, with
    /// the given separator between each element.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player ORDER BY name")
    /// try names.joined(separator: ", ") // "Arthur, Barbara"
    /// ```
    ///
    /// - Parameter separator: A string inserted between each element.
    /// - Returns: A single, concatenated string.
    /// - Throws: The error of the cursor.
    public func joined(separator: String = "") throws -> String {
        var result = ""
        var isFirst = true
        try forEach { element in
            if isFirst {
                isFirst = false
            } else {
                result += separator
            }
            result += element
        }
        return result
    }
}
