/// A foreign key, from `PRAGMA foreign_key_list`.
///
/// ```swift
/// let foreignKey = try db.foreignKeys(on: "book")[0]
/// foreignKey.destinationTable   // "author"
/// foreignKey.originColumns      // ["authorId"]
/// foreignKey.destinationColumns // ["id"]
/// ```
///
/// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_list>.
public struct ForeignKeyInfo: Hashable, Sendable {
    /// The foreign key identifier, unique in its table.
    public let id: Int

    /// The referenced table.
    public let destinationTable: String

    /// The (origin, destination) column pairs.
    public let mapping: [Mapping]

    /// A pair of columns.
    public struct Mapping: Hashable, Sendable {
        /// The column in the table that holds the foreign key.
        public let origin: String
        /// The referenced column.
        public let destination: String
    }

    /// The columns that hold the foreign key.
    public var originColumns: [String] { mapping.map(\.origin) }

    /// The referenced columns.
    public var destinationColumns: [String] { mapping.map(\.destination) }
}
