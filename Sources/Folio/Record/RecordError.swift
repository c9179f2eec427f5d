/// A record error.
///
/// ```swift
/// do {
///     try player.update(db)
/// } catch RecordError.recordNotFound(databaseTableName: let table, key: let key) {
///     print("no row in \(table) for \(key)")
/// }
/// ```
public enum RecordError: Error {
    /// A record does not exist in the database.
    ///
    /// - Parameters:
    ///   - databaseTableName: The table of the missing record.
    ///   - key: The key of the missing record, by column.
    case recordNotFound(databaseTableName: String, key: [String: DatabaseValue])
}

extension RecordError: CustomStringConvertible {
    /// A description such as `Key not found in table player: [id:1]`.
    ///
    /// ```swift
    /// print(RecordError.recordNotFound(databaseTableName: "player", key: ["id": 1.databaseValue]))
    /// // Key not found in table player: [id:1]
    /// ```
    public var description: String {
        switch self {
        case let .recordNotFound(databaseTableName: databaseTableName, key: key):
            let keyDescription = key.keys.sorted().map { "\($0):\(key[$0]!)" }.joined(separator: ", ")
            return "Key not found in table \(databaseTableName): [\(keyDescription)]"
        }
    }
}
