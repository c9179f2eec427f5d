extension Row {
    /// The scopes of a row and of its scopes, recursively, searched
    /// breadth-first. See ``Row/scopesTree``.
    ///
    /// ```swift
    /// // Book.including(required: Book.author.including(optional: Author.country))
    /// let countryRow = bookRow.scopesTree["country"]
    /// bookRow.scopesTree.names // ["author", "country"]
    /// ```
    public struct ScopesTreeView {
        let row: Row

        /// The names of all the scopes of the tree.
        ///
        /// ```swift
        /// // Book.including(required: Book.author.including(optional: Author.country))
        /// bookRow.scopesTree.names // ["author", "country"]
        /// ```
        public var names: Set<String> {
            var names: Set<String> = []
            var level = row._layout?.scopes ?? []
            while !level.isEmpty {
                var nextLevel: [RowScope] = []
                for scope in level {
                    names.insert(scope.key)
                    nextLevel.append(contentsOf: scope.layout.scopes)
                }
                level = nextLevel
            }
            return names
        }

        /// The row of a scope anywhere in the tree, or nil: the first one
        /// found breadth-first.
        ///
        /// ```swift
        /// let countryRow = bookRow.scopesTree["country"]
        /// ```
        ///
        /// - Parameter name: The name of a scope (an association key).
        /// - Returns: A row, or nil.
        public subscript(_ name: String) -> Row? {
            guard let scopes = row._layout?.scopes, !scopes.isEmpty else { return nil }
            // The scopes of the row first, without building other rows.
            if let index = scopes.firstIndex(where: { $0.key.hasSameUTF8(as: name) }) {
                return row.scopeRow(at: index, of: scopes)
            }
            guard scopes.contains(where: { !$0.layout.scopes.isEmpty }) else { return nil }
            // Then the deeper levels, breadth-first.
            var level = scopes.indices.map { row.scopeRow(at: $0, of: scopes) }
            while !level.isEmpty {
                var nextLevel: [Row] = []
                for parent in level {
                    guard let scopes = parent._layout?.scopes else { continue }
                    for index in scopes.indices {
                        let scopeRow = parent.scopeRow(at: index, of: scopes)
                        if scopes[index].key.hasSameUTF8(as: name) { return scopeRow }
                        nextLevel.append(scopeRow)
                    }
                }
                level = nextLevel
            }
            return nil
        }
    }
}
