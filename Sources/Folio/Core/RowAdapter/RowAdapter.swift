/// A type that helps two incompatible row interfaces work together: it
/// presents the rows of a statement in the way their consumer expects.
///
/// For example, when a record expects a column named "consumed", but the
/// query produces a column named "produced", the ``ColumnMapping`` adapter
/// feeds one from the other:
///
/// ```swift
/// let adapter = ColumnMapping(["consumed": "produced"])
/// let sql = "SELECT 'Hello' AS produced"
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
///
/// print(row)              // [consumed:"Hello"]
/// print(row["consumed"])  // Optional("Hello")
/// print(row.unadapted)    // [produced:"Hello"]
/// ```
///
/// Give an adapter to any fetching method (`Row`, values and records,
/// from SQL or a prepared statement), to ``SQLRequest``, or to any request
/// with ``FetchRequest/adapted(_:)``. The adapter is applied once per
/// fetch: the adapted rows still read their values straight from the
/// statement, without copying them.
///
/// Adapters help disambiguate columns with identical names, which happens
/// when a query selects the columns of several tables (see
/// ``splittingRowAdapters(columnCounts:)`` and ``ScopeAdapter``), and
/// rename the columns that SQLite names unexpectedly (see
/// ``RenameColumnAdapter``).
///
/// A type of your own adapts rows with its
/// `_layoutedAdapter(from:)` method, as in GRDB: it is given the columns
/// to adapt (a `_RowLayout`), and usually returns the layouted adapter
/// of a built-in adapter that it configures for these columns:
///
/// ```swift
/// /// Renames one column, and keeps the others.
/// struct RenamingAdapter: RowAdapter {
///     var old: String
///     var new: String
///
///     func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
///         var mapping: [String: String] = [:]
///         for (_, name) in layout._layoutColumns {
///             mapping[name == old ? new : name] = name
///         }
///         return try ColumnMapping(mapping)._layoutedAdapter(from: layout)
///     }
/// }
/// ```
///
/// ## Topics
/// - ``ColumnMapping``
/// - ``EmptyRowAdapter``
/// - ``RangeRowAdapter``
/// - ``RenameColumnAdapter``
/// - ``ScopeAdapter``
/// - ``SuffixRowAdapter``
/// - ``splittingRowAdapters(columnCounts:)``
/// - ``addingScopes(_:)``
public protocol RowAdapter: Sendable {
    /// Returns the columns and scopes of the rows that this adapter makes
    /// from some columns.
    ///
    /// Folio calls it once per fetch, never per row.
    ///
    /// - Parameter layout: The columns to adapt: the columns of a
    ///   statement, or of the rows of another adapter.
    /// - Returns: The layouted adapter of the rows.
    /// - Throws: An error when the adapter does not fit the columns (a
    ///   missing column, a range out of bounds).
    func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter
}

extension RowAdapter {
    /// Returns an adapter based on this one, with added scopes.
    ///
    /// The rows of the new adapter have the columns of this adapter, and
    /// the added scopes, which are applied to the same columns as this
    /// adapter (not to its output). When this adapter defines scopes
    /// already, the added scopes replace the ones with the same name.
    ///
    /// ```swift
    /// let adapter = RangeRowAdapter(0..<2).addingScopes([
    ///     "remainder": SuffixRowAdapter(fromIndex: 2),
    /// ])
    /// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
    /// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
    ///
    /// row                     // [a:0 b:1]
    /// row.scopes["remainder"] // [c:2 d:3]
    /// ```
    ///
    /// - Parameter scopes: Adapters keyed by scope name.
    /// - Returns: A row adapter.
    public func addingScopes(_ scopes: [String: any RowAdapter]) -> any RowAdapter {
        if let scopeAdapter = self as? ScopeAdapter {
            return ScopeAdapter(
                baseAdapter: scopeAdapter.base,
                scopes: scopeAdapter.scopes.merging(scopes) { _, added in added })
        }
        return ScopeAdapter(baseAdapter: self, scopes: scopes)
    }

    /// Returns the layout of the rows that this adapter makes from some
    /// columns.
    ///
    /// Folio's adapters lay out the columns directly; the adapters of user
    /// types go through their ``_layoutedAdapter(from:)``.
    ///
    /// - Throws: A ``DatabaseError`` when the adapter does not fit the
    ///   columns (a missing column, a range out of bounds), or the error of
    ///   a user's adapter.
    func rowLayout(_ columns: RowAdapterColumns) throws -> RowLayout {
        if let adapter = self as? any BuiltInRowAdapter {
            return try adapter.layout(columns)
        }
        return try columns.rowLayout(of: _layoutedAdapter(from: columns))
    }

    /// Returns the layout of the rows of a statement adapted by this
    /// adapter.
    ///
    /// - Throws: A ``DatabaseError`` when the adapter does not fit the
    ///   columns of the statement.
    func rowLayout(for statement: Statement) throws -> RowLayout {
        try rowLayout(RowAdapterColumns(statement: statement))
    }
}

/// Folio's own row adapters: they build the ``RowLayout`` of the columns
/// they are given directly. A user's adapter is not one: it goes through
/// GRDB's semi-public ``_LayoutedRowAdapter``, whose result
/// `RowAdapterColumns.rowLayout(of:)` reads back into a ``RowLayout``.
protocol BuiltInRowAdapter: RowAdapter {
    /// Returns the layout of the rows made from the given columns.
    ///
    /// - Throws: A ``DatabaseError`` when the adapter does not fit.
    func layout(_ columns: RowAdapterColumns) throws -> RowLayout
}
