import Foundation

// URLs are stored as the text of their `absoluteString`, and read from text
// that `URL(string:)` accepts:
//
//     try db.execute(sql: "INSERT INTO link (url) VALUES (?)", arguments: [URL(string: "https://sqlite.org")!])
//     // 'https://sqlite.org'
//
// Other values (numbers, blobs, text that is not a URL) do not convert.

extension URL: DatabaseValueConvertible {
    /// The URL as text: its `absoluteString`.
    ///
    /// ```swift
    /// URL(string: "https://sqlite.org")!.databaseValue // 'https://sqlite.org'
    /// ```
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .string(absoluteString))
    }

    /// Converts text with `URL(string:)`.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A URL, or nil when the value is not text or not a URL.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> URL? {
        guard case .string(let string) = dbValue.storage else { return nil }
        return URL(string: string)
    }
}

extension NSURL: DatabaseValueConvertible {
    /// The URL as text: its `absoluteString`.
    public var databaseValue: DatabaseValue {
        (self as URL).databaseValue
    }

    /// Converts text with `URL(string:)`.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A URL, or nil when the value is not text or not a URL.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let url = URL.fromDatabaseValue(dbValue) else { return nil }
        return url as NSURL as? Self
    }
}
