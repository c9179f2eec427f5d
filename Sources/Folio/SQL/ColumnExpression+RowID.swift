extension ColumnExpression where Self == Column {
    /// The hidden `rowid` column, for APIs that accept any column:
    ///
    /// ```swift
    /// struct Event: FetchableRecord {
    ///     var id: Int64?
    ///     init(row: Row) {
    ///         id = row[.rowID]
    ///     }
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#rowid>.
    public static var rowID: Column { Column("rowid") }
}
