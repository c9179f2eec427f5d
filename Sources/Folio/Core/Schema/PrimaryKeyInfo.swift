/// The primary key of a table.
///
/// ```swift
/// let primaryKey = try db.primaryKey("player")
/// primaryKey.columns     // ["id"]
/// primaryKey.rowIDColumn // "id" (an INTEGER PRIMARY KEY)
/// ```
///
/// Tables without explicit primary key have the hidden `rowid` primary key:
/// `columns` is `["rowid"]`, `rowIDColumn` is nil, and `isRowID` is true.
public struct PrimaryKeyInfo: Hashable, Sendable {
    /// The primary key columns, in order.
    ///
    /// ```swift
    /// try db.primaryKey("citizenship").columns // ["citizenId", "countryCode"]
    /// ```
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_table_info>.
    public var columns: [String] { columnNames }

    /// The name of the column that aliases the rowid (an INTEGER PRIMARY
    /// KEY), or nil.
    ///
    /// ```swift
    /// try db.primaryKey("player").rowIDColumn // "id"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#rowid>.
    public var rowIDColumn: String? { rowIDColumnName }

    /// Storage for ``columns``.
    let columnNames: [String]

    /// Storage for ``rowIDColumn``.
    let rowIDColumnName: String?

    /// Whether the table has a rowid (it is not a WITHOUT ROWID table).
    public let tableHasRowID: Bool

    /// Whether the primary key is the rowid, hidden or aliased by an
    /// INTEGER PRIMARY KEY column.
    public var isRowID: Bool {
        tableHasRowID && (rowIDColumn != nil || columns == ["rowid"])
    }

    /// Creates a primary key.
    init(columns: [String], rowIDColumn: String?, tableHasRowID: Bool) {
        self.columnNames = columns
        self.rowIDColumnName = rowIDColumn
        self.tableHasRowID = tableHasRowID
    }

    /// The primary key of tables without explicit primary key.
    static let hiddenRowID = PrimaryKeyInfo(columns: ["rowid"], rowIDColumn: nil, tableHasRowID: true)
}
