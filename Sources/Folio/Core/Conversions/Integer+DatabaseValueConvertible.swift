import CSQLite

// Integers are stored as SQLite INTEGER. Reading converts INTEGER and REAL
// values; a value out of the range of the target type fails the conversion
// (it never wraps), and so do TEXT and BLOB values.

extension FixedWidthInteger {
    /// Converts a database value, refusing values out of range.
    @inlinable
    static func _fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        switch dbValue._storage {
        case .int64(let int64):
            return Self(exactly: int64)
        case .double(let double):
            guard double.isFinite else { return nil }
            return Self(exactly: double.rounded(.towardZero))
        case .unrepresentable(let value):
            // A `UInt64` above `Int64.max`, not stored yet.
            return value.unsignedInteger.flatMap { Self(exactly: $0) }
        default:
            return nil
        }
    }

    /// Reads a statement column, refusing values out of range.
    ///
    /// One column look-up (`sqlite3_column_value`) instead of two
    /// (`sqlite3_column_type`, then `sqlite3_column_int64`): each look-up
    /// costs as much as the conversion. The value is unprotected, which is
    /// fine since a connection is never used by two threads at once. See
    /// <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable @inline(__always)
    init?(_sqliteStatement sqliteStatement: SQLiteStatement, index: CInt) {
        let value = sqlite3_column_value(sqliteStatement, index)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            guard let int = Self(exactly: sqlite3_value_int64(value)) else { return nil }
            self = int
        case SQLITE_FLOAT:
            let double = sqlite3_value_double(value)
            guard double.isFinite, let value = Self(exactly: double.rounded(.towardZero)) else { return nil }
            self = value
        default:
            return nil
        }
    }
}

extension StatementColumnConvertible where Self: FixedWidthInteger {
    /// Reads the value of a statement column, checking its type: nil for NULL,
    /// and for a value that does not convert (TEXT, BLOB, or out of range). Row
    /// decoding uses it, so that a value that does not convert is an error, not
    /// SQLite's conversion.
    ///
    /// ```swift
    /// let score = Int.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable @inline(__always)
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Self? {
        Self(_sqliteStatement: sqliteStatement, index: index)
    }
}

extension Int: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Int? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension Int8: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Int8? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension Int16: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Int16? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension Int32: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Int32? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension Int64: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(self)) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Int64? { _fromDatabaseValue(dbValue) }

    /// Reads a statement column that is not NULL, with the conversions of
    /// SQLite (`sqlite3_column_int64`): TEXT is parsed, a REAL is truncated.
    ///
    /// ```swift
    /// let id = Int64(sqliteStatement: statement.sqliteStatement, index: 0)
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
    @inlinable @inline(__always)
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        self = sqlite3_column_int64(sqliteStatement, index)
    }
}

extension UInt: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    ///
    /// SQLite integers are signed 64-bit: a value above `Int64.max` can
    /// not be stored, and binding it to a statement (as an argument, in
    /// an ``SQL`` literal, or from a record) throws a ``DatabaseError``
    /// that names the value and the statement.
    public var databaseValue: DatabaseValue { DatabaseValue(unsignedInteger: self) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UInt? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension UInt8: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UInt8? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension UInt16: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UInt16? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension UInt32: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(Int64(self))) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UInt32? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension UInt64: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite INTEGER.
    ///
    /// SQLite integers are signed 64-bit: a value above `Int64.max` can
    /// not be stored, and binding it to a statement (as an argument, in
    /// an ``SQL`` literal, or from a record) throws a ``DatabaseError``
    /// that names the value and the statement.
    public var databaseValue: DatabaseValue { DatabaseValue(unsignedInteger: self) }
    /// Converts an INTEGER or REAL value; nil when out of range or not numeric.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UInt64? { _fromDatabaseValue(dbValue) }
    /// Reads an INTEGER or REAL column; nil when out of range or not numeric.
    @inlinable @inline(__always)
    public init?(sqliteStatement: SQLiteStatement, index: CInt) { self.init(_sqliteStatement: sqliteStatement, index: index) }
}

extension Bool: DatabaseValueConvertible, StatementColumnConvertible {
    /// `true` is stored as 1, `false` as 0.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .int64(self ? 1 : 0)) }

    /// Converts a numeric value: zero is false, anything else is true.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Bool? {
        switch dbValue.storage {
        case .int64(let int64): return int64 != 0
        case .double(let double): return double != 0
        default: return nil
        }
    }

    /// Reads a statement column that is not NULL, with the conversions of
    /// SQLite (`sqlite3_column_int64`): zero is false, anything else is true.
    ///
    /// ```swift
    /// let isActive = Bool(sqliteStatement: statement.sqliteStatement, index: 0)
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
        self = sqlite3_column_int64(sqliteStatement, index) != 0
    }

    /// Reads the value of a statement column, checking its type: nil for NULL,
    /// and for a value that does not convert (TEXT or BLOB); zero is false, any
    /// other number true. Row decoding uses it, so that a value that does not
    /// convert is an error, not SQLite's conversion.
    ///
    /// ```swift
    /// let isActive = Bool.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Bool? {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_INTEGER: return sqlite3_column_int64(sqliteStatement, index) != 0
        case SQLITE_FLOAT: return sqlite3_column_double(sqliteStatement, index) != 0
        default: return nil
        }
    }
}

extension Int: _StatementColumnTypeChecking { }
extension Int8: _StatementColumnTypeChecking { }
extension Int16: _StatementColumnTypeChecking { }
extension Int32: _StatementColumnTypeChecking { }
extension Int64: _StatementColumnTypeChecking { }
extension UInt: _StatementColumnTypeChecking { }
extension UInt8: _StatementColumnTypeChecking { }
extension UInt16: _StatementColumnTypeChecking { }
extension UInt32: _StatementColumnTypeChecking { }
extension UInt64: _StatementColumnTypeChecking { }
extension Bool: _StatementColumnTypeChecking { }
