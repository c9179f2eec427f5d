import Foundation

/// How an `Encodable` record stores its `Date` properties.
///
/// ```swift
/// struct Event: Encodable, PersistableRecord {
///     var date: Date
///
///     static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
///         .timeIntervalSince1970
///     }
/// }
/// ```
///
/// See <https://www.sqlite.org/lang_datefunc.html> for the formats that the
/// SQLite date functions understand.
public enum DatabaseDateEncodingStrategy: Sendable {
    /// The database representation of `Date`: text in the
    /// "YYYY-MM-DD HH:MM:SS.SSS" format, in the UTC time zone.
    case deferredToDate

    /// The number of seconds since 00:00:00 UTC on 1 January 2001, as a
    /// double.
    case timeIntervalSinceReferenceDate

    /// The number of seconds since 00:00:00 UTC on 1 January 1970, as a
    /// double.
    case timeIntervalSince1970

    /// The number of whole seconds since 00:00:00 UTC on 1 January 1970,
    /// as an integer (rounded down).
    case secondsSince1970

    /// The number of whole milliseconds since 00:00:00 UTC on 1 January
    /// 1970, as an integer (rounded down).
    case millisecondsSince1970

    /// ISO 8601 text in the UTC time zone, such as
    /// "2018-04-21T12:00:00Z".
    case iso8601

    /// Text formatted by a date formatter.
    case formatted(DateFormatter)

    /// A value returned by a function; nil stores NULL.
    case custom(@Sendable (Date) -> (any DatabaseValueConvertible)?)

    /// The database value of a date.
    func databaseValue(for date: Date) -> DatabaseValue {
        switch self {
        case .deferredToDate:
            if let convertible = date as Any as? any DatabaseValueConvertible {
                return convertible.databaseValue
            }
            return DatabaseValue(storage: .string(SQLiteDateFormat.dateTimeString(from: date)))
        case .timeIntervalSinceReferenceDate:
            return DatabaseValue(storage: .double(date.timeIntervalSinceReferenceDate))
        case .timeIntervalSince1970:
            return DatabaseValue(storage: .double(date.timeIntervalSince1970))
        case .secondsSince1970:
            return DatabaseValue(storage: .int64(Int64(date.timeIntervalSince1970.rounded(.down))))
        case .millisecondsSince1970:
            return DatabaseValue(storage: .int64(Int64((date.timeIntervalSince1970 * 1000).rounded(.down))))
        case .iso8601:
            return DatabaseValue(storage: .string(SQLiteDateFormat.iso8601String(from: date)))
        case .formatted(let formatter):
            return DatabaseValue(storage: .string(formatter.string(from: date)))
        case .custom(let format):
            return format(date)?.databaseValue ?? .null
        }
    }
}

/// How an `Encodable` record stores its `UUID` properties.
///
/// ```swift
/// struct Player: Encodable, PersistableRecord {
///     var id: UUID
///
///     static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
///         .uppercaseString
///     }
/// }
/// ```
public enum DatabaseUUIDEncodingStrategy: Sendable {
    /// The database representation of `UUID`: a 16-byte blob.
    case deferredToUUID

    /// Uppercase text, such as "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".
    case uppercaseString

    /// Lowercase text, such as "e621e1f8-c36c-495a-93fc-0c247a3e6e5f".
    case lowercaseString

    /// The database value of a UUID.
    func databaseValue(for uuid: UUID) -> DatabaseValue {
        switch self {
        case .deferredToUUID:
            if let convertible = uuid as Any as? any DatabaseValueConvertible {
                return convertible.databaseValue
            }
            let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
            return DatabaseValue(storage: .blob(bytes))
        case .uppercaseString:
            return DatabaseValue(storage: .string(uuid.uuidString))
        case .lowercaseString:
            return DatabaseValue(storage: .string(uuid.uuidString.lowercased()))
        }
    }
}

/// How an `Encodable` record stores its `Data` properties.
///
/// ```swift
/// struct Note: Encodable, PersistableRecord {
///     var body: Data
///
///     static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
///         .text
///     }
/// }
/// ```
public enum DatabaseDataEncodingStrategy: Sendable {
    /// A blob.
    case deferredToData

    /// Text, decoded from UTF-8. Invalid UTF-8 is repaired with
    /// replacement characters.
    case text

    /// A value returned by a function; nil stores NULL.
    case custom(@Sendable (Data) -> (any DatabaseValueConvertible)?)

    /// The database value of data.
    func databaseValue(for data: Data) -> DatabaseValue {
        switch self {
        case .deferredToData:
            return DatabaseValue(storage: .blob(data))
        case .text:
            return DatabaseValue(storage: .string(String(decoding: data, as: UTF8.self)))
        case .custom(let format):
            return format(data)?.databaseValue ?? .null
        }
    }
}

/// How an `Encodable` record turns its coding keys into column names.
///
/// ```swift
/// struct Player: Encodable, PersistableRecord {
///     var teamID: Int64 // stored in the team_id column
///
///     static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
/// }
/// ```
public enum DatabaseColumnEncodingStrategy: Sendable {
    /// The column name is the coding key.
    case useDefaultKeys

    /// The column name is the coding key in snake case: `teamID` is stored
    /// in `team_id`, `myURLProperty` in `my_url_property`.
    case convertToSnakeCase

    /// The column name is returned by a function.
    case custom(@Sendable (any CodingKey) -> String)

    /// The column name of a coding key.
    func column(for key: some CodingKey) -> String {
        switch self {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return DatabaseColumnEncodingStrategy.snakeCase(key.stringValue)
        case .custom(let column):
            return column(key)
        }
    }

    /// Converts a camel case key to snake case: a word starts at an
    /// uppercase letter that follows a lowercase letter or a digit, and at
    /// the last capital of an acronym that is followed by a lowercase
    /// letter (`myURLProperty` → `my_url_property`).
    static func snakeCase(_ key: String) -> String {
        let characters = Array(key)
        var result = ""
        result.reserveCapacity(key.utf8.count + 4)
        for index in characters.indices {
            let character = characters[index]
            guard character.isUppercase else {
                result.append(character)
                continue
            }
            if index > 0 {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                    result.append("_")
                }
            }
            result += character.lowercased()
        }
        return result
    }
}

/// Date text formatted by hand, in the UTC time zone, without
/// `DateFormatter`.
enum SQLiteDateFormat {
    /// "YYYY-MM-DD HH:MM:SS.SSS"
    static func dateTimeString(from date: Date) -> String {
        let parts = UTCDateParts(date)
        return parts.dateString + " " + parts.timeString + "." + pad(parts.millisecond, 3)
    }

    /// "YYYY-MM-DDTHH:MM:SSZ"
    static func iso8601String(from date: Date) -> String {
        let parts = UTCDateParts(date)
        return parts.dateString + "T" + parts.timeString + "Z"
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The calendar fields of a date in the UTC time zone (proleptic
    /// Gregorian calendar).
    struct UTCDateParts {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        var millisecond: Int

        init(_ date: Date) {
            let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
            let (dayCount, dayMilliseconds) = totalMilliseconds.floorDivided(by: 86_400_000)
            millisecond = Int(dayMilliseconds % 1000)
            second = Int(dayMilliseconds / 1000 % 60)
            minute = Int(dayMilliseconds / 60_000 % 60)
            hour = Int(dayMilliseconds / 3_600_000)
            // Days since 1970-01-01 to a civil date: count in 400-year eras
            // of 146097 days that start on March 1st, so that the leap day
            // ends each year.
            let shifted = dayCount + 719_468
            let (era, dayOfEra) = shifted.floorDivided(by: 146_097)
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153 // 0 = March
            day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
            month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
            year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        }

        var dateString: String {
            let yearString = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
            return yearString + "-" + pad(month, 2) + "-" + pad(day, 2)
        }

        var timeString: String {
            pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        }
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity, and the remainder,
    /// which has the sign of the divisor.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder != 0, (remainder < 0) != (divisor < 0) {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
