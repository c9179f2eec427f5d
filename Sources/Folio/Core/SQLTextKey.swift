/// SQL text as the key of the statement cache: two keys are equal when
/// their UTF-8 bytes are equal.
///
/// Swift's `==` on strings equates canonically equivalent strings: with
/// `String` keys, `SELECT 1 AS "café"` (precomposed é) would find the
/// statement of `SELECT 1 AS "cafe\u{301}"`, and the row would come back
/// with the other column name, or read another column. SQLite compares
/// names byte for byte, and so does this key.
struct SQLTextKey: Hashable {
    /// The SQL text.
    let sql: String

    /// Creates the key of some SQL text.
    ///
    /// - Parameter sql: SQL text.
    @inline(__always)
    init(_ sql: String) {
        self.sql = sql
    }

    static func == (lhs: SQLTextKey, rhs: SQLTextKey) -> Bool {
        lhs.sql.hasSameUTF8(as: rhs.sql)
    }

    /// Hashes the string: strings with the same bytes are equal strings,
    /// so they have the same hash.
    func hash(into hasher: inout Hasher) {
        hasher.combine(sql)
    }
}
