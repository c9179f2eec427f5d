import Foundation

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
