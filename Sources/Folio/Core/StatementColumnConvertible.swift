import CSQLite

/// A type that reads its values straight from SQLite statement columns,
/// without going through ``DatabaseValue``.
///
/// This is the fast path for the standard types (`Int`, `Double`,
/// `String`...). Conforming types are decoded with no intermediate boxing:
///
/// ```swift
/// struct Score: DatabaseValueConvertible, StatementColumnConvertible {
///     var value: Int64
///     init?(sqliteStatement: SQLiteStatement, index: CInt) {
///         value = sqlite3_column_int64(sqliteStatement, index)
///     }
///     ...
/// }
/// ```
///
/// See <https://www.sqlite.org/c3ref/column_blob.html>.
public protocol StatementColumnConvertible {
    /// Reads the value of a statement column that is not NULL.
    ///
    /// The column is guaranteed not NULL when this is called.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    /// - Returns: nil when the column can not be converted.
    init?(sqliteStatement: SQLiteStatement, index: CInt)
}

/// Marks the standard `StatementColumnConvertible` types whose initializer
/// checks the column type itself, and returns nil for NULL: decoding them
/// skips a redundant `sqlite3_column_type` call.
@usableFromInline
protocol _StatementColumnTypeChecking { }
