/// Columns are records fetched from `PRAGMA table_info` or `PRAGMA
/// table_xinfo`:
///
/// ```swift
/// let columns = try ColumnInfo.fetchAll(db, sql: "PRAGMA table_xinfo(player)")
/// ```
///
/// See <https://www.sqlite.org/pragma.html#pragma_table_info>.
extension ColumnInfo: FetchableRecord { }
