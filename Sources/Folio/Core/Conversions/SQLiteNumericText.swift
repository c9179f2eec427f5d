import CSQLite

// SQLite's convenience conversions turn any text into a number: the
// numeric prefix of the text (`'20 small cigars'` is 20), or zero when
// there is none (`'abc'` is 0). GRDB lets these conversions go through
// when it reads a statement column (README, "Values"). Folio lets through
// the conversions of text that starts with a number, and refuses the
// others: a text with no number in it is a decoding error that names the
// column, not a zero that would hide it.

enum SQLiteNumericText {
    /// Whether the TEXT or BLOB value of a statement column starts with a
    /// number, as SQLite reads it: optional white space, an optional sign,
    /// then a digit, or a dot and a digit.
    ///
    /// See <https://www.sqlite.org/lang_expr.html#castexpr>.
    static func hasNumericPrefix(_ value: OpaquePointer?) -> Bool {
        // sqlite3_value_text converts a BLOB as SQLite converts it to a
        // number: as text.
        guard let text = sqlite3_value_text(value) else { return false }
        let count = Int(sqlite3_value_bytes(value))
        var index = 0
        func byte(_ i: Int) -> UInt8? { i < count ? text[i] : nil }
        while let b = byte(index), b == 0x20 || (0x09...0x0D).contains(b) { index += 1 }
        if let b = byte(index), b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { index += 1 }
        if let b = byte(index), b == UInt8(ascii: ".") { index += 1 }
        guard let b = byte(index) else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }
}
