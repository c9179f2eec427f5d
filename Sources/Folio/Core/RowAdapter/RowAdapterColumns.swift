/// The columns that a row adapter is applied to: all the columns of a
/// statement, or the columns that another adapter has produced (for an
/// adapted request whose base request has an adapter already).
///
/// Adapters address these columns by position and by name, and produce the
/// layout of their rows with ``layout(positions:names:)``, which expresses
/// it in the columns of the statement.
struct RowAdapterColumns {
    /// The index in the statement of each column.
    let indexes: [Int]

    /// The name of each column.
    let names: [String]

    /// The names of all the columns of the statement, or nil when they are
    /// unknown (the columns of a layout that a user's adapter built, see
    /// ``_LayoutedColumnMapping``): the layouts made from these columns
    /// then read their columns through a mapping.
    let statementColumnNames: [String]?

    /// The SQL of the statement, for errors.
    let sql: String

    /// All the columns of a statement.
    init(statement: Statement) {
        let names = statement.columnNames
        self.indexes = Array(names.indices)
        self.names = names
        self.statementColumnNames = names
        self.sql = statement.sql
    }

    init(indexes: [Int], names: [String], statementColumnNames: [String]?, sql: String) {
        self.indexes = indexes
        self.names = names
        self.statementColumnNames = statementColumnNames
        self.sql = sql
    }

    /// The columns of the rows of a layout made from these columns (its
    /// scopes aside): what a second adapter applies to.
    func adapted(by layout: RowLayout) -> RowAdapterColumns {
        RowAdapterColumns(
            indexes: layout.columnIndexes,
            names: layout.mappedColumns?.names
                ?? Array((statementColumnNames ?? [])[layout.offset..<(layout.offset + layout.baseCount)]),
            statementColumnNames: statementColumnNames,
            sql: sql)
    }

    /// The number of columns.
    var count: Int { indexes.count }

    /// The position of the leftmost column with this name, ignoring case,
    /// or nil.
    func position(ofColumn name: String) -> Int? {
        let lowercased = name.lowercased()
        return names.firstIndex { $0.lowercased() == lowercased }
    }

    /// The layout of a row made of all these columns.
    var identityLayout: RowLayout {
        layout(positions: Array(indexes.indices))
    }

    /// Returns the layout of a row made of some of these columns.
    ///
    /// When the columns are a range of the statement's columns under their
    /// own names, the layout is a range, and its rows read the statement
    /// on the fast path.
    ///
    /// - Parameters:
    ///   - positions: The position of each column of the row among these
    ///     columns.
    ///   - names: The names of the columns of the row, or nil for their
    ///     own names.
    func layout(positions: [Int], names: [String]? = nil) -> RowLayout {
        let indexes = positions.map { self.indexes[$0] }
        let names = names ?? positions.map { self.names[$0] }
        guard let first = indexes.first else {
            return RowLayout(offset: 0, baseCount: 0)
        }
        let isRange = indexes.indices.allSatisfy { indexes[$0] == first + $0 }
        if isRange, let statementColumnNames, first + indexes.count <= statementColumnNames.count,
           names.elementsEqual(statementColumnNames[first..<(first + indexes.count)])
        {
            return RowLayout(offset: first, baseCount: indexes.count)
        }
        return RowLayout(mappedColumns: RowLayout.MappedColumns(indexes: indexes, names: names))
    }

    /// Returns the scopes of a dictionary of adapters, applied to these
    /// columns, sorted by name.
    ///
    /// - Throws: A ``DatabaseError`` when an adapter does not fit.
    func scopes(_ adapters: [String: any RowAdapter]) throws -> [RowScope] {
        try adapters.keys.sorted().map { key in
            RowScope(key: key, layout: try adapters[key]!.rowLayout(self))
        }
    }

    /// An error about an adapter that does not fit these columns.
    func error(_ message: String) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: message, sql: sql)
    }
}
