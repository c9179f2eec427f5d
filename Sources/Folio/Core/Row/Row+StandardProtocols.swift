// The conformances of Row to standard protocols: equality and hashing
// (columns, values, scopes and prefetched rows), description, and
// dictionary literals.

extension Row: Equatable {
    /// Returns whether two rows have the same columns and values, in the
    /// same order, the same scopes, and the same prefetched rows. Column
    /// names are compared case-sensitively; values as ``DatabaseValue``
    /// does (the integer 1 equals the double 1.0).
    ///
    /// ```swift
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 'x' AS b")!
    /// row == ["a": 1, "b": "x"] // true
    ///
    /// // Rows of joined requests have scopes: compare `unscoped` rows.
    /// let bookRow = try Row.fetchOne(db, Book.including(required: Book.author))!
    /// bookRow == ["id": 1, "title": "Moby-Dick", "authorId": 2]          // false
    /// bookRow.unscoped == ["id": 1, "title": "Moby-Dick", "authorId": 2] // true
    /// ```
    public static func == (lhs: Row, rhs: Row) -> Bool {
        if lhs === rhs { return true }
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count {
            guard lhs._columnName(atUncheckedIndex: index).hasSameUTF8(as: rhs._columnName(atUncheckedIndex: index)),
                  lhs.databaseValue(atUncheckedIndex: index) == rhs.databaseValue(atUncheckedIndex: index)
            else { return false }
        }
        let lhsScopes = lhs._layout?.scopes ?? []
        let rhsScopes = rhs._layout?.scopes ?? []
        if !lhsScopes.isEmpty || !rhsScopes.isEmpty {
            let lhsNames = Set(lhsScopes.map(\.key))
            guard lhsNames == Set(rhsScopes.map(\.key)) else { return false }
            for name in lhsNames where lhs.scopeRow(named: name) != rhs.scopeRow(named: name) {
                return false
            }
        }
        if lhs._prefetchStorage != nil || rhs._prefetchStorage != nil {
            guard lhs.prefetchedRows == rhs.prefetchedRows else { return false }
        }
        return true
    }
}

extension Row: Hashable {
    /// Hashes the column names and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in 0..<count {
            hasher.combine(_columnName(atUncheckedIndex: index))
            hasher.combine(databaseValue(atUncheckedIndex: index))
        }
    }
}

extension Row: CustomStringConvertible {
    /// A description as GRDB writes it, such as
    /// `[id:1 name:"Arthur" data:Data(6 bytes)]` (see
    /// ``DatabaseValue/description``).
    public var description: String {
        "[" + (0..<count).map { "\(_columnName(atUncheckedIndex: $0)):\(databaseValue(atUncheckedIndex: $0))" }.joined(separator: " ") + "]"
    }
}

extension Row: ExpressibleByDictionaryLiteral {
    /// Creates a row from a dictionary literal, keeping the column order:
    /// `let row: Row = ["id": 1, "name": "Arthur"]`.
    public convenience init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(columnNames: elements.map(\.0), values: elements.map { $0.1?.databaseValue ?? .null })
    }
}
