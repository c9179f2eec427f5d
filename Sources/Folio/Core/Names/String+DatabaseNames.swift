import Foundation

// How names compare. SQLite compares the names of tables, columns,
// savepoints, functions and collations byte for byte, ignoring the case of
// ASCII letters only. Swift's `==` on strings compares canonical
// equivalence instead (`"é"` equals `"e\u{301}"`) and `lowercased()` folds
// the case of all letters (`"K"`, the Kelvin sign, becomes `"k"`): names
// that SQLite keeps apart would be merged, and a look-up would read
// another column than the one named. The comparisons below work on UTF-8
// bytes, as SQLite does.

extension String {
    /// Whether the two strings have the same UTF-8 bytes.
    ///
    /// Unlike `==`, this does not equate canonically equivalent strings:
    /// `"é"` and `"e\u{301}"` are two different column names for SQLite.
    ///
    /// Column look-ups call it for each value read, so the common case
    /// costs as little as `==`: two strings whose representations are
    /// identical have the same bytes (a small string holds its bytes, a
    /// larger one points to them). That is the case of a column name and
    /// the literal that reads it, when the name has at most 15 bytes.
    @inlinable @inline(__always)
    func hasSameUTF8(as other: String) -> Bool {
        if MemoryLayout<String>.size == 2 * MemoryLayout<UInt64>.size {
            let lhs = unsafeBitCast(self, to: (UInt64, UInt64).self)
            let rhs = unsafeBitCast(other, to: (UInt64, UInt64).self)
            if lhs.0 == rhs.0 && lhs.1 == rhs.1 { return true }
        }
        return _hasSameUTF8Bytes(as: other)
    }

    /// The slow path of ``hasSameUTF8(as:)``: compares the bytes.
    @usableFromInline @inline(never)
    func _hasSameUTF8Bytes(as other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        let count = lhs.count
        guard count == rhs.count else { return false }
        let contiguous: Bool?? = lhs.withContiguousStorageIfAvailable { lhs in
            rhs.withContiguousStorageIfAvailable { rhs in
                guard let lhs = lhs.baseAddress, let rhs = rhs.baseAddress else { return true } // both empty
                return memcmp(lhs, rhs, count) == 0
            }
        }
        if let contiguous, let contiguous { return contiguous }
        return lhs.elementsEqual(rhs)
    }

    /// Whether SQLite considers the two strings as the same name: their
    /// UTF-8 bytes are equal, ignoring the case of ASCII letters.
    ///
    /// ```swift
    /// "Name".isSameDatabaseName(as: "NAME")   // true
    /// "é".isSameDatabaseName(as: "e\u{301}")  // false
    /// "É".isSameDatabaseName(as: "é")         // false, as in SQLite
    /// ```
    @inlinable
    func isSameDatabaseName(as other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        let contiguous: Bool?? = lhs.withContiguousStorageIfAvailable { lhs in
            rhs.withContiguousStorageIfAvailable { rhs in
                lhs.elementsEqual(rhs) { String.asciiLowercased($0) == String.asciiLowercased($1) }
            }
        }
        if let contiguous, let contiguous { return contiguous }
        return lhs.elementsEqual(rhs) { String.asciiLowercased($0) == String.asciiLowercased($1) }
    }

    /// Whether the name starts with `prefix`, ignoring the case of ASCII
    /// letters as SQLite does (`sqlite_` for the internal tables).
    func hasDatabaseNamePrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8) { String.asciiLowercased($0) == String.asciiLowercased($1) }
    }

    /// The name as `lowercased()` returns it, without building a new
    /// string when the name has no uppercase letter and is ASCII (the
    /// common case: observation compares table and column names this way
    /// for each statement and each observer).
    var lowercasedName: String {
        let needsLowercasing: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 >= 0x80 || ($0 &- UInt8(ascii: "A")) < 26 }
        }
        return needsLowercasing == false ? self : lowercased()
    }

    /// A byte with ASCII uppercase letters lowercased, and other bytes
    /// (UTF-8 continuation bytes included) unchanged.
    @inlinable @inline(__always)
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (byte &- UInt8(ascii: "A")) < 26 ? byte | 0x20 : byte
    }
}
