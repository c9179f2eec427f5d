/// A row that violates a foreign key, from `PRAGMA foreign_key_check`.
///
/// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_check>.
public struct ForeignKeyViolation: Hashable, Sendable, CustomStringConvertible {
    /// The table that holds the invalid reference.
    public let originTable: String

    /// The rowid of the invalid row, or nil for WITHOUT ROWID tables.
    public let originRowID: Int64?

    /// The referenced table.
    public let destinationTable: String

    /// The identifier of the violated foreign key in `originTable`.
    public let foreignKeyId: Int

    /// The columns of the violated foreign key, when known.
    let foreignKey: ForeignKeyInfo?

    /// A description such as `FOREIGN KEY constraint violation - from
    /// book(authorId) to author(id), in rowid 12`.
    public var description: String {
        var result = "FOREIGN KEY constraint violation - from \(originTable)"
        if let foreignKey {
            result += "(\(foreignKey.originColumns.joined(separator: ", ")))"
        }
        result += " to \(destinationTable)"
        if let foreignKey {
            result += "(\(foreignKey.destinationColumns.joined(separator: ", ")))"
        }
        if let originRowID {
            result += ", in rowid \(originRowID)"
        }
        return result
    }
}
