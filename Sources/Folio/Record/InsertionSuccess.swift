/// Information about a successful insertion, given to the
/// ``MutablePersistableRecord/didInsert(_:)`` callback.
///
/// ```swift
/// struct Player: Encodable, MutablePersistableRecord {
///     var id: Int64?
///     var name: String
///
///     mutating func didInsert(_ inserted: InsertionSuccess) {
///         id = inserted.rowID
///     }
/// }
/// ```
public struct InsertionSuccess: Sendable {
    /// The rowid of the inserted row.
    ///
    /// See <https://www.sqlite.org/c3ref/last_insert_rowid.html>.
    ///
    /// ```swift
    /// mutating func didInsert(_ inserted: InsertionSuccess) {
    ///     id = inserted.rowID
    /// }
    /// ```
    public var rowID: Int64

    /// The name of the column that aliases the rowid (an `INTEGER PRIMARY
    /// KEY` column), or nil when the table has none.
    ///
    /// ```swift
    /// mutating func didInsert(_ inserted: InsertionSuccess) {
    ///     print(inserted.rowIDColumn ?? "hidden rowid") // "id"
    /// }
    /// ```
    public var rowIDColumn: String?

    /// The inserted values. When the table has an `INTEGER PRIMARY KEY`,
    /// the container holds the inserted rowid in this column.
    ///
    /// ```swift
    /// mutating func didInsert(_ inserted: InsertionSuccess) {
    ///     print(inserted.persistenceContainer["id"]!) // the inserted id
    /// }
    /// ```
    public var persistenceContainer: PersistenceContainer

    /// Creates an insertion success.
    ///
    /// ```swift
    /// func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
    ///     _ = try insert()
    /// }
    /// let success = InsertionSuccess(rowID: 1, rowIDColumn: "id", persistenceContainer: PersistenceContainer())
    /// ```
    ///
    /// - Parameters:
    ///   - rowID: The rowid of the inserted row.
    ///   - rowIDColumn: The name of the rowid column, if any.
    ///   - persistenceContainer: The inserted values.
    public init(rowID: Int64, rowIDColumn: String?, persistenceContainer: PersistenceContainer) {
        self.rowID = rowID
        self.rowIDColumn = rowIDColumn
        self.persistenceContainer = persistenceContainer
    }
}
