// The static members that name `*` and the rowid wherever a selection, an
// expression or a column is expected: `[.allColumns, .rowID]`.
// See <https://www.sqlite.org/lang_createtable.html#rowid>.

extension SQLSelectable where Self == AllColumns {
    /// All columns: `*`.
    ///
    /// ```swift
    /// struct Player: TableRecord {
    ///     // SELECT *, rowid FROM player
    ///     static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    public static var allColumns: AllColumns { AllColumns() }
}

extension SQLSelectable where Self == Column {
    /// The hidden `rowid` column.
    ///
    /// ```swift
    /// struct Player: TableRecord {
    ///     // SELECT *, rowid FROM player
    ///     static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#rowid>.
    public static var rowID: Column { Column.rowID }
}

extension SQLExpressible where Self == Column {
    /// The hidden `rowid` column.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE rowid = 1
    /// let condition: any SQLExpressible = .rowID == 1
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#rowid>.
    public static var rowID: Column { Column.rowID }
}
