/// A string as a dictionary or set key, equal to another when their UTF-8
/// bytes are equal: the key of the statement cache (SQL text), and of
/// migration identifiers.
///
/// Swift's `==` on strings equates canonically equivalent strings: with
/// `String` keys, `SELECT 1 AS "café"` (precomposed é) would find the
/// statement of `SELECT 1 AS "cafe\u{301}"`, and the row would come back
/// with the other column name, or read another column. SQLite compares
/// text byte for byte (the `BINARY` collation), and so does this key.
struct ByteExactString: Hashable {
    /// The string.
    let string: String

    /// Creates the key of a string.
    ///
    /// - Parameter string: SQL text, or an identifier.
    @inline(__always)
    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ByteExactString, rhs: ByteExactString) -> Bool {
        lhs.string.hasSameUTF8(as: rhs.string)
    }

    /// Hashes the string: strings with the same bytes are equal strings,
    /// so they have the same hash.
    func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }
}
