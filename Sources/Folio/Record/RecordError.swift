/// An error about records.
///
/// ```swift
/// do {
///     let player = try Player.find(db, id: 42)
/// } catch RecordError.recordNotFound(databaseTableName: let table, key: let key) {
///     print(RecordError.recordNotFound(databaseTableName: table, key: key))
///     // Key not found in table player: [id:42]
/// }
/// ```
public enum RecordError: Error, Sendable {
    /// No row of the table has this key (for `find`, `update`...).
    ///
    /// - Parameters:
    ///   - databaseTableName: The table name.
    ///   - key: The searched key, by column.
    case recordNotFound(databaseTableName: String, key: [String: DatabaseValue])
}

extension RecordError: CustomStringConvertible {
    /// A description such as `Key not found in table player: [id:42]`.
    public var description: String {
        switch self {
        case let .recordNotFound(databaseTableName: tableName, key: key):
            let columns = key.keys.sorted()
            let keyDescription = columns.map { "\($0):\(key[$0]!)" }.joined(separator: " ")
            return "Key not found in table \(tableName): [\(keyDescription)]"
        }
    }
}
