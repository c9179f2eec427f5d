import CSQLite

// How the built-in dump formats read the columns of the row a statement
// is on. Each reads a column once: `sqlite3_column_type` first, because
// reading a column as text may convert its value.

extension Statement {
    /// The storage class of a column of the current row
    /// (`SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB`
    /// or `SQLITE_NULL`).
    func dumpColumnType(at index: Int) -> CInt {
        sqlite3_column_type(sqliteStatement, CInt(index))
    }

    /// The text SQLite gives for a column of the current row: integers
    /// and reals as SQLite prints them (`1`, `1.5`, `1.0e+20`), blobs as
    /// their bytes read as UTF-8 (invalid sequences become U+FFFD), NULL
    /// as the empty string.
    ///
    /// See <https://www.sqlite.org/c3ref/column_blob.html>.
    func dumpText(at index: Int) -> String {
        guard let text = sqlite3_column_text(sqliteStatement, CInt(index)) else { return "" }
        let count = Int(sqlite3_column_bytes(sqliteStatement, CInt(index)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The bytes of a blob column of the current row.
    func dumpBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(sqliteStatement, CInt(index)))
        guard count > 0, let bytes = sqlite3_column_blob(sqliteStatement, CInt(index)) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// A column of the current row as an SQL literal, as the SQLite
    /// `quote()` function writes it: `NULL`, `42`, `1.5`, `'O''Brien'`,
    /// `X'01FF'`. Infinite reals, which `quote()` of SQLite 3.40 writes
    /// `Inf` (not a literal), are written `9.0e+999` and `-9.0e+999`, as
    /// later SQLite versions do.
    ///
    /// See <https://www.sqlite.org/lang_corefunc.html#quote>.
    func dumpSQLLiteral(at index: Int) -> String {
        switch dumpColumnType(at: index) {
        case SQLITE_NULL:
            return "NULL"
        case SQLITE_INTEGER:
            return String(sqlite3_column_int64(sqliteStatement, CInt(index)))
        case SQLITE_FLOAT:
            return Statement.dumpSQLLiteral(sqlite3_column_double(sqliteStatement, CInt(index)))
        case SQLITE_BLOB:
            return Statement.dumpBlobLiteral(dumpBytes(at: index))
        default:
            return Statement.dumpSQLLiteral(dumpText(at: index))
        }
    }

    /// A string as an SQL literal: `'O''Brien'`.
    static func dumpSQLLiteral(_ string: String) -> String {
        var literal = "'"
        for character in string.unicodeScalars {
            if character == "'" { literal += "''" } else { literal.unicodeScalars.append(character) }
        }
        return literal + "'"
    }

    /// Bytes as an SQL blob literal: `X'01FF'`.
    static func dumpBlobLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var literal: [UInt8] = Array("X'".utf8)
        literal.reserveCapacity(bytes.count * 2 + 3)
        for byte in bytes {
            literal.append(digits[Int(byte >> 4)])
            literal.append(digits[Int(byte & 0xF)])
        }
        literal.append(UInt8(ascii: "'"))
        return String(decoding: literal, as: UTF8.self)
    }

    /// A real as the SQLite `quote()` function writes it: 15 significant
    /// digits when they give the value back, 20 otherwise.
    static func dumpSQLLiteral(_ double: Double) -> String {
        if double.isInfinite {
            return double < 0 ? "-9.0e+999" : "9.0e+999"
        }
        let short = sqlitePrintf("%!.15g", double)
        if Double(short) == double {
            return short
        }
        return sqlitePrintf("%!.20e", double)
    }

    /// Formats a real with `sqlite3_snprintf`, whose `!` flag gives reals
    /// the look of SQLite (`1.0`, `1.0e+20`).
    ///
    /// See <https://www.sqlite.org/printf.html>.
    private static func sqlitePrintf(_ format: String, _ double: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        buffer.withUnsafeMutableBufferPointer { buffer in
            withVaList([double]) { arguments in
                _ = sqlite3_vsnprintf(CInt(buffer.count), buffer.baseAddress, format, arguments)
            }
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
