/// A kind of database change: an insertion, a deletion, or an update of
/// some columns, in one table.
///
/// Transaction observers receive it in
/// ``TransactionObserver/observes(eventsOfKind:)``, before a statement
/// runs, to tell whether they want to be notified of its changes:
///
/// ```swift
/// final class PlayerScoreObserver: TransactionObserver {
///     func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
///         switch eventKind {
///         case .insert(let tableName), .delete(let tableName):
///             return tableName == "player"
///         case let .update(tableName, columnNames):
///             return tableName == "player" && columnNames.contains("score")
///         }
///     }
///     // ...
/// }
/// ```
///
/// Table and column names are spelled as in the database schema.
public enum DatabaseEventKind: Sendable, Equatable {
    /// The insertion of rows in a table.
    case insert(tableName: String)

    /// The deletion of rows from a table.
    case delete(tableName: String)

    /// The update of some columns of a table.
    case update(tableName: String, columnNames: Set<String>)

    /// The name of the changed table.
    public var tableName: String {
        switch self {
        case .insert(let tableName), .delete(let tableName), .update(let tableName, _):
            return tableName
        }
    }

    /// The database region modified by changes of this kind.
    var modifiedRegion: DatabaseRegion {
        switch self {
        case .insert(let tableName), .delete(let tableName):
            return DatabaseRegion(table: tableName)
        case let .update(tableName, columnNames):
            return DatabaseRegion(table: tableName, columns: columnNames.isEmpty ? nil : columnNames)
        }
    }
}
