import Foundation

// URLs are stored as the text of their `absoluteString`, and read from the
// values that convert to `String` (text, and blobs of valid UTF-8) when
// `URL(string:)` accepts them:
//
//     try db.execute(sql: "INSERT INTO link (url) VALUES (?)", arguments: [URL(string: "https://sqlite.org")!])
//     // 'https://sqlite.org'
//
// Other values (NULL, numbers, blobs that are not UTF-8, text that is not a
// URL) do not convert.

extension URL: DatabaseValueConvertible {
    /// The URL as text: its `absoluteString`.
    ///
    /// ```swift
    /// URL(string: "https://sqlite.org")!.databaseValue // 'https://sqlite.org'
    /// ```
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .string(absoluteString))
    }

    /// Converts a string (text, or a blob of valid UTF-8, as
    /// `String.fromDatabaseValue` accepts) with `URL(string:)`.
    ///
    /// ```swift
    /// URL.fromDatabaseValue("https://sqlite.org".databaseValue) // https://sqlite.org
    /// URL.fromDatabaseValue(Data("bar".utf8).databaseValue)     // the relative URL "bar"
    /// URL.fromDatabaseValue(1.databaseValue)                    // nil
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A URL, or nil when the value is not a string or not a URL.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> URL? {
        guard let string = String.fromDatabaseValue(dbValue) else { return nil }
        return URL(string: string)
    }
}

extension NSURL: DatabaseValueConvertible {
    /// The URL as text: its `absoluteString`.
    public var databaseValue: DatabaseValue {
        (self as URL).databaseValue
    }

    /// Converts a string (text, or a blob of valid UTF-8) with
    /// `URL(string:)`, as `URL` does.
    ///
    /// ```swift
    /// NSURL.fromDatabaseValue(Data("bar".utf8).databaseValue)?.absoluteString // "bar"
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A URL, or nil when the value is not a string or not a URL.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let url = URL.fromDatabaseValue(dbValue) else { return nil }
        return url as NSURL as? Self
    }
}
