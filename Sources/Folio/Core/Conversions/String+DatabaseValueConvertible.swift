import CSQLite
import Foundation

extension String: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as SQLite TEXT.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .string(self)) }

    /// Converts TEXT, or a BLOB that holds valid UTF-8, as GRDB does.
    ///
    /// ```swift
    /// String.fromDatabaseValue("bar".databaseValue)             // "bar"
    /// String.fromDatabaseValue(Data("bar".utf8).databaseValue)  // "bar"
    /// String.fromDatabaseValue(Data([0xFF]).databaseValue)      // nil: not
    /// UTF-8
    /// String.fromDatabaseValue(1.databaseValue)                 // nil
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A string, or nil for NULL, numbers, and blobs that are
    ///   not valid UTF-8.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> String? {
        switch dbValue.storage {
        case .string(let string): return string
        case .blob(let data): return String(validating: data, as: UTF8.self)
        default: return nil
        }
    }

    /// Reads a statement column that is not NULL, with the conversions of
    /// SQLite (`sqlite3_column_text`): a number is written as text, and bytes
    /// that are not UTF-8 are repaired.
    ///
    /// ```swift
    /// let name = String(sqliteStatement: statement.sqliteStatement, index: 0)
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
        self.init(_uncheckedSQLiteStatement: sqliteStatement, index: index)
    }

    /// Reads the value of a statement column: nil for NULL and for a BLOB
    /// that is not valid UTF-8; the text of an INTEGER or REAL column
    /// through SQLite's convenience conversion (42 is `"42"`), as GRDB lets
    /// it go through (README, "Values").
    ///
    /// ```swift
    /// let name = String.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> String? {
        // TEXT, the common case, reads the column once
        // (`sqlite3_column_value`), then its type, text and length from
        // the value: each `sqlite3_column_*` call locks the connection's
        // mutex and checks for a memory failure (~60 instructions), a
        // `sqlite3_value_*` call does not. The value is unprotected, which
        // is fine since a connection is never used by two threads at once
        // (integers read the same way). See
        // <https://www.sqlite.org/c3ref/column_blob.html>.
        let value = sqlite3_column_value(sqliteStatement, index)
        let type = sqlite3_value_type(value)
        if type == SQLITE_TEXT {
            // sqlite3_value_text before sqlite3_value_bytes, as SQLite
            // recommends.
            guard let bytes = sqlite3_value_text(value) else { return "" }
            let count = Int(sqlite3_value_bytes(value))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        } else if type == SQLITE_BLOB {
            return String._fromBlobColumn(sqliteStatement, index: index)
        } else if type == SQLITE_NULL {
            return nil
        } else {
            // SQLite's convenience conversion of INTEGER and REAL values
            // (42 is "42"), as in GRDB.
            return String(_uncheckedSQLiteStatement: sqliteStatement, index: index)
        }
    }

    /// Reads the UTF-8 bytes of a BLOB column: the slow path of
    /// ``init(sqliteStatement:index:)``, kept out of line so that reading
    /// text stays small.
    ///
    /// - Returns: nil when the bytes are not valid UTF-8.
    @usableFromInline @inline(never)
    static func _fromBlobColumn(_ sqliteStatement: SQLiteStatement, index: CInt) -> String? {
        // sqlite3_column_blob before sqlite3_column_bytes, as SQLite
        // recommends: https://www.sqlite.org/c3ref/column_blob.html
        guard let bytes = sqlite3_column_blob(sqliteStatement, index) else {
            return "" // an empty blob
        }
        let count = Int(sqlite3_column_bytes(sqliteStatement, index))
        let buffer = UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count)
        return String(validating: buffer, as: UTF8.self)
    }

    /// Reads the text of a column without checking its type.
    @inlinable
    init(_uncheckedSQLiteStatement sqliteStatement: SQLiteStatement, index: CInt) {
        // sqlite3_column_text before sqlite3_column_bytes, as SQLite
        // recommends: https://www.sqlite.org/c3ref/column_blob.html
        guard let bytes = sqlite3_column_text(sqliteStatement, index) else {
            self = ""
            return
        }
        let count = Int(sqlite3_column_bytes(sqliteStatement, index))
        self = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

extension Data: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as an SQLite BLOB.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .blob(self)) }

    /// Converts a BLOB value, or the UTF-8 bytes of a TEXT value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Data? {
        switch dbValue.storage {
        case .blob(let data): return data
        case .string(let string): return Data(string.utf8)
        default: return nil
        }
    }

    /// Reads a statement column that is not NULL, with the conversions of
    /// SQLite (`sqlite3_column_blob`): a number is read as the bytes of its
    /// text.
    ///
    /// ```swift
    /// let bytes = Data(sqliteStatement: statement.sqliteStatement, index: 0)
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
        // sqlite3_column_blob before sqlite3_column_bytes, as SQLite
        // recommends: https://www.sqlite.org/c3ref/column_blob.html
        if let bytes = sqlite3_column_blob(sqliteStatement, index) {
            self.init(bytes: bytes, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
        } else {
            self.init()
        }
    }

    /// Reads the value of a statement column: nil for NULL; the bytes of a
    /// BLOB or TEXT column, and of the text of an INTEGER or REAL column
    /// through SQLite's convenience conversion, as in GRDB.
    ///
    /// ```swift
    /// let bytes = Data.fromStatement(sqliteStatement, atUncheckedIndex: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Data? {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_BLOB:
            // sqlite3_column_blob/text before sqlite3_column_bytes, as SQLite
            // recommends: https://www.sqlite.org/c3ref/column_blob.html
            if let bytes = sqlite3_column_blob(sqliteStatement, index) {
                return Data(bytes: bytes, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
            } else {
                return Data()
            }
        case SQLITE_TEXT:
            if let bytes = sqlite3_column_text(sqliteStatement, index) {
                return Data(bytes: bytes, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
            } else {
                return Data()
            }
        case SQLITE_NULL:
            return nil
        default:
            // SQLite's convenience conversion of INTEGER and REAL values
            // (42 is the bytes of "42"), as in GRDB.
            return Data(sqliteStatement: sqliteStatement, index: index)
        }
    }
}

extension String: _StatementColumnTypeChecking { }
extension Data: _StatementColumnTypeChecking { }
