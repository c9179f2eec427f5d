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
    /// String.fromDatabaseValue(Data([0xFF]).databaseValue)      // nil: not UTF-8
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

    /// Reads a TEXT column, or a BLOB column that holds valid UTF-8.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    @inlinable
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        let type = sqlite3_column_type(sqliteStatement, index)
        if type == SQLITE_TEXT {
            self.init(_uncheckedSQLiteStatement: sqliteStatement, index: index)
        } else if type == SQLITE_BLOB, let string = String._fromBlobColumn(sqliteStatement, index: index) {
            self = string
        } else {
            return nil
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

    /// Reads a BLOB column, or the UTF-8 bytes of a TEXT column.
    @inlinable
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_BLOB:
            // sqlite3_column_blob/text before sqlite3_column_bytes, as SQLite
            // recommends: https://www.sqlite.org/c3ref/column_blob.html
            if let bytes = sqlite3_column_blob(sqliteStatement, index) {
                self.init(bytes: bytes, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
            } else {
                self.init()
            }
        case SQLITE_TEXT:
            if let bytes = sqlite3_column_text(sqliteStatement, index) {
                self.init(bytes: bytes, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
            } else {
                self.init()
            }
        default:
            return nil
        }
    }
}

extension String: _StatementColumnTypeChecking { }
extension Data: _StatementColumnTypeChecking { }
