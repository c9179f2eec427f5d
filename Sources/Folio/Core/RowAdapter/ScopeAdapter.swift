/// A row adapter that defines row scopes: named rows made of some columns
/// of the fetched row.
///
/// `ScopeAdapter` does not change the columns and values of the fetched
/// row. Instead, it defines *scopes* from other adapters, which you read
/// with ``Row/scopes``:
///
/// ```swift
/// let adapter = ScopeAdapter([
///     "left": RangeRowAdapter(0..<2),
///     "right": RangeRowAdapter(2..<4)])
/// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
///
/// row                   // [a:0 b:1 c:2 d:3]
/// row.scopes["left"]    // [a:0 b:1]
/// row.scopes["right"]   // [c:2 d:3]
/// row.scopes["missing"] // nil
/// ```
///
/// Scopes can be nested. The adapters of nested scopes apply to the same
/// columns as the adapter of their parent scope, not to its output:
///
/// ```swift
/// let adapter = ScopeAdapter([
///     "left": ScopeAdapter([
///         "left": RangeRowAdapter(0..<1),
///         "right": RangeRowAdapter(1..<2)]),
///     "right": ScopeAdapter([
///         "left": RangeRowAdapter(2..<3),
///         "right": RangeRowAdapter(3..<4)]),
/// ])
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// row.scopes["left"]!.scopes["right"]  // [b:1]
/// row.scopes["right"]!.scopes["left"]  // [c:2]
/// ```
///
/// Scopes are decoded as records with the scope subscripts of ``Row``
/// (`let team: Team = row["team"]`), and they are the scopes of the
/// associations of joined requests too.
public struct ScopeAdapter: Sendable {
    /// The adapter of the row itself, or nil for all the columns.
    let base: (any RowAdapter)?

    /// The adapters of the scopes, by name.
    let scopes: [String: any RowAdapter]

    /// Creates an adapter that keeps the columns of the row, and adds
    /// scopes.
    ///
    /// ```swift
    /// let adapter = ScopeAdapter(["suffix": SuffixRowAdapter(fromIndex: 1)])
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: adapter)!
    /// row                  // [a:1 b:2 c:3]
    /// row.scopes["suffix"] // [b:2 c:3]
    /// ```
    ///
    /// - Parameter scopes: Adapters keyed by scope name.
    public init(_ scopes: [String: any RowAdapter]) {
        self.base = nil
        self.scopes = scopes
    }

    /// Creates an adapter that adapts the row with a base adapter, and adds
    /// scopes.
    ///
    /// ```swift
    /// let adapter = ScopeAdapter(
    ///     base: RangeRowAdapter(0..<1),
    ///     scopes: ["remainder": SuffixRowAdapter(fromIndex: 1)])
    /// let row = try Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: adapter)!
    /// row                     // [a:1]
    /// row.scopes["remainder"] // [b:2 c:3]
    /// ```
    ///
    /// The scopes apply to the columns the base adapter is given, not to
    /// its output. When the base adapter defines scopes already, the given
    /// scopes replace the ones with the same name: this is
    /// `base.addingScopes(scopes)`.
    ///
    /// - Parameters:
    ///   - base: The adapter of the row itself.
    ///   - scopes: Adapters keyed by scope name.
    public init(base: some RowAdapter, scopes: [String: any RowAdapter]) {
        self.init(baseAdapter: base, scopes: scopes)
    }

    init(baseAdapter: (any RowAdapter)?, scopes: [String: any RowAdapter]) {
        self.base = baseAdapter
        self.scopes = scopes
    }
}

extension ScopeAdapter: BuiltInRowAdapter {
    /// Returns the columns and scopes of the rows that this adapter makes
    /// from some columns.
    ///
    /// - Parameter layout: The columns to adapt.
    /// - Returns: The layouted adapter of the rows.
    /// - Throws: A ``DatabaseError`` when the adapter does not fit the
    ///   columns.
    public func _layoutedAdapter(from layout: some _RowLayout) throws -> any _LayoutedRowAdapter {
        try layoutedAdapter(from: layout)
    }

    func layout(_ columns: RowAdapterColumns) throws -> RowLayout {
        var layout = try base?.rowLayout(columns) ?? columns.identityLayout
        for scope in try columns.scopes(scopes) {
            if let index = layout.scopeIndex(forKey: scope.key) {
                layout.scopes[index] = scope
            } else {
                layout.scopes.append(scope)
            }
        }
        return layout
    }
}
