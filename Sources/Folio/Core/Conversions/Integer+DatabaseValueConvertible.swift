import CSQLite

// Integers are stored as SQLite INTEGER. Reading converts INTEGER and REAL
// values; a value out of the range of the target type fails the conversion
// (it never wraps). A TEXT or BLOB statement column that starts with a
// number goes through SQLite's convenience conversion (`'20 small cigars'`
// is 20), as GRDB lets it go through, on the slow path of row decoding
// only (`Row._decodeConverting`, `_SQLiteNumericTextInteger`): the fast
// path of an INTEGER column does not test for it. `Bool` converts in its
// own `fromStatement`.

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
            // TEXT and BLOB: SQLite's convenience conversion to an integer
            // (GRDB's `'20 small cigars'` is 20) is not tried here. A
            // first version called `_fromTextOrBlob(_:)` in this branch,
            // and cost workloads 1-3 of the instruction guard 12 to 14 %:
            // the row decoding methods try it on their slow path, after
            // `fromDatabaseValue(_:)` refused the value
            // (`Row._decodeConverting`).
            return nil
        }
    }

    /// SQLite's convenience conversion of a TEXT or BLOB value to an
    /// integer (`'20 small cigars'` is 20), as GRDB lets it go through
    /// when it reads a statement column (README, "Values"): the slow path
    /// of ``init(_sqliteStatement:index:)``, kept out of line. NULL, a
    /// text that does not start with a number (`'abc'`), and an integer
    /// out of the range of the type, give nil.
    ///
    /// See <https://www.sqlite.org/c3ref/column_blob.html>.
    @usableFromInline @inline(never)
    static func _fromTextOrBlob(_ value: OpaquePointer?) -> Self? {
        guard sqlite3_value_type(value) != SQLITE_NULL,
              SQLiteNumericText.hasNumericPrefix(value)
        else { return nil }
        return Self(exactly: sqlite3_value_int64(value))
    }
}

extension StatementColumnConvertible where Self: FixedWidthInteger {
    /// Reads the value of a statement column: nil for NULL and for a value
    /// out of the range of the type, and for TEXT and BLOB (the row
    /// decoding methods then let SQLite's conversion of `'20 small
    /// cigars'` to 20 go through, on their slow path). Rows read from a
    /// statement, value fetches and records use it.
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
    /// Row decoding reads columns with ``fromStatement(_:atUncheckedIndex:)``,
    /// which checks the column type first.
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
        self = sqlite3_column_int64(sqliteStatement, index) != 0
    }

    /// Reads the value of a statement column: nil for NULL; zero is false,
    /// any other number true; TEXT and BLOB that start with a number go
    /// through SQLite's convenience conversion to an integer (`'0'` is
    /// false), as GRDB lets it go through (README, "Values").
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
        case SQLITE_NULL: return nil
        // SQLite's convenience conversion, as in GRDB: '0' is false.
        default: return Int64._fromTextOrBlob(sqlite3_column_value(sqliteStatement, index)).map { $0 != 0 }
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

/// The integer types: the slow path of row decoding lets SQLite's
/// convenience conversion of a TEXT or BLOB statement column that starts
/// with a number go through for them (`Row._decodeConverting`), after
/// `fromDatabaseValue(_:)` refused the value.
protocol _SQLiteNumericTextInteger {
    /// SQLite's conversion of a TEXT or BLOB value to the integer type, as
    /// `Any` (so that the caller casts it to the type it decodes, optional
    /// or not), or nil (see `_fromTextOrBlob(_:)`).
    static func _fromNumericText(_ value: OpaquePointer?) -> Any?
}

extension _SQLiteNumericTextInteger where Self: FixedWidthInteger {
    static func _fromNumericText(_ value: OpaquePointer?) -> Any? {
        _fromTextOrBlob(value).map { $0 as Any }
    }
}

extension Int: _SQLiteNumericTextInteger { }
extension Int8: _SQLiteNumericTextInteger { }
extension Int16: _SQLiteNumericTextInteger { }
extension Int32: _SQLiteNumericTextInteger { }
extension Int64: _SQLiteNumericTextInteger { }
extension UInt: _SQLiteNumericTextInteger { }
extension UInt8: _SQLiteNumericTextInteger { }
extension UInt16: _SQLiteNumericTextInteger { }
extension UInt32: _SQLiteNumericTextInteger { }
extension UInt64: _SQLiteNumericTextInteger { }
