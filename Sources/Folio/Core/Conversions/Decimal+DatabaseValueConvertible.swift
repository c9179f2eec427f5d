import CSQLite
import Foundation

// Decimals are stored as text, so that no digit is lost to the binary
// doubles of SQLite, and read from text, integers and doubles:
//
//     try db.execute(sql: "INSERT INTO transfer (amount) VALUES (?)", arguments: [Decimal(string: "10.5")!])
//     // '10.5'
//
//     try Decimal.fetchOne(db, sql: "SELECT '-100'") // -100
//     try Decimal.fetchOne(db, sql: "SELECT 1.23")   // 1.23
//
// Text must be a whole decimal number: an optional sign, digits with an
// optional "." fraction, and an optional exponent ("1.5e-3"). Other text
// ("10 euros", "1,5", "NaN") does not convert.
//
// Storing decimals as text means that SQLite compares and sorts them as
// text, and that arithmetic in SQL converts them to doubles. Store amounts
// as integers (cents) when SQL must compute with them.

extension Decimal: DatabaseValueConvertible {
    /// The decimal as text, such as '10.5'.
    ///
    /// ```swift
    /// Decimal(string: "10.5")!.databaseValue // '10.5'
    /// ```
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .string(description))
    }

    /// Converts decimal text, an integer or a double.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A decimal, or nil for a blob, NULL, or text that is not a
    ///   decimal number.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Decimal? {
        switch dbValue.storage {
        case .int64(let int64):
            return Decimal(int64)
        case .double(let double):
            guard double.isFinite else { return nil }
            // Decimal's exponent stops at 127: larger (and subnormal)
            // doubles give NaN, which is not the number read.
            let decimal = Decimal(double)
            return decimal.isNaN ? nil : decimal
        case .string(let string):
            return Decimal(_databaseText: string)
        case .null, .blob:
            return nil
        }
    }

    /// Parses decimal text, refusing anything but a whole decimal number
    /// (`Decimal(string:)` alone accepts "10 euros" as 10).
    init?(_databaseText string: String) {
        guard _isDecimalNumber(string.utf8),
              let decimal = Decimal(string: string, locale: _posixLocale)
        else { return nil }
        self = decimal
    }
}

extension Decimal: StatementColumnConvertible {
    /// Reads a decimal from a statement column: decimal text, an integer or
    /// a double, with the conversions of ``fromDatabaseValue(_:)``.
    ///
    /// ```swift
    /// let amounts = try Decimal.fetchAll(db, sql: "SELECT amount FROM transfer")
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    /// - Returns: nil for a blob, or text that is not a decimal number. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_INTEGER:
            self.init(sqlite3_column_int64(sqliteStatement, index))
        case SQLITE_FLOAT:
            let double = sqlite3_column_double(sqliteStatement, index)
            guard double.isFinite else { return nil }
            // NaN for doubles out of Decimal's range: see fromDatabaseValue.
            let decimal = Decimal(double)
            guard !decimal.isNaN else { return nil }
            self = decimal
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(sqliteStatement, index) else { return nil }
            let count = Int(sqlite3_column_bytes(sqliteStatement, index))
            let string = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
            self.init(_databaseText: string)
        default:
            return nil
        }
    }
}

/// The locale of decimal text: "." is the decimal separator.
private let _posixLocale = Locale(identifier: "en_US_POSIX")

/// Returns whether text matches `[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?`.
private func _isDecimalNumber(_ utf8: String.UTF8View) -> Bool {
    var iterator = utf8.makeIterator()
    var byte = iterator.next()
    func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte &- 48 < 10
    }
    if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
        byte = iterator.next()
    }
    var mantissaDigits = 0
    while isDigit(byte) {
        mantissaDigits += 1
        byte = iterator.next()
    }
    if byte == UInt8(ascii: ".") {
        byte = iterator.next()
        while isDigit(byte) {
            mantissaDigits += 1
            byte = iterator.next()
        }
    }
    guard mantissaDigits > 0 else { return false }
    if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        byte = iterator.next()
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            byte = iterator.next()
        }
        guard isDigit(byte) else { return false }
        while isDigit(byte) {
            byte = iterator.next()
        }
    }
    return byte == nil
}
