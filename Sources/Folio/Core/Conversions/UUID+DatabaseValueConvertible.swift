import CSQLite
import Foundation

// UUIDs are stored as 16-byte blobs, and read from 16-byte blobs and from
// their text forms:
//
//     try db.execute(sql: "INSERT INTO player (uuid) VALUES (?)", arguments: [UUID()])
//     // X'E621E1F8C36C495A93FC0C247A3E6E5F'
//
//     try UUID.fetchOne(db, sql: "SELECT 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'") // a UUID
//     try UUID.fetchOne(db, sql: "SELECT 'e621e1f8c36c495a93fc0c247a3e6e5f'")     // a UUID
//
// Text is the canonical 8-4-4-4-12 form, or the 32 hexadecimal digits
// without dashes, in any case. Blobs of another length, other text, and
// numbers do not convert.

extension UUID: DatabaseValueConvertible, StatementColumnConvertible {
    /// The UUID as a 16-byte blob.
    ///
    /// ```swift
    /// UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!.databaseValue
    /// // X'E621E1F8C36C495A93FC0C247A3E6E5F'
    /// ```
    public var databaseValue: DatabaseValue {
        withUnsafeBytes(of: uuid) { DatabaseValue(storage: .blob(Data($0))) }
    }

    /// Converts a 16-byte blob, or the text form of a UUID.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A UUID, or nil when the value is neither a 16-byte blob
    ///   nor UUID text.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> UUID? {
        switch dbValue.storage {
        case .blob(let data):
            guard data.count == 16 else { return nil }
            return data.withUnsafeBytes { UUID(_bytes: $0) }
        case .string(var string):
            return string.withUTF8 { UUID(_text: $0) }
        case .null, .int64, .double:
            return nil
        }
    }

    /// Reads a 16-byte blob, or the text form of a UUID, from a statement
    /// column.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(sqliteStatement, index),
                  sqlite3_column_bytes(sqliteStatement, index) == 16
            else { return nil }
            self.init(_bytes: UnsafeRawBufferPointer(start: bytes, count: 16))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(sqliteStatement, index) else { return nil }
            let count = Int(sqlite3_column_bytes(sqliteStatement, index))
            self.init(_text: UnsafeBufferPointer(start: text, count: count))
        default:
            return nil
        }
    }

    /// Creates a UUID from exactly 16 bytes.
    init(_bytes bytes: UnsafeRawBufferPointer) {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(16))) }
        self.init(uuid: uuid)
    }

    /// Parses UTF-8 UUID text: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F" or
    /// "E621E1F8C36C495A93FC0C247A3E6E5F", in any case.
    init?(_text text: UnsafeBufferPointer<UInt8>) {
        let hasDashes: Bool
        switch text.count {
        case 36: hasDashes = true
        case 32: hasDashes = false
        default: return nil
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let isValid = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var position = 0
            for byteIndex in 0..<16 {
                // Dashes come before bytes 4, 6, 8 and 10.
                if hasDashes, byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = _hexDigitValue(text[position]),
                      let low = _hexDigitValue(text[position + 1])
                else { return false }
                bytes[byteIndex] = high << 4 | low
                position += 2
            }
            return true
        }
        guard isValid else { return nil }
        self.init(uuid: uuid)
    }
}

extension NSUUID: DatabaseValueConvertible {
    /// The UUID as a 16-byte blob.
    public var databaseValue: DatabaseValue {
        (self as UUID).databaseValue
    }

    /// Converts a 16-byte blob, or the text form of a UUID.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A UUID, or nil when the value is neither a 16-byte blob
    ///   nor UUID text.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let uuid = UUID.fromDatabaseValue(dbValue) else { return nil }
        return uuid as NSUUID as? Self
    }
}

/// The value of an ASCII hexadecimal digit, in any case.
@inline(__always)
private func _hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
}
