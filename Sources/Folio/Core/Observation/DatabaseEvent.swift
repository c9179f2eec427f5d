import CSQLite

/// A change of one row of a table, notified to
/// ``TransactionObserver/databaseDidChange(with:)``.
///
/// ```swift
/// func databaseDidChange(with event: DatabaseEvent) {
///     switch event.kind {
///     case .insert: print("Inserted \(event.tableName) \(event.rowID)")
///     case .delete: print("Deleted \(event.tableName) \(event.rowID)")
///     case .update: print("Updated \(event.tableName) \(event.rowID)")
///     }
/// }
/// ```
///
/// Changes come from the SQLite update hook: changes to `WITHOUT ROWID`
/// tables and to SQLite internal tables are not reported. See
/// <https://www.sqlite.org/c3ref/update_hook.html>.
public struct DatabaseEvent: Sendable {
    /// The kind of change.
    public enum Kind: CInt, Sendable {
        /// An insertion (`SQLITE_INSERT`).
        case insert = 18
        /// A deletion (`SQLITE_DELETE`).
        case delete = 9
        /// An update (`SQLITE_UPDATE`).
        case update = 23
    }

    /// The kind of change.
    public let kind: Kind

    /// The rowid of the changed row.
    public let rowID: Int64

    /// The name of the changed table, as in the database schema.
    ///
    /// ```swift
    /// func databaseDidChange(with event: DatabaseEvent) {
    ///     if event.tableName == "player" { print("player \(event.rowID) changed") }
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>.
    public var tableName: String { table }

    /// The name of the database of the table: `main`, `temp`, or the name
    /// of an attached database.
    ///
    /// ```swift
    /// func databaseDidChange(with event: DatabaseEvent) {
    ///     print("\(event.databaseName).\(event.tableName)") // "main.player"
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/update_hook.html>.
    public var databaseName: String { database }

    /// Storage for ``tableName``.
    let table: String

    /// Storage for ``databaseName``.
    let database: String

    /// Creates an event.
    init(kind: Kind, rowID: Int64, tableName: String, databaseName: String) {
        self.kind = kind
        self.rowID = rowID
        self.table = tableName
        self.database = databaseName
    }

    /// Returns a copy of the event. Events are values: a copy is the event
    /// itself, kept for compatibility with code that stores events.
    ///
    /// - Returns: The event.
    public func copy() -> DatabaseEvent {
        self
    }
}
