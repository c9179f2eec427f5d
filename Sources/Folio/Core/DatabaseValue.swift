import CSQLite
import Foundation

/// A raw SQLite connection handle (`sqlite3*`).
public typealias SQLiteConnection = OpaquePointer

/// A raw SQLite prepared statement handle (`sqlite3_stmt*`).
public typealias SQLiteStatement = OpaquePointer

/// A value stored in a database column: NULL, an integer, a double, a string
/// or a blob.
///
/// ```swift
/// let dbValue = try DatabaseValue.fetchOne(db, sql: "SELECT score FROM player")!
/// switch dbValue.storage {
/// case .null: print("NULL")
/// case .int64(let int64): print("Int64: \(int64)")
/// case .double(let double): print("Double: \(double)")
/// case .string(let string): print("String: \(string)")
/// case .blob(let data): print("Data: \(data)")
/// }
/// ```
///
/// Integers and doubles that represent the same number compare equal, as in
/// SQLite: `DatabaseValue(1) == DatabaseValue(1.0)`.
///
/// See <https://www.sqlite.org/datatype3.html>.
public struct DatabaseValue: Hashable, Sendable, CustomStringConvertible {
    /// The storage classes of SQLite.
    public enum Storage: Sendable {
        /// The NULL value.
        case null
        /// A 64-bit signed integer.
        case int64(Int64)
        /// An 8-byte IEEE floating point number.
        case double(Double)
        /// A text string.
        case string(String)
        /// A blob of bytes.
        case blob(Data)
    }

    /// The value, as one of the SQLite storage classes.
    public let storage: Storage

    /// The NULL database value.
    public static let null = DatabaseValue(storage: .null)

    /// Creates a value from a storage class.
    ///
    /// - Parameter storage: The stored value.
    public init(storage: Storage) {
        self.storage = storage
    }

    /// Creates a database value from any convertible value.
    ///
    /// ```swift
    /// DatabaseValue(value: 42)      // INTEGER 42
    /// DatabaseValue(value: "Arthur") // TEXT 'Arthur'
    /// DatabaseValue(value: nil as Int?) // NULL
    /// ```
    ///
    /// - Parameter value: A value, or nil for NULL.
    public init(value: (any DatabaseValueConvertible)?) {
        self = value?.databaseValue ?? .null
    }

    /// Whether the value is NULL.
    public var isNull: Bool {
        if case .null = storage { return true }
        return false
    }

    /// Reads the value of a statement column.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_NULL:
            storage = .null
        case SQLITE_INTEGER:
            storage = .int64(sqlite3_column_int64(sqliteStatement, index))
        case SQLITE_FLOAT:
            storage = .double(sqlite3_column_double(sqliteStatement, index))
        case SQLITE_TEXT:
            storage = .string(String(_uncheckedSQLiteStatement: sqliteStatement, index: index))
        default:
            // sqlite3_column_blob before sqlite3_column_bytes, as SQLite
            // recommends: https://www.sqlite.org/c3ref/column_blob.html
            if let bytes = sqlite3_column_blob(sqliteStatement, index) {
                storage = .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(sqliteStatement, index))))
            } else {
                storage = .blob(Data())
            }
        }
    }

    /// A description in the style of SQL literals: `NULL`, `1`, `1.5`,
    /// `'text'`, `X'0102'`.
    public var description: String {
        switch storage {
        case .null: return "NULL"
        case .int64(let int64): return String(int64)
        case .double(let double): return String(double)
        case .string(let string): return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data):
            return "X'" + data.map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + hex : hex
            }.joined() + "'"
        }
    }

    /// Returns whether two values are equal.
    ///
    /// An integer and a double are equal when they represent the same number.
    public static func == (lhs: DatabaseValue, rhs: DatabaseValue) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.null, .null): return true
        case let (.int64(a), .int64(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int64(a), .double(b)): return Double(exactly: a) == b || Int64(exactly: b) == a
        case let (.double(a), .int64(b)): return Double(exactly: b) == a || Int64(exactly: a) == b
        case let (.string(a), .string(b)): return a == b
        case let (.blob(a), .blob(b)): return a == b
        default: return false
        }
    }

    /// Hashes the value, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .null:
            hasher.combine(0)
        case .int64(let int64):
            hasher.combine(1)
            hasher.combine(int64)
        case .double(let double):
            if let int64 = Int64(exactly: double) {
                hasher.combine(1)
                hasher.combine(int64)
            } else {
                hasher.combine(2)
                hasher.combine(double)
            }
        case .string(let string):
            hasher.combine(3)
            hasher.combine(string)
        case .blob(let data):
            hasher.combine(4)
            hasher.combine(data)
        }
    }
}

extension DatabaseValue: ExpressibleByNilLiteral {
    /// Creates the NULL value from `nil`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension DatabaseValue: DatabaseValueConvertible {
    /// Returns self.
    public var databaseValue: DatabaseValue { self }

    /// Returns the value itself: every database value, NULL included,
    /// converts to `DatabaseValue`.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: `dbValue`.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> DatabaseValue? {
        dbValue
    }
}

extension DatabaseValue.Storage: Equatable {
    /// Returns whether two storages are identical.
    ///
    /// Unlike ``DatabaseValue`` equality, which considers the integer 1
    /// equal to the double 1.0 (as SQLite does), integer and double
    /// storages are never equal:
    ///
    /// ```swift
    /// DatabaseValue.Storage.int64(1) == .int64(1)  // true
    /// DatabaseValue.Storage.int64(1) == .double(1) // false
    /// 1.databaseValue == 1.0.databaseValue         // true
    /// ```
    public static func == (lhs: DatabaseValue.Storage, rhs: DatabaseValue.Storage) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.int64(a), .int64(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.blob(a), .blob(b)): return a == b
        default: return false
        }
    }
}

extension DatabaseValue.Storage {
    /// The stored value: an `Int64`, a `Double`, a `String`, a `Data`, or
    /// nil for NULL.
    ///
    /// ```swift
    /// let value = try DatabaseValue.fetchOne(db, sql: "SELECT 42")!.storage.value
    /// value as? Int64 // 42
    /// ```
    public var value: (any DatabaseValueConvertible)? {
        switch self {
        case .null: return nil
        case .int64(let int64): return int64
        case .double(let double): return double
        case .string(let string): return string
        case .blob(let data): return data
        }
    }
}
