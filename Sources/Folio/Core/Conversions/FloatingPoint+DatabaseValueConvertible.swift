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
    /// Row decoding reads columns with ``fromStatement(_:atUncheckedIndex:)``,
    /// which checks the column type first.
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

    /// Reads the value of a statement column: nil for NULL, the value of an
    /// INTEGER or REAL column, and SQLite's convenience conversion of TEXT
    /// and BLOB that start with a number (`'1.5 m'` is 1.5), as GRDB lets
    /// it go through (README, "Values"); nil for a text that does not
    /// start with a number. Rows read from a statement, value fetches and
    /// records use it.
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
        case SQLITE_NULL: return nil
        // SQLite's convenience conversion of TEXT and BLOB values that
        // start with a number ('1.5 m' is 1.5), as in GRDB.
        default: return _fromTextOrBlob(sqliteStatement, index: index)
        }
    }

    /// SQLite's convenience conversion of a TEXT or BLOB column that
    /// starts with a number, or nil (see `SQLiteNumericText`): the slow
    /// path of ``fromStatement(_:atUncheckedIndex:)``, kept out of line.
    @usableFromInline @inline(never)
    static func _fromTextOrBlob(_ sqliteStatement: SQLiteStatement, index: CInt) -> Double? {
        guard SQLiteNumericText.hasNumericPrefix(sqlite3_column_value(sqliteStatement, index)) else { return nil }
        return sqlite3_column_double(sqliteStatement, index)
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
    /// Row decoding reads columns with ``fromStatement(_:atUncheckedIndex:)``,
    /// which checks the column type first.
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

    /// Reads the value of a statement column: nil for NULL, the value of an
    /// INTEGER or REAL column, and SQLite's convenience conversion of TEXT
    /// and BLOB that start with a number (`'1.5 m'` is 1.5), as GRDB lets
    /// it go through (README, "Values"); nil for a text that does not
    /// start with a number. Rows read from a statement, value fetches and
    /// records use it.
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
