import Foundation

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
