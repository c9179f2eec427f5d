// Rows of joined requests: the columns of the base record, the "scopes"
// of the associated records (`row.scopes["author"]`), and the rows of
// prefetched to-many associations (`row.prefetchedRows["books"]`).

extension Row {
    /// The scopes of a row: the associated records of a joined request,
    /// by association key.
    ///
    /// ```swift
    /// let request = Book.including(required: Book.author)
    /// let row = try Row.fetchOne(db, request)!
    /// let authorRow = row.scopes["author"]
    /// ```
    public struct ScopesView {
        private let storage: Row?

        init(row: Row) {
            self.storage = row
        }

        /// The association keys of the scopes.
        public var names: [String] {
            storage?._layout?.scopes.map(\.key) ?? []
        }

        /// The row of a scope, or nil.
        ///
        /// - Parameter key: An association key.
        public subscript(_ key: String) -> Row? {
            guard let base = storage,
                  let scopes = base._layout?.scopes,
                  let index = scopes.firstIndex(where: { $0.key.hasSameUTF8(as: key) })
            else {
                return nil
            }
            return base.scopeRow(at: index, of: scopes)
        }
    }

    /// The scopes of the row, by association key.
    public var scopes: ScopesView {
        ScopesView(row: self)
    }

    /// The scopes of the row and of its scopes, searched breadth-first.
    ///
    /// ```swift
    /// // Book.including(required: Book.author.including(optional: Author.country))
    /// let countryRow = row.scopesTree["country"]
    /// ```
    public var scopesTree: ScopesTreeView {
        ScopesTreeView(row: self)
    }

    /// The whole tree of scopes of a row.
    public struct ScopesTreeView {
        let row: Row

        /// The row of a scope anywhere in the tree, or nil.
        ///
        /// - Parameter key: An association key.
        public subscript(_ key: String) -> Row? {
            guard let scopes = row._layout?.scopes, !scopes.isEmpty else { return nil }
            // The scopes of the row first, without building other rows.
            if let index = scopes.firstIndex(where: { $0.key.hasSameUTF8(as: key) }) {
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
                        if scopes[index].key.hasSameUTF8(as: key) { return scopeRow }
                        nextLevel.append(scopeRow)
                    }
                }
                level = nextLevel
            }
            return nil
        }
    }

    /// The row of the scope at an index of the layout.
    ///
    /// A row that a cursor reuses builds the rows of its scopes once, and
    /// they keep their decoding containers from one step to the next, as
    /// the row does: they read the same statement at each step.
    ///
    /// - Parameters:
    ///   - index: An index in `scopes`.
    ///   - scopes: The scopes of the row's layout.
    func scopeRow(at index: Int, of scopes: [RowScope]) -> Row {
        guard _isReusedByCursor else {
            return makeScopeRow(scopes[index])
        }
        if let scopeRows = _cachedScopeRows {
            return scopeRows[index]
        }
        let scopeRows = scopes.map { scope in
            let scopeRow = makeScopeRow(scope)
            scopeRow._enableStepCaches()
            return scopeRow
        }
        _cachedScopeRows = scopeRows
        return scopeRows[index]
    }

    private func makeScopeRow(_ scope: RowScope) -> Row {
        Row(
            base: self,
            offset: scope.offset,
            count: scope.layout.baseCount,
            layout: scope.layout,
            scopePath: _scopePath + "/" + scope.key)
    }

    /// The rows of prefetched to-many associations (`including(all:)`), by
    /// association key.
    ///
    /// ```swift
    /// let request = Author.including(all: Author.books)
    /// let row = try Row.fetchOne(db, request)!
    /// let bookRows = row.prefetchedRows["books"] // [Row]
    /// ```
    public var prefetchedRows: PrefetchedRowsView {
        PrefetchedRowsView(rows: _prefetchStorage?.rows[ByteExactString(_scopePath)] ?? [:])
    }

    /// The prefetched rows of a row.
    public struct PrefetchedRowsView {
        let rows: [ByteExactString: [Row]]

        /// The association keys of the prefetched rows.
        public var keys: [String] { rows.keys.map(\.string).sorted() }

        /// Whether there is no prefetched association.
        public var isEmpty: Bool { rows.isEmpty }

        /// The prefetched rows for an association key, or nil.
        ///
        /// - Parameter key: An association key.
        public subscript(_ key: String) -> [Row]? { rows[ByteExactString(key)] }
    }

    /// Stores prefetched rows.
    func setPrefetchedRows(_ rows: [Row], forKey key: String) {
        _prefetchStorage?.rows[ByteExactString(_scopePath), default: [:]][ByteExactString(key)] = rows
    }

    /// The row without its scopes (the columns of the base record).
    public var unscoped: Row {
        Row(base: self, offset: _offset, count: count, layout: nil, scopePath: _scopePath)
    }

    /// All the columns of the statement that produced the row, scopes
    /// included.
    public var unadapted: Row {
        let total = _statement?.columnCount ?? _columnNames.count
        return Row(base: self, offset: 0, count: total, layout: nil, scopePath: _scopePath)
    }
}
