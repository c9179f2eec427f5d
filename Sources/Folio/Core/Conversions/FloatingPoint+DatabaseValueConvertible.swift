import CSQLite

extension Double: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite REAL.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .double(self)) }

    /// Converts an INTEGER or REAL value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Double? {
        switch dbValue.storage {
        case .int64(let int64): return Double(int64)
        case .double(let double): return double
        default: return nil
        }
    }

    /// Reads a statement column that is not NULL, with the conversions of
    /// SQLite (`sqlite3_column_double`): TEXT is parsed.
    ///
    /// ```swift
    /// let score = Double(sqliteStatement: statement.sqliteStatement, index: 0)
    /// ```
    ///
    /// Row decoding does not use SQLite's conversions: it refuses a value that
    /// does not convert (see ``fromStatement(_:atUncheckedIndex:)``).
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    ///
    /// See <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self = sqlite3_column_double(sqliteStatement, index)
    }

    /// Reads the value of a statement column, checking its type: nil for NULL,
    /// and for a value that does not convert (TEXT or BLOB). Row decoding uses
    /// it, so that a value that does not convert is an error, not SQLite's
    /// conversion.
    ///
    /// ```swift
    /// let score = Double.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Double? {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_column_double(sqliteStatement, index)
        default: return nil
        }
    }
}

extension Float: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite REAL.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .double(Double(self))) }

    /// Converts an INTEGER or REAL value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(dbValue).map(Float.init)
    }

    /// Reads a statement column that is not NULL, with the conversions of
    /// SQLite (`sqlite3_column_double`): TEXT is parsed.
    ///
    /// ```swift
    /// let ratio = Float(sqliteStatement: statement.sqliteStatement, index: 0)
    /// ```
    ///
    /// Row decoding does not use SQLite's conversions: it refuses a value that
    /// does not convert (see ``fromStatement(_:atUncheckedIndex:)``).
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    ///
    /// See <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self = Float(sqlite3_column_double(sqliteStatement, index))
    }

    /// Reads the value of a statement column, checking its type: nil for NULL,
    /// and for a value that does not convert (TEXT or BLOB). Row decoding uses
    /// it, so that a value that does not convert is an error, not SQLite's
    /// conversion.
    ///
    /// ```swift
    /// let ratio = Float.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Float? {
        Double.fromStatement(sqliteStatement, atUncheckedIndex: index).map(Float.init)
    }
}

extension Double: _StatementColumnTypeChecking { }
extension Float: _StatementColumnTypeChecking { }
