/// Where the columns of a row are found among the columns of its statement,
/// and how they split into scopes.
///
/// A layout is what a row adapter produces for a statement (see
/// ``RowAdapter``), and what a joined request produces for the scopes of its
/// associations. It is computed once per fetch, never per row. Indexes are
/// absolute: they count all the columns of the statement (or all the values
/// of a copied row).
///
/// The columns of a row are either a range of the statement's columns, under
/// their own names (`offset` and `baseCount`: rows read them straight from
/// the statement, on the fast path), or any columns under any names
/// (`mappedColumns`: `ColumnMapping`, `RenameColumnAdapter`).
struct RowLayout: Sendable {
    /// The index of the first column of the row, when the row's columns are
    /// a range of the statement's (`mappedColumns` is nil).
    var offset: Int = 0

    /// The number of columns of the row.
    var baseCount: Int

    /// The columns of the row, when they are not a range of the statement's
    /// under their own names; nil otherwise.
    var mappedColumns: MappedColumns?

    /// The scopes of the row, in order: the associated records of a joined
    /// request, or the scopes of a ``ScopeAdapter``.
    var scopes: [RowScope] = []

    /// Whether rows with this layout receive prefetched rows.
    var hasPrefetches = false

    /// A layout of `count` columns from `offset`, under their own names.
    init(offset: Int = 0, baseCount: Int) {
        self.offset = offset
        self.baseCount = baseCount
    }

    /// A layout of any columns, under any names.
    init(mappedColumns: MappedColumns) {
        self.baseCount = mappedColumns.indexes.count
        self.mappedColumns = mappedColumns
    }

    /// The index in the statement of each column of the row.
    var columnIndexes: [Int] {
        mappedColumns?.indexes ?? Array(offset..<(offset + baseCount))
    }

    /// The index of the scope with this key, or nil.
    func scopeIndex(forKey key: String) -> Int? {
        scopes.firstIndex { $0.key == key }
    }

    /// The columns of a row that are not a range of the statement's columns
    /// under their own names. A class, so that rows, which hold their
    /// layout, stay small.
    final class MappedColumns: Sendable {
        /// The index in the statement of each column.
        let indexes: [Int]

        /// The name of each column.
        let names: [String]

        /// See ``Row/_previousDuplicates``: computed once per layout, not
        /// once per row.
        let previousDuplicates: [Int]

        /// Whether two names are equal, ignoring case.
        let hasDuplicateNames: Bool

        init(indexes: [Int], names: [String]) {
            // Internal: the one caller (RowAdapterColumns) appends an index
            // and a name together; no user call reaches here.
            self.indexes = indexes
            self.names = names
            self.previousDuplicates = Row.previousDuplicateIndexes(names)
            self.hasDuplicateNames = previousDuplicates.contains { $0 >= 0 }
        }
    }
}
