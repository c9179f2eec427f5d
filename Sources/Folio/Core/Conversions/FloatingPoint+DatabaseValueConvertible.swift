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

    /// Reads an INTEGER or REAL column.
    @inlinable
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_INTEGER, SQLITE_FLOAT: self = sqlite3_column_double(sqliteStatement, index)
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

    /// Reads an INTEGER or REAL column.
    @inlinable
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let double = Double(sqliteStatement: sqliteStatement, index: index) else { return nil }
        self = Float(double)
    }
}

extension Double: _StatementColumnTypeChecking { }
extension Float: _StatementColumnTypeChecking { }
