import Foundation

/// A type that can be stored in a database column and read back.
///
/// Conforming types convert to and from ``DatabaseValue``:
///
/// ```swift
/// struct Email: DatabaseValueConvertible {
///     var rawValue: String
///     var databaseValue: DatabaseValue { rawValue.databaseValue }
///     static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Email? {
///         String.fromDatabaseValue(dbValue).map(Email.init(rawValue:))
///     }
/// }
///
/// let emails = try Email.fetchAll(db, sql: "SELECT email FROM player")
/// ```
///
/// Standard types conform already: `Bool`, all integer types, `Double`,
/// `Float`, `String`, `Data`, `Date`, ``DatabaseDateComponents``, `UUID`,
/// `URL`, `Decimal`, `Optional`, the Foundation classes `NSNumber`,
/// `NSDecimalNumber`, `NSNull`, `NSString`, `NSData`, `NSDate`, `NSURL` and
/// `NSUUID`, and `RawRepresentable` enums whose raw value conforms.
///
/// Conforming types bind to statement parameters (``StatementBinding``)
/// through their database value.
///
/// ## Topics
/// - ``databaseValue``
/// - ``fromDatabaseValue(_:)``
/// - ``fromMissingColumn()``
/// - ``databaseJSONEncoder()``
/// - ``databaseJSONDecoder()``
public protocol DatabaseValueConvertible: SQLExpressible, StatementBinding {
    /// The value stored in the database.
    var databaseValue: DatabaseValue { get }

    /// Returns a value built from a database value, or nil when the
    /// conversion fails.
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: The converted value, or nil.
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self?

    /// Returns the value used for a column that a row does not contain, or
    /// nil when a missing column is an error (the default).
    ///
    /// - Returns: The value for a missing column, or nil.
    static func fromMissingColumn() -> Self?

    /// Returns the `JSONEncoder` that encodes the value, when the type is
    /// `Encodable` and stored as JSON.
    ///
    /// ```swift
    /// struct Address: Codable, DatabaseValueConvertible {
    ///     var street: String
    ///     static func databaseJSONEncoder() -> JSONEncoder {
    ///         let encoder = JSONEncoder()
    ///         encoder.outputFormatting = .sortedKeys
    ///         return encoder
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: A JSON encoder.
    static func databaseJSONEncoder() -> JSONEncoder

    /// Returns the `JSONDecoder` that decodes the value, when the type is
    /// `Decodable` and stored as JSON.
    ///
    /// ```swift
    /// struct Address: Codable, DatabaseValueConvertible {
    ///     var street: String
    ///     static func databaseJSONDecoder() -> JSONDecoder {
    ///         JSONDecoder()
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: A JSON decoder.
    static func databaseJSONDecoder() -> JSONDecoder
}

extension DatabaseValueConvertible {
    /// By default a missing column is an error.
    public static func fromMissingColumn() -> Self? { nil }
}
