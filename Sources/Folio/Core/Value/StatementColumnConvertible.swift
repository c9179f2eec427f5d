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

    /// Reads the value of a statement column, NULL included.
    ///
    /// ```swift
    /// let score = Int.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// The default implementation returns nil for NULL, and calls
    /// ``init(sqliteStatement:index:)`` otherwise. `Optional` returns
    /// `.some(nil)` for NULL. Do not customize it.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil when it can not be decoded. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Self?
}

extension StatementColumnConvertible {
    /// Reads the value of a statement column: nil for NULL, and the result
    /// of ``init(sqliteStatement:index:)`` otherwise.
    ///
    /// ```swift
    /// let name = String.fromStatement(sqliteStatement, atUncheckedIndex: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil for NULL and values that can not be
    ///   decoded. See <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Self? {
        guard sqlite3_column_type(sqliteStatement, index) != SQLITE_NULL else { return nil }
        return Self(sqliteStatement: sqliteStatement, index: index)
    }
}

/// Marks the standard `StatementColumnConvertible` types whose
/// `fromStatement(_:atUncheckedIndex:)` checks the column type itself, and
/// returns nil for NULL and for values that do not convert: decoding reads
/// them through it, and skips a redundant `sqlite3_column_type` call.
@usableFromInline
protocol _StatementColumnTypeChecking { }
