// Rows of joined requests and of row adapters: the columns of the base
// record, the "scopes" of the associated records (`row.scopes["author"]`),
// the rows of prefetched to-many associations (`row.prefetchedRows["books"]`),
// and the rows without them (`unscoped`, `unadapted`).

extension Row {
    /// The scopes of the row: the associated records of a joined request,
    /// and the scopes of a ``ScopeAdapter``, by name.
    ///
    /// ```swift
    /// let request = Book.including(required: Book.author.including(required: Author.country))
    /// let bookRow = try Row.fetchOne(db, request)!
    /// let authorRow = bookRow.scopes["author"]!
    /// let countryRow = authorRow.scopes["country"]!
    ///
    /// for (name, row) in bookRow.scopes { print(name, row) }
    /// ```
    ///
    /// See ``ScopeAdapter`` and ``splittingRowAdapters(columnCounts:)``,
    /// and ``scopesTree`` for a search in the scopes of the scopes.
    public var scopes: ScopesView {
        ScopesView(row: self)
    }

    /// The scopes of the row and of its scopes, searched breadth-first.
    ///
    /// ```swift
    /// // Book.including(required: Book.author.including(optional: Author.country))
    /// let countryRow = row.scopesTree["country"]
    /// ```
    ///
    /// See ``scopes``.
    public var scopesTree: ScopesTreeView {
        ScopesTreeView(row: self)
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

    /// The row of the scope at an index of the layout, when a row that a
    /// cursor reuses has built the rows of its scopes already; nil
    /// otherwise (then call ``scopeRow(at:of:)``).
    @inline(__always)
    func _cachedScopeRow(at index: Int) -> Row? {
        guard let scopeRows = _cachedScopeRows, index >= 0 && index < scopeRows.count else { return nil }
        return scopeRows[index]
    }

    /// The row of the scope at an index of the layout, unretained, when
    /// a row that a cursor reuses has built the rows of its scopes
    /// already; nil otherwise. The row keeps its scope rows until its
    /// cursor ends: use the result while decoding the current step only.
    @inline(__always)
    func _unretainedCachedScopeRow(at index: Int) -> Unmanaged<Row>? {
        guard let scopeRows = _cachedScopeRows, index >= 0 && index < scopeRows.count else { return nil }
        return scopeRows.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
    }

    /// The names of the scopes of the row, in the order of its layout (the
    /// order of the associations of a joined request).
    var scopeNames: [String] {
        _layout?.scopes.map(\.key) ?? []
    }

    /// The row of the scope with this name, or nil.
    func scopeRow(named name: String) -> Row? {
        guard let scopes = _layout?.scopes, let index = scopes.firstIndex(where: { $0.key.hasSameUTF8(as: name) }) else {
            return nil
        }
        return scopeRow(at: index, of: scopes)
    }

    private func makeScopeRow(_ scope: RowScope) -> Row {
        // The columns of scopes are absolute: they are read in the row of
        // all columns, the base of a mapped row.
        Row(
            root: _mappedBase ?? self,
            layout: scope.layout,
            prefetchStorage: _prefetchStorage,
            scopePath: _scopePath + "/" + scope.key)
    }

    /// Stores prefetched rows.
    func setPrefetchedRows(_ rows: PrefetchedRowSet, forKey key: String) {
        _prefetchStorage?.rows[ByteExactString(_scopePath), default: [:]][ByteExactString(key)] = rows
    }

    /// The prefetched rows of an association key, or nil, without
    /// building the rows of a buffer (see ``PrefetchedRowSet``).
    func prefetchedRowSet(forKey key: String) -> PrefetchedRowSet? {
        guard let _prefetchStorage else { return nil }
        return _prefetchStorage.rows[ByteExactString(_scopePath)]?[ByteExactString(key)]
    }

    /// The row without its scopes and prefetched rows: the same columns
    /// and values.
    ///
    /// ```swift
    /// let request = Book.including(required: Book.author).including(all: Book.awards)
    /// let bookRow = try Row.fetchOne(db, request)!
    ///
    /// bookRow == ["id": 42, "title": "Moby-Dick", "authorId": 1]          // false: scopes differ
    /// bookRow.unscoped == ["id": 42, "title": "Moby-Dick", "authorId": 1] // true
    /// ```
    public var unscoped: Row {
        if let _mappedBase, var layout = _layout {
            layout.scopes = []
            layout.hasPrefetches = false
            return Row(root: _mappedBase, layout: layout, prefetchStorage: nil, scopePath: _scopePath)
        }
        return Row(root: self, layout: RowLayout(offset: _offset, baseCount: count), prefetchStorage: nil, scopePath: _scopePath)
    }

    /// The raw row fetched from the database: all the columns of the
    /// statement, under their own names, without scopes nor prefetched
    /// rows.
    ///
    /// ```swift
    /// // SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId
    /// let bookRow = try Row.fetchOne(db, Book.including(required: Book.author))!
    /// print(bookRow)           // [id:42 title:"Moby-Dick" authorId:1]
    /// print(bookRow.unadapted) // [id:42 title:"Moby-Dick" authorId:1 id:1 name:"Herman Melville"]
    ///
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a", adapter: ColumnMapping(["b": "a"]))!
    /// print(row.unadapted)     // [a:1]
    /// ```
    public var unadapted: Row {
        Row(root: _mappedBase ?? self, layout: nil, prefetchStorage: nil, scopePath: "")
    }

    /// Whether the row is adapted (by a row adapter, or by the layout of a
    /// joined request): its columns or scopes differ from the columns of
    /// its statement.
    var isAdapted: Bool {
        _layout != nil || _offset != 0 || count != _columnNames.count
    }
}
