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

    /// The representation of a value: the storage classes of SQLite, and
    /// the values that no storage class holds.
    @usableFromInline
    enum _Storage: Sendable {
        case null
        case int64(Int64)
        case double(Double)
        case string(String)
        case blob(Data)
        /// A value that SQLite can not store, such as `UInt64.max` (SQLite
        /// integers are signed 64-bit). Binding it, or writing it in SQL,
        /// throws a ``DatabaseError``.
        case unrepresentable(_UnrepresentableValue)
    }

    @usableFromInline
    let _storage: _Storage

    /// The value, as one of the SQLite storage classes.
    ///
    /// A value that SQLite can not store, such as an unsigned integer
    /// above `Int64.max`, has the storage of its nearest approximation
    /// (the nearest double for `UInt64.max`, as SQLite reads such a
    /// number in SQL text), but binding it to a statement throws a
    /// ``DatabaseError`` instead of storing the approximation.
    @inlinable
    public var storage: Storage {
        switch _storage {
        case .null: return .null
        case .int64(let int64): return .int64(int64)
        case .double(let double): return .double(double)
        case .string(let string): return .string(string)
        case .blob(let data): return .blob(data)
        case .unrepresentable(let value): return value.approximation
        }
    }
    /// The NULL database value.
    public static let null = DatabaseValue(storage: .null)

    /// Creates a value from a storage class.
    ///
    /// - Parameter storage: The stored value.
    @inlinable
    public init(storage: Storage) {
        switch storage {
        case .null: _storage = .null
        case .int64(let int64): _storage = .int64(int64)
        case .double(let double): _storage = .double(double)
        case .string(let string): _storage = .string(string)
        case .blob(let data): _storage = .blob(data)
        }
    }

    @inlinable
    init(_storage: _Storage) {
        self._storage = _storage
    }

    /// Creates the value of an unsigned integer: an SQLite INTEGER when it
    /// fits in `Int64`, and otherwise a value that can not be stored, and
    /// whose binding throws an error that names it.
    ///
    /// The common case costs one comparison.
    @inlinable @inline(__always)
    init<T: UnsignedInteger & FixedWidthInteger>(unsignedInteger value: T) {
        if T.bitWidth < 64 || value <= T(truncatingIfNeeded: Int64.max) {
            _storage = .int64(Int64(truncatingIfNeeded: value))
        } else {
            _storage = .unrepresentable(_UnrepresentableValue(unsignedInteger: UInt64(truncatingIfNeeded: value)))
        }
    }

    /// Creates a value that SQLite can not store: binding it, or writing
    /// it in SQL, throws a ``DatabaseError`` with `reason`.
    ///
    /// - Parameters:
    ///   - value: How the value prints, for the error.
    ///   - reason: Why it can not be stored.
    ///   - approximation: The value's ``storage``.
    init(unrepresentable value: String, reason: String, approximation: Storage) {
        _storage = .unrepresentable(_UnrepresentableValue(
            description: value, literal: DatabaseValue(storage: approximation).sqlLiteralText,
            reason: reason, unsignedInteger: nil, approximation: approximation))
    }

    /// The error of a value that SQLite can not store, or nil.
    ///
    /// - Parameters:
    ///   - sql: The statement the value is bound to, or written into.
    ///   - arguments: The arguments of the statement.
    ///   - publicArguments: Whether the arguments can be shown.
    /// - Returns: A ``DatabaseError`` that names the value.
    func unrepresentableValueError(sql: String?, arguments: StatementArguments? = nil, publicArguments: Bool = false) -> DatabaseError? {
        guard case .unrepresentable(let value) = _storage else { return nil }
        return DatabaseError(
            resultCode: .SQLITE_MISMATCH,
            message: "\(value.description) can not be stored: \(value.reason)",
            sql: sql,
            arguments: arguments,
            publicArguments: publicArguments)
    }

    /// Creates a database value from any value, or returns nil unless the
    /// value adopts ``DatabaseValueConvertible``.
    ///
    /// ```swift
    /// DatabaseValue(value: 42)             // INTEGER 42
    /// DatabaseValue(value: "Arthur")       // TEXT 'Arthur'
    /// DatabaseValue(value: nil as Int?)    // NULL
    /// DatabaseValue(value: [1, 2] as Any)  // nil: an array is not a database value
    /// ```
    ///
    /// See <https://www.sqlite.org/datatype3.html>.
    ///
    /// - Parameter value: A value. A nil optional of a convertible type is
    ///   NULL.
    public init?(value: Any) {
        guard let convertible = value as? any DatabaseValueConvertible else { return nil }
        self = convertible.databaseValue
    }

    /// Whether the value is NULL.
    public var isNull: Bool {
        if case .null = _storage { return true }
        return false
    }

    /// Reads the value of a statement column.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        // One sqlite3_column_value, then the sqlite3_value functions: each
        // sqlite3_column_... function locks the connection's mutex again
        // (the connection is used by one thread at a time, which makes the
        // unprotected value safe to read).
        guard let value = sqlite3_column_value(sqliteStatement, index) else {
            _storage = .null
            return
        }
        switch sqlite3_value_type(value) {
        case SQLITE_NULL:
            _storage = .null
        case SQLITE_INTEGER:
            _storage = .int64(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            _storage = .double(sqlite3_value_double(value))
        case SQLITE_TEXT:
            // sqlite3_value_text before sqlite3_value_bytes, as SQLite
            // recommends: https://www.sqlite.org/c3ref/column_blob.html
            if let bytes = sqlite3_value_text(value) {
                let count = Int(sqlite3_value_bytes(value))
                _storage = .string(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
            } else {
                _storage = .string("")
            }
        default:
            if let bytes = sqlite3_value_blob(value) {
                _storage = .blob(Data(bytes: bytes, count: Int(sqlite3_value_bytes(value))))
            } else {
                _storage = .blob(Data())
            }
        }
    }

    /// A description as GRDB writes it: `NULL`, `1`, `1.5`, `"text"`
    /// (with the escapes of a Swift string literal, such as `"foo\n"`),
    /// `Data(6 bytes)`.
    ///
    /// ```swift
    /// print("foo\n".databaseValue) // "foo\n"
    /// print(Data([1, 2]).databaseValue) // Data(2 bytes)
    /// ```
    ///
    /// Do not rely on its format, which may change.
    public var description: String {
        switch _storage {
        case .unrepresentable(let value): return value.literal
        case .null: return "NULL"
        case .int64(let int64): return String(int64)
        case .double(let double): return String(double)
        case .string(let string): return String(reflecting: string)
        case .blob(let data): return "Data(\(data.description))"
        }
    }

    /// The value as an SQL literal that SQLite reads back exactly, or nil
    /// for doubles and values that SQLite can not store (they stay
    /// statement arguments).
    var inlinedSQLLiteral: String? {
        switch _storage {
        case .null, .int64, .string, .blob: return sqlLiteralText
        case .double, .unrepresentable: return nil
        }
    }

    /// The value as it is written in SQL: `NULL`, `1`, `1.5`, `'text'`,
    /// `X'0102'`.
    var sqlLiteralText: String {
        switch _storage {
        case .unrepresentable(let value): return value.literal
        case .null: return "NULL"
        case .int64(let int64): return String(int64)
        case .double(let double): return String(double)
        case .string(let string): return string.quotedDatabaseStringLiteral
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
        switch (lhs._storage, rhs._storage) {
        case (.null, .null): return true
        case let (.unrepresentable(a), .unrepresentable(b)): return a.description == b.description
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
        switch _storage {
        case .unrepresentable(let value):
            hasher.combine(5)
            hasher.combine(value.description)
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
