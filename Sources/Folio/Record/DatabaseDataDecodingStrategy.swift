import Foundation

/// How the `Data` properties of `Decodable` records are decoded from
/// database values.
///
/// ```swift
/// struct Document: Decodable, FetchableRecord {
///     var content: Data
///
///     // Content is stored as text.
///     static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
///         .custom { dbValue in String.fromDatabaseValue(dbValue).map { Data($0.utf8) } }
///     }
/// }
/// ```
///
/// See ``FetchableRecord/databaseDataDecodingStrategy(for:)``.
public enum DatabaseDataDecodingStrategy: Sendable {
    /// Decodes data as `Data` does as a database value: blobs, and the
    /// UTF-8 bytes of strings.
    case deferredToData

    /// Decodes with a function, which returns nil when the value can not
    /// be converted.
    case custom(@Sendable (DatabaseValue) -> Data?)
}
