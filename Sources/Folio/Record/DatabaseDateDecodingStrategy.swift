import Foundation

/// How the `Date` properties of `Decodable` records are decoded from
/// database values.
///
/// ```swift
/// struct Event: Decodable, FetchableRecord {
///     var date: Date
///
///     // Dates are stored as Unix timestamps.
///     static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
///         .timeIntervalSince1970
///     }
/// }
/// ```
///
/// A value that the strategy can not convert throws a
/// ``RowDecodingError`` that names the column.
///
/// See ``FetchableRecord/databaseDateDecodingStrategy(for:)``.
public enum DatabaseDateDecodingStrategy: Sendable {
    /// Decodes dates as `Date` does as a database value: SQLite date
    /// strings such as `"2024-05-17 12:34:56.789"` (UTC) and numeric
    /// timestamps.
    case deferredToDate

    /// Decodes numeric values as seconds since midnight UTC on
    /// January 1st, 2001.
    case timeIntervalSinceReferenceDate

    /// Decodes numeric values as seconds since midnight UTC on
    /// January 1st, 1970.
    case timeIntervalSince1970

    /// Decodes numeric values as milliseconds since midnight UTC on
    /// January 1st, 1970.
    case millisecondsSince1970

    /// Decodes ISO 8601 strings, such as `"2024-05-17T12:34:56Z"`.
    case iso8601

    /// Decodes strings with a date formatter.
    case formatted(DateFormatter)

    /// Decodes with a function, which returns nil when the value can not
    /// be converted.
    case custom(@Sendable (DatabaseValue) -> Date?)
}

extension DatabaseDateDecodingStrategy {
    /// Converts a database value that is not NULL, or returns nil.
    func decode(_ dbValue: DatabaseValue) -> Date? {
        switch self {
        case .deferredToDate:
            return Date.fromDatabaseValue(dbValue)
        case .timeIntervalSinceReferenceDate:
            return Self.seconds(dbValue).map { Date(timeIntervalSinceReferenceDate: $0) }
        case .timeIntervalSince1970:
            return Self.seconds(dbValue).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return Self.seconds(dbValue).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .iso8601:
            guard case .string(let string) = dbValue.storage else { return nil }
            return ISO8601DateFormatter().date(from: string)
        case .formatted(let formatter):
            guard case .string(let string) = dbValue.storage else { return nil }
            return formatter.date(from: string)
        case .custom(let decode):
            return decode(dbValue)
        }
    }

    /// The number held by a numeric value.
    private static func seconds(_ dbValue: DatabaseValue) -> Double? {
        switch dbValue.storage {
        case .int64(let int64): return Double(int64)
        case .double(let double): return double
        default: return nil
        }
    }
}
