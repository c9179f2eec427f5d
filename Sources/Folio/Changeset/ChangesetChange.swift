import CSQLite

/// One change of a ``Changeset`` or a ``Patchset``: a row that was
/// inserted, updated or deleted.
///
/// GRDB has no such API: it is Folio's own, over SQLite's session
/// extension.
///
/// ```swift
/// for change in try changeset.changes {
///     print(change.table, change.operation, change.oldValues, change.newValues)
/// }
/// ```
///
/// The values are in the order of the columns of the table. A nil value is
/// a value that the change does not carry (the columns that an update did
/// not modify, or the non-primary-key columns of a patchset), which is not
/// the same as `DatabaseValue.null`, an SQL `NULL`.
///
/// See <https://www.sqlite.org/session/sqlite3changeset_op.html>.
public struct ChangesetChange: Hashable, Sendable {
    /// The kind of a change.
    ///
    /// GRDB has no such API.
    public enum Operation: Hashable, Sendable {
        /// A row was inserted: ``ChangesetChange/newValues`` holds it.
        ///
        /// GRDB has no such API.
        case insert
        /// A row was updated: ``ChangesetChange/oldValues`` holds its
        /// primary key and its modified columns before the update, and
        /// ``ChangesetChange/newValues`` its modified columns after.
        ///
        /// GRDB has no such API.
        case update
        /// A row was deleted: ``ChangesetChange/oldValues`` holds it (only
        /// its primary key, in a patchset).
        ///
        /// GRDB has no such API.
        case delete
    }

    /// The name of the table of the changed row.
    ///
    /// GRDB has no such API.
    public var table: String

    /// Whether the row was inserted, updated or deleted.
    ///
    /// GRDB has no such API.
    public var operation: Operation

    /// Whether the change was made by a trigger or a foreign key action,
    /// instead of by a statement that the application ran.
    ///
    /// GRDB has no such API.
    ///
    /// See <https://www.sqlite.org/session/sqlite3session_indirect.html>.
    public var indirect: Bool

    /// The values of the row before the change, one per column of the
    /// table: nil for the values the change does not carry (all of them,
    /// for an insert).
    ///
    /// GRDB has no such API.
    public var oldValues: [DatabaseValue?]

    /// The values of the row after the change, one per column of the
    /// table: nil for the columns that an update did not modify (all of
    /// them, for a delete).
    ///
    /// GRDB has no such API.
    public var newValues: [DatabaseValue?]

    /// Which columns of the table make its primary key, one flag per
    /// column.
    ///
    /// GRDB has no such API.
    ///
    /// See <https://www.sqlite.org/session/sqlite3changeset_pk.html>.
    public var primaryKeyColumns: [Bool]

    /// Creates a change.
    ///
    /// GRDB has no such API.
    ///
    /// - Parameters:
    ///   - table: The table name.
    ///   - operation: The operation.
    ///   - indirect: Whether the change is indirect.
    ///   - oldValues: The values before the change.
    ///   - newValues: The values after the change.
    ///   - primaryKeyColumns: The flags of the primary key columns.
    public init(
        table: String,
        operation: Operation,
        indirect: Bool = false,
        oldValues: [DatabaseValue?],
        newValues: [DatabaseValue?],
        primaryKeyColumns: [Bool] = [])
    {
        self.table = table
        self.operation = operation
        self.indirect = indirect
        self.oldValues = oldValues
        self.newValues = newValues
        self.primaryKeyColumns = primaryKeyColumns
    }

    /// The primary key of the changed row: the values of its primary key
    /// columns, in the order of the columns of the table.
    ///
    /// GRDB has no such API.
    public var primaryKey: [DatabaseValue] {
        let values = operation == .insert ? newValues : oldValues
        var key: [DatabaseValue] = []
        for (value, isPrimaryKey) in zip(values, primaryKeyColumns) where isPrimaryKey {
            key.append(value ?? .null)
        }
        return key
    }
}

extension ChangesetChange: CustomStringConvertible {
    /// A description of the change, such as `UPDATE "book" [1]`.
    ///
    /// GRDB has no such API.
    public var description: String {
        let keyword: String
        switch operation {
        case .insert: keyword = "INSERT"
        case .update: keyword = "UPDATE"
        case .delete: keyword = "DELETE"
        }
        let key = primaryKey.map { $0.description }.joined(separator: ", ")
        return "\(keyword) \(table.quotedDatabaseIdentifier) [\(key)]"
    }
}

extension ChangesetChange {
    /// Reads the current change of a changeset iterator.
    ///
    /// - Throws: A ``DatabaseError`` when the changeset is malformed.
    init(iterator: OpaquePointer) throws {
        var tableName: UnsafePointer<CChar>?
        var columnCount: CInt = 0
        var op: CInt = 0
        var indirect: CInt = 0
        var code = sqlite3changeset_op(iterator, &tableName, &columnCount, &op, &indirect)
        guard code == SQLITE_OK, let tableName else {
            throw ChangesetCall.error(code == SQLITE_OK ? SQLITE_CORRUPT : code, "reading a change")
        }
        let table = String(cString: tableName)
        let operation: Operation
        switch op {
        case SQLITE_INSERT: operation = .insert
        case SQLITE_UPDATE: operation = .update
        case SQLITE_DELETE: operation = .delete
        default: throw ChangesetCall.error(SQLITE_CORRUPT, "reading a change", table: table)
        }
        let count = Int(columnCount)
        var primaryKeyColumns = [Bool](repeating: false, count: count)
        var pkFlags: UnsafeMutablePointer<UInt8>?
        var pkCount: CInt = 0
        code = sqlite3changeset_pk(iterator, &pkFlags, &pkCount)
        if code == SQLITE_OK, let pkFlags {
            for index in 0..<min(count, Int(pkCount)) {
                primaryKeyColumns[index] = pkFlags[index] != 0
            }
        }
        // Both arrays have one element per column, so that indexing them
        // never traps: the values a change does not carry are nil.
        var oldValues = [DatabaseValue?](repeating: nil, count: count)
        var newValues = [DatabaseValue?](repeating: nil, count: count)
        if operation != .insert {
            oldValues = try Self.values(count: count, table: table) { sqlite3changeset_old(iterator, $0, $1) }
        }
        if operation != .delete {
            newValues = try Self.values(count: count, table: table) { sqlite3changeset_new(iterator, $0, $1) }
        }
        self.init(
            table: table, operation: operation, indirect: indirect != 0,
            oldValues: oldValues, newValues: newValues,
            primaryKeyColumns: primaryKeyColumns)
    }

    /// Reads the values of a row through `sqlite3changeset_old`,
    /// `sqlite3changeset_new` or `sqlite3changeset_conflict`.
    static func values(
        count: Int,
        table: String,
        _ read: (CInt, UnsafeMutablePointer<OpaquePointer?>) -> CInt) throws -> [DatabaseValue?]
    {
        var values: [DatabaseValue?] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            var value: OpaquePointer?
            let code = read(CInt(index), &value)
            guard code == SQLITE_OK else {
                throw ChangesetCall.error(code, "reading column \(index) of a change", table: table)
            }
            values.append(value.map { DatabaseValue(sqliteValue: $0) })
        }
        return values
    }
}
