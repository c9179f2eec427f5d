import Foundation

/// A check of the bytes of a changeset or patchset, before SQLite reads
/// them.
///
/// SQLite 3.40's changeset reader loops forever on some malformed input
/// (a table header cut before the NUL that ends the table name, for
/// example): bytes from outside are checked here first, against the
/// format that `sqlite3session.c` documents, so that malformed bytes throw
/// `SQLITE_CORRUPT` instead of hanging or trapping.
///
/// The format, repeated for each table:
///
/// - `T` (changeset) or `P` (patchset), the number of columns (a varint),
///   one primary-key byte per column, the table name ending with NUL;
/// - changes: an operation byte (`SQLITE_INSERT` 18, `SQLITE_UPDATE` 23,
///   `SQLITE_DELETE` 9), an indirect byte, then records of values. An
///   insert has the new record; a delete has the old record (in a
///   patchset: the primary key values only); an update has the old and
///   the new records (in a patchset: one record).
/// - a value is a type byte: 0 undefined, 5 NULL, 1 integer and 2 real
///   (8 bytes each), 3 text and 4 blob (a varint length, then the bytes).
///
/// See <https://www.sqlite.org/session/changeset_format.html> (the comments
/// of `sqlite3session.c`).
struct ChangesetFormat {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private let isPatchset: Bool

    /// Throws `SQLITE_CORRUPT` unless `data` is a well-formed changeset
    /// (`isPatchset` false) or patchset (true).
    static func check(_ data: Data, isPatchset: Bool) throws {
        try data.withUnsafeBytes { bytes in
            var format = ChangesetFormat(bytes: bytes, isPatchset: isPatchset)
            try format.checkAll()
        }
    }

    private init(bytes: UnsafeRawBufferPointer, isPatchset: Bool) {
        self.bytes = bytes
        self.isPatchset = isPatchset
    }

    private func corrupt(_ what: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_CORRUPT,
            message: "SQLITE_CORRUPT: malformed \(isPatchset ? "patchset" : "changeset") at byte \(offset): \(what)")
    }

    private mutating func byte(_ what: String) throws -> UInt8 {
        guard offset < bytes.count else { throw corrupt("\(what) is missing") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func skip(_ count: Int, _ what: String) throws {
        guard count >= 0, count <= bytes.count - offset else { throw corrupt("\(what) is cut") }
        offset += count
    }

    /// Reads an SQLite varint (big-endian groups of 7 bits; the ninth
    /// byte gives 8 bits).
    private mutating func varint(_ what: String) throws -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<9 {
            let byte = try byte(what)
            if index == 8 {
                return (value << 8) | UInt64(byte)
            }
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        return value
    }

    private mutating func checkAll() throws {
        let tableMarker: UInt8 = isPatchset ? 0x50 : 0x54
        while offset < bytes.count {
            guard try byte("table header") == tableMarker else {
                offset -= 1
                throw corrupt("expected a table header")
            }
            let columnCount = try varint("column count")
            guard columnCount > 0, columnCount <= 32767 else {
                throw corrupt("invalid column count \(columnCount)")
            }
            var primaryKeyCount = 0
            for _ in 0..<columnCount where try byte("primary key flag") != 0 {
                primaryKeyCount += 1
            }
            guard primaryKeyCount > 0 else { throw corrupt("table without primary key") }
            let nameStart = offset
            while try byte("table name") != 0 { }
            guard offset - 1 > nameStart else { throw corrupt("empty table name") }
            try checkChanges(columnCount: Int(columnCount), primaryKeyCount: primaryKeyCount)
        }
    }

    private mutating func checkChanges(columnCount: Int, primaryKeyCount: Int) throws {
        while offset < bytes.count {
            let operation = bytes[offset]
            if operation == 0x54 || operation == 0x50 { return } // next table
            offset += 1
            let indirect = try byte("indirect flag")
            guard indirect <= 1 else { throw corrupt("invalid indirect flag \(indirect)") }
            switch operation {
            case 18: // SQLITE_INSERT
                try checkRecord(count: columnCount)
            case 9: // SQLITE_DELETE
                try checkRecord(count: isPatchset ? primaryKeyCount : columnCount)
            case 23: // SQLITE_UPDATE
                try checkRecord(count: columnCount)
                if !isPatchset { try checkRecord(count: columnCount) }
            default:
                offset -= 2
                throw corrupt("invalid operation \(operation)")
            }
        }
    }

    private mutating func checkRecord(count: Int) throws {
        for _ in 0..<count {
            switch try byte("value type") {
            case 0, 5:
                break
            case 1, 2:
                try skip(8, "number")
            case 3, 4:
                let length = try varint("text or blob length")
                guard length <= UInt64(Int32.max) else { throw corrupt("text or blob too long") }
                try skip(Int(length), "text or blob")
            case let type:
                offset -= 1
                throw corrupt("invalid value type \(type)")
            }
        }
    }
}
