import Foundation

// Foundation reference types, stored as their value types are. NSNumber,
// NSURL and NSUUID live next to their value types; see
// NSNumber+DatabaseValueConvertible.swift, URL+DatabaseValueConvertible.swift
// and UUID+DatabaseValueConvertible.swift.

extension NSNull: DatabaseValueConvertible {
    /// NULL.
    ///
    /// ```swift
    /// try db.execute(sql: "INSERT INTO player (score) VALUES (?)", arguments: [NSNull()])
    /// ```
    public var databaseValue: DatabaseValue {
        .null
    }

    /// Returns nil: no database value converts to `NSNull`, NULL included,
    /// as in GRDB. NULL reads as nil for all optional types.
    ///
    /// ```swift
    /// NSNull.fromDatabaseValue(.null) // nil
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: nil.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        nil
    }
}

extension NSString: DatabaseValueConvertible {
    /// The string as TEXT.
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .string(self as String))
    }

    /// Converts TEXT, or a BLOB of valid UTF-8, as `String` does.
    ///
    /// ```swift
    /// NSString.fromDatabaseValue("bar".databaseValue)          // "bar"
    /// NSString.fromDatabaseValue(Data("bar".utf8).databaseValue) // "bar"
    /// NSString.fromDatabaseValue(1.databaseValue)              // nil
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A string, or nil when the value is neither text nor a
    ///   blob of valid UTF-8.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let string = String.fromDatabaseValue(dbValue) else { return nil }
        return self.init(string: string)
    }
}

extension NSData: DatabaseValueConvertible {
    /// The bytes as a BLOB.
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .blob(self as Data))
    }

    /// Converts a BLOB, or the UTF-8 bytes of TEXT, as `Data` does.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: The bytes, or nil when the value is neither a blob nor
    ///   text.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let data = Data.fromDatabaseValue(dbValue) else { return nil }
        if self == NSMutableData.self {
            return NSMutableData(data: data) as? Self
        }
        return NSData(data: data) as? Self
    }
}

extension NSDate: DatabaseValueConvertible {
    /// The date as "yyyy-MM-dd HH:mm:ss.SSS" text in UTC, as `Date`.
    public var databaseValue: DatabaseValue {
        (self as Date).databaseValue
    }

    /// Converts date text or a Unix timestamp, as `Date` does.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: A date, or nil when the value does not convert.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard let date = Date.fromDatabaseValue(dbValue) else { return nil }
        return self.init(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    }
}
