/// A row adapter applied to some columns: the columns of the adapted rows,
/// and their scopes. This is what ``RowAdapter/_layoutedAdapter(from:)``
/// returns.
///
/// GRDB declares this protocol for the adapters that user code writes, and
/// so does Folio. A user's adapter usually returns the layouted adapter of
/// one of the built-in adapters, which Folio applies on its fast path;
/// any other value is read through ``_mapping`` and ``_scopes``:
///
/// ```swift
/// let names = row.scopes.names // Dictionary<String, any _LayoutedRowAdapter>.Keys
/// let sortedNames = names.sorted()
/// ```
public protocol _LayoutedRowAdapter: Sendable {
    /// The columns of the adapted rows: the index of each column among the
    /// columns of the statement, and its name.
    var _mapping: _LayoutedColumnMapping { get }

    /// The scopes of the adapted rows, by name.
    var _scopes: [String: any _LayoutedRowAdapter] { get }
}

/// Columns that a row adapter applies to: the columns of a statement
/// (``Statement`` adopts it), or the columns of another adapter's rows.
///
/// GRDB declares this protocol for the adapters that user code writes, and
/// so does Folio: see ``RowAdapter/_layoutedAdapter(from:)``.
public protocol _RowLayout {
    /// The columns, from left to right: the index of each column among the
    /// columns of the statement, and its name.
    var _layoutColumns: [(Int, String)] { get }

    /// The position in ``_layoutColumns`` of the leftmost column with this
    /// name, ignoring case, or nil.
    ///
    /// - Parameter name: A column name.
    /// - Returns: A position in `_layoutColumns`, or nil.
    func _layoutIndex(ofColumn name: String) -> Int?
}

/// Columns picked among the columns of a statement, under any names: a
/// layouted adapter without scopes.
///
/// GRDB declares this type for the adapters that user code writes, and so
/// does Folio: it is the ``_LayoutedRowAdapter/_mapping`` of every layouted
/// adapter, and can be adapted again, as a ``_RowLayout``.
public struct _LayoutedColumnMapping: _LayoutedRowAdapter, _RowLayout {
    /// The columns, from left to right: the index of each column among the
    /// columns of the statement, and its name.
    public let _layoutColumns: [(Int, String)]

    /// The names of all the columns of the statement, when known: a range
    /// of them under their own names is then read on the fast path.
    let statementColumnNames: [String]?

    init(layoutColumns: [(Int, String)], statementColumnNames: [String]?) {
        self._layoutColumns = layoutColumns
        self.statementColumnNames = statementColumnNames
    }

    /// The position in ``_layoutColumns`` of the leftmost column with this
    /// name, ignoring case, or nil.
    ///
    /// - Parameter name: A column name.
    /// - Returns: A position in `_layoutColumns`, or nil.
    public func _layoutIndex(ofColumn name: String) -> Int? {
        _layoutColumns.firstIndex { $0.1.isSameDatabaseName(as: name) }
    }

    /// The mapping itself.
    public var _mapping: _LayoutedColumnMapping { self }

    /// No scopes.
    public var _scopes: [String: any _LayoutedRowAdapter] { [:] }
}

extension Statement: _RowLayout {
    /// The columns of the statement, from left to right: the index and the
    /// name of each.
    public var _layoutColumns: [(Int, String)] {
        Array(columnNames.enumerated())
    }

    /// The index of the leftmost column with this name, ignoring case, or
    /// nil (see ``index(ofColumn:)``).
    ///
    /// - Parameter name: A column name.
    /// - Returns: A column index, or nil.
    public func _layoutIndex(ofColumn name: String) -> Int? {
        index(ofColumn: name)
    }
}

extension RowAdapterColumns: _RowLayout {
    var _layoutColumns: [(Int, String)] {
        Array(zip(indexes, names))
    }

    func _layoutIndex(ofColumn name: String) -> Int? {
        position(ofColumn: name)
    }

    /// The columns that a user's adapter gives to a built-in one.
    init(_ layout: some _RowLayout, sql: String) {
        if let columns = layout as? RowAdapterColumns {
            self = columns
        } else if let statement = layout as? Statement {
            self.init(statement: statement)
        } else {
            let columns = layout._layoutColumns
            self.init(
                indexes: columns.map(\.0),
                names: columns.map(\.1),
                statementColumnNames: (layout as? _LayoutedColumnMapping)?.statementColumnNames,
                sql: sql)
        }
    }

    /// Returns the layout of the rows of a layouted adapter that a user's
    /// adapter returned.
    ///
    /// - Throws: A ``DatabaseError`` when the adapter reads a column that
    ///   the statement does not have.
    func rowLayout(of layouted: any _LayoutedRowAdapter) throws -> RowLayout {
        if let layouted = layouted as? RowLayoutWithNames {
            return layouted.layout
        }
        let mapping = layouted._mapping._layoutColumns
        let statementColumnCount = statementColumnNames?.count ?? (indexes.max().map { $0 + 1 } ?? 0)
        if let column = mapping.first(where: { $0.0 < 0 || $0.0 >= statementColumnCount }) {
            throw error(
                "the row adapter reads column \(column.0) (\"\(column.1)\") of a statement of "
                    + "\(statementColumnCount) columns")
        }
        let statementColumns = RowAdapterColumns(
            indexes: Array(0..<statementColumnCount),
            names: statementColumnNames ?? Array(repeating: "", count: statementColumnCount),
            statementColumnNames: statementColumnNames,
            sql: sql)
        var layout = statementColumns.layout(positions: mapping.map(\.0), names: mapping.map(\.1))
        layout.scopes = try layouted._scopes.keys.sorted().map { key in
            RowScope(key: key, layout: try rowLayout(of: layouted._scopes[key]!))
        }
        return layout
    }
}

/// The layouted adapter of Folio's adapters: a ``RowLayout``, with the
/// names of the statement's columns that its range layouts need to tell
/// their names.
struct RowLayoutWithNames: _LayoutedRowAdapter {
    let layout: RowLayout
    let statementColumnNames: [String]?

    var _mapping: _LayoutedColumnMapping {
        let names = layout.mappedColumns?.names
            ?? Array((statementColumnNames ?? [])[layout.offset..<(layout.offset + layout.baseCount)])
        return _LayoutedColumnMapping(
            layoutColumns: Array(zip(layout.columnIndexes, names)),
            statementColumnNames: statementColumnNames)
    }

    var _scopes: [String: any _LayoutedRowAdapter] {
        var scopes: [String: any _LayoutedRowAdapter] = [:]
        for scope in layout.scopes where scopes[scope.key] == nil {
            scopes[scope.key] = RowLayoutWithNames(layout: scope.layout, statementColumnNames: statementColumnNames)
        }
        return scopes
    }
}

extension BuiltInRowAdapter {
    /// The layouted adapter of Folio's adapters: the layout of the given
    /// columns.
    func layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        let columns = RowAdapterColumns(layout, sql: "")
        return RowLayoutWithNames(layout: try self.layout(columns), statementColumnNames: columns.statementColumnNames)
    }

    func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        try layoutedAdapter(from: layout)
    }
}
