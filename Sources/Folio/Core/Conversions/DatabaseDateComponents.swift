import CSQLite
import Foundation

/// Date components stored as text in one of the formats of the SQLite date
/// and time functions, from "HH:MM" to "YYYY-MM-DD HH:MM:SS.SSS".
///
/// `DateComponents` is stored and fetched through this type:
///
/// ```swift
/// var components = DateComponents()
/// components.year = 1973
/// components.month = 9
/// components.day = 18
///
/// // Store "1973-09-18"
/// let dbComponents = DatabaseDateComponents(components, format: .YMD)
/// try db.execute(
///     sql: "INSERT INTO player (birthDate) VALUES (?)",
///     arguments: [dbComponents])
///
/// // Read "1973-09-18"
/// let row = try Row.fetchOne(db, sql: "SELECT birthDate FROM player")!
/// let dbComponents: DatabaseDateComponents = row["birthDate"]
/// dbComponents.format         // .YMD (the format found in the database)
/// dbComponents.dateComponents // DateComponents
/// ```
///
/// Reading accepts all the formats of ``Format``, with a "T" instead of
/// the space between date and time, fractional seconds of any length (the
/// first three digits count: ".999123" gives 999,000,000 nanoseconds), and
/// an optional time zone ("Z", "+HH:MM" or "-HH:MM") that sets
/// `dateComponents.timeZone`. Components that the text does not contain
/// are nil. Invalid text, and values that are not text, do not convert.
///
/// Writing uses the chosen format. A missing year is written 0000, a
/// missing month or day 01, and other missing components zero, so that
/// `DatabaseDateComponents(DateComponents(), format: .YMD_HMSS)` stores
/// "0000-01-01 00:00:00.000". Nanoseconds are rounded to the nearest
/// millisecond (999.5 ms and above write .999). When the components have
/// a time zone, its offset from UTC is appended ("+02:00").
///
/// The range of valid years is 0000-9999. See
/// <https://www.sqlite.org/lang_datefunc.html>.
///
/// ## Topics
/// - ``init(_:format:)``
/// - ``dateComponents``
/// - ``format``
/// - ``Format``
public struct DatabaseDateComponents: Sendable {
    /// The text formats of date components.
    public enum Format: String, Sendable {
        /// "YYYY-MM-DD"
        case YMD = "yyyy-MM-dd"
        /// "YYYY-MM-DD HH:MM"
        case YMD_HM = "yyyy-MM-dd HH:mm"
        /// "YYYY-MM-DD HH:MM:SS"
        case YMD_HMS = "yyyy-MM-dd HH:mm:ss"
        /// "YYYY-MM-DD HH:MM:SS.SSS"
        case YMD_HMSS = "yyyy-MM-dd HH:mm:ss.SSS"
        /// "HH:MM"
        case HM = "HH:mm"
        /// "HH:MM:SS"
        case HMS = "HH:mm:ss"
        /// "HH:MM:SS.SSS"
        case HMSS = "HH:mm:ss.SSS"

        /// Whether the format has year, month and day.
        var hasYMDComponents: Bool {
            switch self {
            case .YMD, .YMD_HM, .YMD_HMS, .YMD_HMSS: return true
            case .HM, .HMS, .HMSS: return false
            }
        }

        /// The precision of the time part.
        var timePrecision: SQLiteDateTime.TimePrecision {
            switch self {
            case .YMD: return .none
            case .YMD_HM, .HM: return .minutes
            case .YMD_HMS, .HMS: return .seconds
            case .YMD_HMSS, .HMSS: return .fractionalSeconds
            }
        }
    }

    /// The date components.
    public let dateComponents: DateComponents

    /// The format: the one given at initialization, or the one found in the
    /// database.
    public let format: Format

    /// Creates date components to store in the given format.
    ///
    /// ```swift
    /// let components = DateComponents(hour: 10, minute: 30)
    /// let dbComponents = DatabaseDateComponents(components, format: .HM) // "10:30"
    /// ```
    ///
    /// - Parameters:
    ///   - dateComponents: Date components.
    ///   - format: The format used to store them.
    public init(_ dateComponents: DateComponents, format: Format) {
        self.dateComponents = dateComponents
        self.format = format
    }

    /// Parses text in one of the SQLite date and time formats.
    init?(_sqliteText bytes: UnsafeBufferPointer<UInt8>) {
        guard let dateTime = SQLiteDateTime(utf8: bytes) else { return nil }
        var components = DateComponents()
        if dateTime.hasDate {
            components.year = dateTime.year
            components.month = dateTime.month
            components.day = dateTime.day
        }
        if dateTime.timePrecision >= .minutes {
            components.hour = dateTime.hour
            components.minute = dateTime.minute
        }
        if dateTime.timePrecision >= .seconds {
            components.second = dateTime.second
        }
        if dateTime.timePrecision >= .fractionalSeconds {
            components.nanosecond = dateTime.nanosecond
        }
        if let offset = dateTime.timeZoneOffset {
            components.timeZone = TimeZone(secondsFromGMT: offset)
        }
        let format: Format
        switch (dateTime.hasDate, dateTime.timePrecision) {
        case (true, .none): format = .YMD
        case (true, .minutes): format = .YMD_HM
        case (true, .seconds): format = .YMD_HMS
        case (true, .fractionalSeconds): format = .YMD_HMSS
        case (false, .minutes): format = .HM
        case (false, .seconds): format = .HMS
        case (false, .fractionalSeconds): format = .HMSS
        case (false, .none): return nil
        }
        self.init(components, format: format)
    }

    /// Parses a string in one of the SQLite date and time formats.
    init?(_sqliteString string: String) {
        var string = string
        guard let value = string.withUTF8({ DatabaseDateComponents(_sqliteText: $0) }) else { return nil }
        self = value
    }

    /// The components as text in ``format``.
    var text: String {
        let components = dateComponents
        // Room for a sign and 20 digits in each field, in the unlikely case
        // of components out of their usual ranges.
        return String(_asciiCapacity: 200) { writer in
            if format.hasYMDComponents {
                writer.writePadded(components.year ?? 0, width: 4)
                writer.write(UInt8(ascii: "-"))
                writer.writePadded(components.month ?? 1, width: 2)
                writer.write(UInt8(ascii: "-"))
                writer.writePadded(components.day ?? 1, width: 2)
                if format.timePrecision > .none {
                    writer.write(UInt8(ascii: " "))
                }
            }
            guard format.timePrecision > .none else { return }
            writer.writePadded(components.hour ?? 0, width: 2)
            writer.write(UInt8(ascii: ":"))
            writer.writePadded(components.minute ?? 0, width: 2)
            if format.timePrecision >= .seconds {
                writer.write(UInt8(ascii: ":"))
                writer.writePadded(components.second ?? 0, width: 2)
            }
            if format.timePrecision >= .fractionalSeconds {
                writer.write(UInt8(ascii: "."))
                // Rounded to the nearest millisecond, without carrying into
                // the seconds: .9996 writes .999.
                let nanosecond = min(max(components.nanosecond ?? 0, 0), 999_999_999)
                let millisecond = (nanosecond + 500_000) / 1_000_000
                writer.writeDigits(min(millisecond, 999), width: 3)
            }
            if let timeZone = components.timeZone {
                let offset = timeZone.secondsFromGMT(for: Self.referenceDate(of: components))
                writer.write(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                let minutes = offset.magnitude / 60
                writer.writeDigits(minutes / 60 % 100, width: 2)
                writer.write(UInt8(ascii: ":"))
                writer.writeDigits(minutes % 60, width: 2)
            }
        }
    }

    /// The instant used to resolve the offset of a time zone that observes
    /// daylight saving time: the components read as UTC, or now for time
    /// components alone.
    private static func referenceDate(of components: DateComponents) -> Date {
        // Components out of their ranges (a year of Int.max) would
        // overflow the arithmetic below: they resolve the offset now.
        guard let year = components.year, let month = components.month, let day = components.day,
              (-999_999_999...999_999_999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return Date() }
        let hour = components.hour.map { min(max($0, 0), 23) } ?? 0
        let minute = components.minute.map { min(max($0, 0), 59) } ?? 0
        let days = SQLiteDateTime.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

extension DatabaseDateComponents: DatabaseValueConvertible, StatementColumnConvertible {
    /// The components as text in ``format``, such as "1973-09-18" or
    /// "10:30:00".
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .string(text))
    }

    /// Converts text in one of the SQLite date and time formats.
    ///
    /// ```swift
    /// let dbComponents = DatabaseDateComponents.fromDatabaseValue("10:30".databaseValue)!
    /// dbComponents.format                // .HM
    /// dbComponents.dateComponents.minute // 30
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: The components, or nil when the value is not valid date
    ///   or time text.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> DatabaseDateComponents? {
        guard case .string(let string) = dbValue.storage else { return nil }
        return DatabaseDateComponents(_sqliteString: string)
    }

    /// Reads date or time text from a statement column.
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: The column index, starting at 0.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard sqlite3_column_type(sqliteStatement, index) == SQLITE_TEXT,
              let text = sqlite3_column_text(sqliteStatement, index)
        else { return nil }
        let count = Int(sqlite3_column_bytes(sqliteStatement, index))
        self.init(_sqliteText: UnsafeBufferPointer(start: text, count: count))
    }
}

extension DatabaseDateComponents: Codable {
    /// Decodes components from a string in one of the SQLite date and time
    /// formats.
    ///
    /// - Parameter decoder: A decoder.
    /// - Throws: A `DecodingError` when the value is not valid date or time
    ///   text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let value = DatabaseDateComponents(_sqliteString: string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "invalid date components: \(string.debugDescription)")
        }
        self = value
    }

    /// Encodes the components as a string in ``format``.
    ///
    /// - Parameter encoder: An encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
