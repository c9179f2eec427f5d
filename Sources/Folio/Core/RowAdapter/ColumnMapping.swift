/// A row adapter that renames columns, and only keeps the renamed ones.
///
/// Build a `ColumnMapping` with a dictionary whose keys are the adapted
/// column names, and whose values are the names of columns of the fetched
/// row (looked up ignoring case, the leftmost column first, as
/// `row["name"]` does):
///
/// ```swift
/// // Feeds "newA" from "a", and "newB" from "b":
/// let adapter = ColumnMapping(["newA": "a", "newB": "b"])
/// let sql = "SELECT 0 AS a, 1 AS b, 2 AS c"
///
/// // [newA:0 newB:1]
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// ```
///
/// The adapted columns keep the order of the fetched columns. Columns that
/// are not in the dictionary are not in the adapted row. A name that is not
/// a column of the fetched row makes fetching throw a ``DatabaseError``.
public struct ColumnMapping: Sendable {
    /// The names of fetched columns, by adapted column name.
    let mapping: [String: String]

    /// Creates an adapter from a dictionary of fetched column names, keyed
    /// by adapted column name.
    ///
    /// ```swift
    /// let adapter = ColumnMapping(["id": "author_id", "name": "author_name"])
    /// ```
    ///
    /// - Parameter mapping: The names of fetched columns, by adapted
    ///   column name.
    public init(_ mapping: [String: String]) {
        self.mapping = mapping
    }
}

extension ColumnMapping: BuiltInRowAdapter {
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
        var pairs: [(position: Int, name: String)] = []
        pairs.reserveCapacity(mapping.count)
        for (name, baseName) in mapping {
            guard let position = columns.position(ofColumn: baseName) else {
                throw columns.error(
                    "ColumnMapping: no column \"\(baseName)\" for \"\(name)\" in the fetched columns "
                        + "(\(columns.names.joined(separator: ", ")))")
            }
            pairs.append((position, name))
        }
        // The order of the fetched columns, then the order of names for a
        // column mapped twice (dictionaries are unordered).
        pairs.sort { $0.position != $1.position ? $0.position < $1.position : $0.name < $1.name }
        return columns.layout(positions: pairs.map(\.position), names: pairs.map(\.name))
    }
}
