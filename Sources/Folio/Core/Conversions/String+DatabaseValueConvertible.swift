import CSQLite
import Foundation

extension String: DatabaseValueConvertible, StatementColumnConvertible {
    /// The value as SQLite TEXT.
    public var databaseValue: DatabaseValue { DatabaseValue(storage: .string(self)) }

    /// Converts a TEXT value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> String? {
        if case .string(let string) = dbValue.storage { return string }
        return nil
    }

    /// Reads a TEXT column.
    @inlinable
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard sqlite3_column_type(sqliteStatement, index) == SQLITE_TEXT else { return nil }
        self.init(_uncheckedSQLiteStatement: sqliteStatement, index: index)
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
