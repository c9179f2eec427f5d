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
    ///
    /// A date that the strategy can not write (an infinite date, or one
    /// whose seconds do not fit in an `Int64`) gives a value whose binding
    /// throws a ``DatabaseError`` that names the date.
    func databaseValue(for date: Date) -> DatabaseValue {
        switch self {
        case .deferredToDate:
            if let convertible = date as Any as? any DatabaseValueConvertible {
                return convertible.databaseValue
            }
            guard let text = SQLiteDateFormat.dateTimeString(from: date) else {
                return Self.unrepresentable(date, as: "date text")
            }
            return DatabaseValue(storage: .string(text))
        case .timeIntervalSinceReferenceDate:
            return DatabaseValue(storage: .double(date.timeIntervalSinceReferenceDate))
        case .timeIntervalSince1970:
            return DatabaseValue(storage: .double(date.timeIntervalSince1970))
        case .secondsSince1970:
            guard let seconds = Int64(exactly: date.timeIntervalSince1970.rounded(.down)) else {
                return Self.unrepresentable(date, as: "a number of seconds in an SQLite INTEGER (signed 64-bit)")
            }
            return DatabaseValue(storage: .int64(seconds))
        case .millisecondsSince1970:
            guard let milliseconds = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded(.down)) else {
                return Self.unrepresentable(date, as: "a number of milliseconds in an SQLite INTEGER (signed 64-bit)")
            }
            return DatabaseValue(storage: .int64(milliseconds))
        case .iso8601:
            guard let text = SQLiteDateFormat.iso8601String(from: date) else {
                return Self.unrepresentable(date, as: "ISO 8601 text")
            }
            return DatabaseValue(storage: .string(text))
        case .formatted(let formatter):
            return DatabaseValue(storage: .string(formatter.string(from: date)))
        case .custom(let format):
            return format(date)?.databaseValue ?? .null
        }
    }

    /// A value that can not be stored, for a date the strategy can not
    /// write.
    private static func unrepresentable(_ date: Date, as format: String) -> DatabaseValue {
        DatabaseValue(
            unrepresentable: "the date \(date.timeIntervalSince1970) seconds after 1970",
            reason: "it does not fit in \(format)",
            approximation: .double(date.timeIntervalSince1970))
    }
}
