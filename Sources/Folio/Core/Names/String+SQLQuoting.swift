import CSQLite

// Quoting writes names and strings into SQL text. It works on UTF-8 bytes,
// as SQLite's tokenizer does, and never on Swift `Character`s: a quote
// followed by a combining mark (`"` + U+0301) is one `Character` that is
// not equal to `"`, so a Character-level replacement would leave that
// quote alone, and the name would end its quoted token early and inject
// the rest into the statement. The bytes are copied as they are, never
// normalized, so that a name round-trips byte for byte.

extension String {
    /// The string as a quoted SQL identifier: `player` becomes `"player"`,
    /// and inner double quotes are doubled.
    ///
    /// ```swift
    /// let sql = "SELECT * FROM \(tableName.quotedDatabaseIdentifier)"
    /// ```
    ///
    /// Any string is a valid identifier once quoted: whatever its content
    /// (quotes, combining marks, SQL keywords), it names one identifier and
    /// nothing else. The bytes of the string are kept as they are (no
    /// Unicode normalization), so that a column named with this string
    /// comes back in ``Row/columnNames`` with the same bytes. A string that
    /// holds a NUL character makes SQL that Folio refuses to run.
    ///
    /// See <https://www.sqlite.org/lang_keywords.html>.
    public var quotedDatabaseIdentifier: String {
        quotedForSQL(by: UInt8(ascii: "\""))
    }

    /// The string as an identifier token: as it is when it is a plain
    /// ASCII word that is not an SQL keyword (`NOCASE`), quoted otherwise.
    ///
    /// For names that GRDB writes unquoted, such as collations, so that
    /// the SQL stays the same for plain names and stays valid, with one
    /// identifier only, for any other name.
    var databaseIdentifierToken: String {
        let isPlainWord = utf8.first.map { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
            && utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                    return true
                default:
                    return false
                }
            }
        guard isPlainWord else { return quotedDatabaseIdentifier }
        let isKeyword = withCString { sqlite3_keyword_check($0, CInt(utf8.count)) != 0 }
        return isKeyword ? quotedDatabaseIdentifier : self
    }

    /// The string as an SQL string literal: `O'Brien` becomes
    /// `'O''Brien'`. Inner single quotes are doubled, at the level of
    /// UTF-8 bytes, and the bytes are kept as they are.
    var quotedDatabaseStringLiteral: String {
        quotedForSQL(by: UInt8(ascii: "'"))
    }

    /// The string surrounded by `quote`, with each `quote` byte inside
    /// doubled.
    ///
    /// One pass counts the quotes, one allocation builds the result: the
    /// query interface quotes every column and table it writes, so this
    /// is on the path of SQL generation.
    private func quotedForSQL(by quote: UInt8) -> String {
        if let quoted = utf8.withContiguousStorageIfAvailable({ String.quoting($0, by: quote) }) {
            return quoted
        }
        // Not reached for native strings; a bridged string is copied.
        return Array(utf8).withUnsafeBufferPointer { String.quoting($0, by: quote) }
    }

    private static func quoting(_ bytes: UnsafeBufferPointer<UInt8>, by quote: UInt8) -> String {
        var quoteCount = 0
        for byte in bytes where byte == quote {
            quoteCount &+= 1
        }
        let count = bytes.count + quoteCount + 2
        return String(unsafeUninitializedCapacity: count) { output in
            output[0] = quote
            var index = 1
            if quoteCount == 0 {
                if let source = bytes.baseAddress, let target = output.baseAddress {
                    (target + 1).initialize(from: source, count: bytes.count)
                }
                index &+= bytes.count
            } else {
                for byte in bytes {
                    output[index] = byte
                    index &+= 1
                    if byte == quote {
                        output[index] = quote
                        index &+= 1
                    }
                }
            }
            output[index] = quote
            return index &+ 1
        }
    }
}
