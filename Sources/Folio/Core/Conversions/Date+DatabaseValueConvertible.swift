import CSQLite
import Foundation

// Dates are stored as text, "yyyy-MM-dd HH:mm:ss.SSS" in UTC, precise to the
// millisecond:
//
//     try db.execute(sql: "INSERT INTO player (creationDate) VALUES (?)", arguments: [Date()])
//     // '2015-09-11 18:14:15.123'
//
// This format sorts like the dates it represents (`ORDER BY` works), it
// compares with `CURRENT_TIMESTAMP`, and it feeds the SQLite date and time
// functions. See <https://www.sqlite.org/lang_datefunc.html>.
//
// Reading accepts:
//
// - TEXT in the formats of the SQLite date functions: "yyyy-MM-dd",
//   "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", with fractional seconds of
//   any length ("yyyy-MM-dd HH:mm:ss.SSS", of which three digits count:
//   ".999123" is 999 milliseconds), a "T" instead of the space, and
//   an optional time zone ("Z" or "+HH:MM"/"-HH:MM"; UTC when missing).
//   Missing time components are zero. Invalid text ("2015-02-30",
//   "tomorrow", a time without a date) does not convert.
// - INTEGER and REAL as Unix timestamps: the number of seconds since
//   1970-01-01 00:00:00 UTC, as `Date(timeIntervalSince1970:)`, and as
//   SQLite's `unixepoch()` and `strftime('%s')` produce.
//
// Numbers are never read as julian day numbers (what SQLite's `julianday()`
// returns), because an integer or a double can not tell which of the two
// it is. Convert julian days explicitly with `Date(julianDay:)`:
//
//     let julianDay = try Double.fetchOne(db, sql: "SELECT julianday('now')")!
//     let date = Date(julianDay: julianDay)
//
// Text and numbers are both read straight from the statement column (no
// `DateFormatter`: parsing and formatting are hand-written, and cost a few
// dozens of nanoseconds).
//
// Years outside 0000-9999 are outside the range of the SQLite date
// functions. Folio still stores them as text, with a minus sign or more
// than four year digits ("-0044-03-15 12:00:00.000", "10000-01-01
// 00:00:00.000"), and reads them back, but SQLite can neither compare nor
// compute with them. Dates more than about 6 million years away from now
// are stored as a REAL Unix timestamp instead, and read back as well.
// Infinite dates are stored as REAL infinities, which do not convert back
// (reading refuses non-finite numbers).

extension Date: DatabaseValueConvertible, StatementColumnConvertible {
    /// The date as "yyyy-MM-dd HH:mm:ss.SSS" text in UTC, rounded to the
    /// nearest millisecond.
    ///
    /// ```swift
    /// Date(timeIntervalSince1970: 0).databaseValue // '1970-01-01 00:00:00.000'
    /// ```
    public var databaseValue: DatabaseValue {
        let interval = timeIntervalSinceReferenceDate
        // 2e14 seconds is about 6.3 million years: milliseconds still fit
        // comfortably in Int64, and years in 7 digits.
        guard interval.isFinite, interval.magnitude < 2e14 else {
            return DatabaseValue(storage: .double(timeIntervalSince1970))
        }
        let milliseconds = Int64((interval * 1_000).rounded()) + 978_307_200_000 // since 1970
        let (seconds, millisecond) = milliseconds._floorDivided(by: 1_000)
        let (days, secondOfDay) = seconds._floorDivided(by: 86_400)
        let (year, month, day) = SQLiteDateTime.civilDate(daysSince1970: Int(days))
        let secondOfDayInt = Int(secondOfDay)
        let text = String(_asciiCapacity: 32) { writer in
            writer.writePadded(year, width: 4)
            writer.write(UInt8(ascii: "-"))
            writer.writeDigits(month, width: 2)
            writer.write(UInt8(ascii: "-"))
            writer.writeDigits(day, width: 2)
            writer.write(UInt8(ascii: " "))
            writer.writeDigits(secondOfDayInt / 3_600, width: 2)
            writer.write(UInt8(ascii: ":"))
            writer.writeDigits(secondOfDayInt / 60 % 60, width: 2)
            writer.write(UInt8(ascii: ":"))
            writer.writeDigits(secondOfDayInt % 60, width: 2)
            writer.write(UInt8(ascii: "."))
            writer.writeDigits(Int(millisecond), width: 3)
        }
        return DatabaseValue(storage: .string(text))
    }

    /// Converts date text, or a Unix timestamp.
    ///
    /// ```swift
    /// Date.fromDatabaseValue("2015-09-11 18:14:15.123".databaseValue) // a Date
    /// Date.fromDatabaseValue(1_442_000_000.databaseValue)             // 2015-09-11 19:33:20 UTC
    /// Date.fromDatabaseValue("Mom's birthday".databaseValue)          // nil
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A date, or nil when the value is neither valid date text
    ///   nor a finite number.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Date? {
        switch dbValue.storage {
        case .int64(let int64):
            return Date(timeIntervalSince1970: TimeInterval(int64))
        case .double(let double):
            guard double.isFinite else { return nil }
            return Date(timeIntervalSince1970: double)
        case .string(var string):
            return string.withUTF8 { Date(_sqliteText: $0) }
        case .null, .blob:
            return nil
        }
    }

    /// Reads date text, or a Unix timestamp, from a statement column.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(_sqliteValue: sqlite3_column_value(sqliteStatement, index))
    }

    /// Reads the date of a statement column: nil for NULL, and for a value
    /// that does not convert. Row decoding uses it.
    ///
    /// One column look-up (`sqlite3_column_value`) instead of three
    /// (`sqlite3_column_type`, `sqlite3_column_text` and
    /// `sqlite3_column_bytes`, each of which locks the connection), and no
    /// separate NULL check: see ``init(_sqliteValue:)``.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The date, or nil.
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Date? {
        Date(_sqliteValue: sqlite3_column_value(sqliteStatement, index))
    }

    /// Reads date text, or a Unix timestamp, from the value of a statement
    /// column (nil for NULL, blobs, and values that do not convert).
    ///
    /// The value is unprotected, which is fine since a connection is
    /// never used by two threads at once (as the integers read theirs, see
    /// `FixedWidthInteger.init(_sqliteStatement:index:)`), and valid until
    /// the statement steps again. See
    /// <https://www.sqlite.org/c3ref/column_blob.html>.
    @inline(__always)
    init?(_sqliteValue value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_TEXT:
            // sqlite3_value_text before sqlite3_value_bytes, as SQLite
            // recommends: https://www.sqlite.org/c3ref/column_blob.html
            guard let text = sqlite3_value_text(value) else { return nil }
            let count = Int(sqlite3_value_bytes(value))
            self.init(_sqliteText: UnsafeBufferPointer(start: text, count: count))
        case SQLITE_INTEGER:
            self.init(timeIntervalSince1970: TimeInterval(sqlite3_value_int64(value)))
        case SQLITE_FLOAT:
            let double = sqlite3_value_double(value)
            guard double.isFinite else { return nil }
            self.init(timeIntervalSince1970: double)
        default:
            return nil
        }
    }

    /// Parses UTF-8 date text in the formats of the SQLite date functions.
    init?(_sqliteText bytes: UnsafeBufferPointer<UInt8>) {
        if let date = Date(_fixedWidthSQLiteText: bytes) {
            self = date
            return
        }
        guard let dateTime = SQLiteDateTime(utf8: bytes), dateTime.hasDate else { return nil }
        // One rounding only: whole seconds are exact in a Double.
        let seconds = Double(dateTime.secondsSince1970 - 978_307_200) // since 2001
        self.init(timeIntervalSinceReferenceDate: seconds + Double(dateTime.nanosecond) / 1e9)
    }

    /// Parses the text that Folio stores, `YYYY-MM-DD HH:MM:SS.SSS` (or
    /// `T` instead of the space, or without milliseconds), without the
    /// general scanner; nil for any other text, and for invalid fields
    /// (then ``init(_sqliteText:)`` lets ``SQLiteDateTime`` decide).
    ///
    /// The fields, their validation and the arithmetic are those of
    /// ``SQLiteDateTime``, so that both give the same date.
    @inline(__always)
    private init?(_fixedWidthSQLiteText bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count == 23 || count == 19, let base = bytes.baseAddress else { return nil }
        @inline(__always) func digit(_ offset: Int) -> Int {
            Int(truncatingIfNeeded: base[offset] &- 48)
        }
        // The digits and separators are checked eight bytes at a time
        // (see ``_hasDigitsAndSeparators(_:digits:separators:values:)``):
        // "YYYY-MM-", "DD HH:MM" (the space or `T` is checked alone), then
        // "HH:MM:SS", or "M:SS.SSS" with milliseconds.
        guard Date._hasDigitsAndSeparators(
                  Date._word(base, 0), digits: 0x00FF_FF00_FFFF_FFFF,
                  separators: 0xFF00_00FF_0000_0000, values: 0x2D00_002D_0000_0000), // "-"
              Date._hasDigitsAndSeparators(
                  Date._word(base, 8), digits: 0xFFFF_00FF_FF00_FFFF,
                  separators: 0x0000_FF00_0000_0000, values: 0x0000_3A00_0000_0000), // ":"
              base[10] == UInt8(ascii: " ") || base[10] == UInt8(ascii: "T")
        else { return nil }
        var millisecond = 0
        if count == 23 {
            guard Date._hasDigitsAndSeparators(
                Date._word(base, 15), digits: 0xFFFF_FF00_FFFF_00FF,
                separators: 0x0000_00FF_0000_FF00, values: 0x0000_002E_0000_3A00) // "." and ":"
            else { return nil }
            millisecond = digit(20) * 100 + digit(21) * 10 + digit(22)
        } else {
            guard Date._hasDigitsAndSeparators(
                Date._word(base, 11), digits: 0xFFFF_00FF_FF00_FFFF,
                separators: 0x0000_FF00_00FF_0000, values: 0x0000_3A00_003A_0000) // ":"
            else { return nil }
        }
        let year = digit(0) * 1_000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        guard month >= 1, month <= 12, day >= 1, day <= SQLiteDateTime.daysInMonth(month, year: year),
              hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = SQLiteDateTime.daysSince1970(year: year, month: month, day: day)
        let secondsSince1970 = days * 86_400 + hour * 3_600 + minute * 60 + second
        // The same expression as init(_sqliteText:), for the same rounding.
        let seconds = Double(secondsSince1970 - 978_307_200) // since 2001
        self.init(timeIntervalSinceReferenceDate: seconds + Double(millisecond * 1_000_000) / 1e9)
    }

    /// The eight bytes of date text at an offset, the first one in the
    /// lowest byte.
    @inline(__always)
    private static func _word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether eight bytes of date text (see ``_word(_:_:)``) have ASCII
    /// digits where `digits` has 0xFF, and the bytes of `values` where
    /// `separators` has 0xFF. Each byte of the word must be in one of the
    /// two masks or checked by the caller.
    ///
    /// A byte is a digit when its high half is 3, and still 3 after adding
    /// 6 (0x30...0x39). When all the bytes pass, no byte carries into the
    /// next one when 6 is added to each (digits and separators are below
    /// 0x7F), so that each byte is checked on its own.
    @inline(__always)
    private static func _hasDigitsAndSeparators(_ word: UInt64, digits: UInt64, separators: UInt64, values: UInt64) -> Bool {
        let highHalves = digits & 0xF0F0_F0F0_F0F0_F0F0
        let expected = digits & 0x3030_3030_3030_3030
        return word & separators == values
            && word & highHalves == expected
            && (word &+ 0x0606_0606_0606_0606) & highHalves == expected
    }
}

extension Date {
    /// Creates a date from a julian day number: the number of days since
    /// noon in Greenwich on November 24, 4714 B.C. (proleptic Gregorian
    /// calendar), as returned by the SQLite `julianday()` function.
    ///
    /// Numbers read from the database convert to dates as Unix timestamps:
    /// use this initializer when a value holds a julian day.
    ///
    /// ```swift
    /// let julianDay = try Double.fetchOne(db, sql: "SELECT julianday('2015-09-11 12:00:00')")!
    /// let date = Date(julianDay: julianDay) // 2015-09-11 12:00:00 UTC
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_datefunc.html> and
    /// <https://en.wikipedia.org/wiki/Julian_day>.
    ///
    /// - Parameter julianDay: A julian day number.
    /// - Returns: A date, or nil when `julianDay` is not finite.
    public init?(julianDay: Double) {
        guard julianDay.isFinite else { return nil }
        // Julian day 2440587.5 is 1970-01-01 00:00:00 UTC.
        self.init(timeIntervalSince1970: (julianDay - 2_440_587.5) * 86_400)
    }

    /// The julian day number of the date, as the SQLite `julianday()`
    /// function returns: the inverse of ``init(julianDay:)``.
    var julianDay: Double {
        timeIntervalSince1970 / 86_400 + 2_440_587.5
    }
}

extension Int64 {
    /// Returns the quotient rounded toward negative infinity, and the
    /// (non-negative) remainder.
    func _floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = self % divisor
        if remainder < 0 {
            return (self / divisor - 1, remainder + divisor)
        }
        return (self / divisor, remainder)
    }
}
