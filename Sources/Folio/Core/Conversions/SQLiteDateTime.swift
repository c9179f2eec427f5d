// Hand-written parsing and formatting of the date and time text formats of
// SQLite (https://www.sqlite.org/lang_datefunc.html), shared by `Date` and
// `DatabaseDateComponents`.
//
// No DateFormatter here: formatters allocate, depend on a locale, and are
// an order of magnitude slower than reading a few digits. The calendar is
// the proleptic Gregorian calendar in UTC, as in SQLite's date functions.

/// A date and time parsed from SQLite text, such as
/// "2015-09-11 18:14:15.123", "2015-09-11T18:14Z" or "18:14:15".
///
/// Accepted, as in SQLite:
///
/// - a date `YYYY-MM-DD`, optionally followed by a space or `T` and a time,
/// - or a time alone,
/// - a time is `HH:MM`, optionally followed by `:SS`, optionally followed
///   by `.` and fractional seconds of any length, of which the first three
///   digits count (milliseconds),
/// - a time may be followed by spaces and a time zone: `Z` or `±HH:MM`.
///
/// Years have 4 digits or more, optionally preceded by `-` (Folio writes
/// years outside of 0000-9999 this way; SQLite only knows 4-digit years).
/// Fields are validated: month 01-12, day within the month, hour 00-23,
/// minute and second 00-59. Anything else fails.
struct SQLiteDateTime {
    /// How precise the time part is.
    enum TimePrecision: Int, Comparable {
        /// No time: a date alone.
        case none
        /// `HH:MM`
        case minutes
        /// `HH:MM:SS`
        case seconds
        /// `HH:MM:SS.SSS`
        case fractionalSeconds

        static func < (lhs: TimePrecision, rhs: TimePrecision) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// Whether the text has a date part.
    var hasDate = false
    var year = 0
    var month = 0
    var day = 0
    /// The precision of the time part (`.none` for a date alone).
    var timePrecision = TimePrecision.none
    var hour = 0
    var minute = 0
    var second = 0
    /// The fractional seconds, a whole number of milliseconds.
    var nanosecond = 0
    /// The time zone offset in seconds east of UTC, when the text has one.
    var timeZoneOffset: Int?

    /// The number of seconds since 1970-01-01 00:00:00 UTC of the date and
    /// time, fractional seconds excluded. Missing components are zero, and
    /// the time zone defaults to UTC.
    var secondsSince1970: Int {
        let days = SQLiteDateTime.daysSince1970(year: year, month: month, day: day)
        return days * 86_400 + hour * 3_600 + minute * 60 + second - (timeZoneOffset ?? 0)
    }

    /// Parses UTF-8 text; nil when it is not a valid SQLite date or time.
    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = _Scanner(bytes: bytes)
        if scanner.isTimeOnly {
            guard scanner.scanTime(into: &self) else { return nil }
        } else {
            guard scanner.scanDate(into: &self) else { return nil }
            if scanner.isAtEnd { return }
            guard scanner.scan(UInt8(ascii: " ")) || scanner.scan(UInt8(ascii: "T")) else { return nil }
            guard scanner.scanTime(into: &self) else { return nil }
        }
        guard scanner.scanTimeZone(into: &self) else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
    }

    // MARK: - Calendar arithmetic

    /// Returns whether a year of the proleptic Gregorian calendar is a leap
    /// year.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Returns the number of days of a month (1-12).
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Returns the number of days from 1970-01-01 to a date of the
    /// proleptic Gregorian calendar (negative before 1970).
    ///
    /// Years are counted from March, so that the leap day ends a year and
    /// each 400-year era has the same 146,097 days.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400                          // 0...399
        let marchMonth = month > 2 ? month - 3 : month + 9             // 0...11, March is 0
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1           // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468                      // 719,468 days from 0000-03-01 to 1970-01-01
    }

    /// Returns the date of the proleptic Gregorian calendar that is a number
    /// of days after 1970-01-01 (the inverse of ``daysSince1970(year:month:day:)``).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097                                                  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365 // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)         // 0...365
        let marchMonth = (5 * dayOfYear + 2) / 153                                              // 0...11
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

// MARK: - Formatting

/// Writes ASCII digits into a byte buffer, for the text formats of dates.
struct _DigitWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func write(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    /// Writes exactly `width` digits of a value in `0..<10^width`.
    mutating func writeDigits(_ value: Int, width: Int) {
        writeDigits(UInt(bitPattern: value), width: width)
    }

    /// Writes exactly `width` digits of a value in `0..<10^width`.
    mutating func writeDigits(_ value: UInt, width: Int) {
        var value = value
        var index = count + width - 1
        while index >= count {
            buffer[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
            value /= 10
            index -= 1
        }
        count += width
    }

    /// Writes a value with at least `width` digits, preceded by `-` when
    /// negative. The buffer must have room for `max(width, 20) + 1` bytes.
    mutating func writePadded(_ value: Int, width: Int) {
        if value < 0 {
            write(UInt8(ascii: "-"))
        }
        let magnitude = value.magnitude
        var digitCount = 1
        var rest = magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        writeDigits(magnitude, width: max(width, digitCount))
    }
}

extension String {
    /// Creates an ASCII string written by a ``_DigitWriter``, with no
    /// intermediate allocation.
    init(_asciiCapacity capacity: Int, _ body: (inout _DigitWriter) -> Void) {
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = _DigitWriter(buffer: buffer)
            body(&writer)
            return writer.count
        }
    }
}

// MARK: - Scanning

/// Reads the fields of SQLite date and time text.
private struct _Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    /// Whether the text starts with a time (`HH:`) rather than a date.
    var isTimeOnly: Bool {
        bytes.count >= 3 && _isDigit(bytes[0]) && _isDigit(bytes[1]) && bytes[2] == UInt8(ascii: ":")
    }

    /// Consumes one byte if it is the expected one.
    mutating func scan(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") {
            index += 1
        }
    }

    /// Consumes exactly `count` digits.
    mutating func scanDigits(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard _isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- 48)
        }
        index += count
        return value
    }

    /// Consumes `YYYY-MM-DD` (years of 4 to 9 digits, optionally negative).
    mutating func scanDate(into result: inout SQLiteDateTime) -> Bool {
        let isNegative = scan(UInt8(ascii: "-"))
        var year = 0
        var yearDigits = 0
        while index < bytes.count, _isDigit(bytes[index]), yearDigits < 9 {
            year = year * 10 + Int(bytes[index] &- 48)
            yearDigits += 1
            index += 1
        }
        guard yearDigits >= 4,
              scan(UInt8(ascii: "-")),
              let month = scanDigits(2), month >= 1, month <= 12,
              scan(UInt8(ascii: "-")),
              let day = scanDigits(2), day >= 1
        else { return false }
        if isNegative { year = -year }
        guard day <= SQLiteDateTime.daysInMonth(month, year: year) else { return false }
        result.hasDate = true
        result.year = year
        result.month = month
        result.day = day
        return true
    }

    /// Consumes `HH:MM`, `HH:MM:SS` or `HH:MM:SS.S…`.
    mutating func scanTime(into result: inout SQLiteDateTime) -> Bool {
        guard let hour = scanDigits(2), hour <= 23,
              scan(UInt8(ascii: ":")),
              let minute = scanDigits(2), minute <= 59
        else { return false }
        result.hour = hour
        result.minute = minute
        result.timePrecision = .minutes
        guard scan(UInt8(ascii: ":")) else { return true }
        guard let second = scanDigits(2), second <= 59 else { return false }
        result.second = second
        result.timePrecision = .seconds
        guard scan(UInt8(ascii: ".")) else { return true }
        // Fractional seconds of any length, kept to the millisecond as in
        // GRDB: ".5" is 500 ms, ".05" 50 ms, ".999123" 999 ms. Further
        // digits are read and ignored.
        var millisecond = 0
        var digitCount = 0
        while index < bytes.count, _isDigit(bytes[index]) {
            if digitCount < 3 {
                millisecond = millisecond * 10 + Int(bytes[index] &- 48)
            }
            digitCount += 1
            index += 1
        }
        guard digitCount > 0 else { return false }
        for _ in digitCount..<max(digitCount, 3) {
            millisecond *= 10
        }
        result.nanosecond = millisecond * 1_000_000
        result.timePrecision = .fractionalSeconds
        return true
    }

    /// Consumes optional spaces and an optional time zone: `Z`, `z`,
    /// `+HH:MM` or `-HH:MM`. Returns false for an invalid time zone.
    mutating func scanTimeZone(into result: inout SQLiteDateTime) -> Bool {
        skipSpaces()
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
            result.timeZoneOffset = 0
            return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = scanDigits(2), hours <= 23,
                  scan(UInt8(ascii: ":")),
                  let minutes = scanDigits(2), minutes <= 59
            else { return false }
            result.timeZoneOffset = sign * (hours * 3_600 + minutes * 60)
            return true
        default:
            // Not a time zone: trailing garbage is refused by the caller.
            return true
        }
    }
}

@inline(__always)
private func _isDigit(_ byte: UInt8) -> Bool {
    byte &- 48 < 10
}
