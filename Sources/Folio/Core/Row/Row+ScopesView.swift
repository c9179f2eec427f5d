extension Row {
    /// The scopes of a row, by name: a collection of `(name, row)` pairs.
    ///
    /// ```swift
    /// let adapter = ScopeAdapter(["left": RangeRowAdapter(0..<1), "right": SuffixRowAdapter(fromIndex: 1)])
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b", adapter: adapter)!
    ///
    /// row.scopes["left"]        // [a:1]
    /// row.scopes.names.sorted() // ["left", "right"]
    /// for (name, scopeRow) in row.scopes {
    ///     print(name, scopeRow)
    /// }
    /// ```
    ///
    /// The order of iteration is the order of a dictionary: unspecified,
    /// as in GRDB. See ``Row/scopes``.
    public struct ScopesView {
        /// The row, for the rows of its scopes.
        private let row: Row

        /// The layouts of the scopes, by name.
        private let scopeLayouts: [String: any _LayoutedRowAdapter]

        init(row: Row) {
            self.row = row
            var scopeLayouts: [String: any _LayoutedRowAdapter] = [:]
            if let scopes = row._layout?.scopes, !scopes.isEmpty {
                scopeLayouts.reserveCapacity(scopes.count)
                let statementColumnNames = (row._mappedBase ?? row)._columnNames
                for scope in scopes where scopeLayouts[scope.key] == nil {
                    scopeLayouts[scope.key] = RowLayoutWithNames(
                        layout: scope.layout, statementColumnNames: statementColumnNames)
                }
            }
            self.scopeLayouts = scopeLayouts
        }

        /// The names of the scopes.
        ///
        /// ```swift
        /// let names = Set(row.scopes.names) // ["author", "country"]
        /// ```
        public var names: Dictionary<String, any _LayoutedRowAdapter>.Keys {
            scopeLayouts.keys
        }

        /// The row of a scope, or nil when the row has no such scope.
        ///
        /// ```swift
        /// let authorRow = bookRow.scopes["author"]
        /// ```
        ///
        /// - Parameter name: The name of a scope (an association key).
        /// - Returns: A row, or nil.
        public subscript(_ name: String) -> Row? {
            row.scopeRow(named: name)
        }
    }
}

extension Row.ScopesView: Collection {
    /// A position in the scopes.
    public typealias Index = Dictionary<String, any _LayoutedRowAdapter>.Index

    /// The position of the first scope.
    ///
    /// ```swift
    /// let (name, scopeRow) = row.scopes[row.scopes.startIndex]
    /// ```
    public var startIndex: Index { scopeLayouts.startIndex }

    /// The position after the last scope.
    ///
    /// ```swift
    /// let isEmpty = row.scopes.startIndex == row.scopes.endIndex
    /// ```
    public var endIndex: Index { scopeLayouts.endIndex }

    /// Returns the position after a position.
    ///
    /// ```swift
    /// let second = row.scopes.index(after: row.scopes.startIndex)
    /// ```
    ///
    /// - Parameter i: A valid position, before ``endIndex``.
    /// - Returns: The next position.
    public func index(after i: Index) -> Index {
        scopeLayouts.index(after: i)
    }

    /// The name and the row of the scope at a position.
    ///
    /// ```swift
    /// let (name, scopeRow) = row.scopes[row.scopes.startIndex]
    /// ```
    ///
    /// - Parameter position: A valid position, before ``endIndex``.
    public subscript(position: Index) -> (name: String, row: Row) {
        let name = scopeLayouts[position].key
        // The name comes from the layout: the scope exists.
        return (name: name, row: row.scopeRow(named: name)!)
    }
}
