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
    ///
    /// ```swift
    /// let ids = try db.foreignKeys(on: "book").map(\.id) // [0, 1]
    /// ```
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_list>.
    public var id: Int

    /// The referenced table.
    public let destinationTable: String

    /// The (origin, destination) column pairs, in the order of the
    /// foreign key.
    ///
    /// ```swift
    /// for (origin, destination) in try db.foreignKeys(on: "book")[0].mapping {
    ///     print("\(origin) -> \(destination)") // "authorId -> id"
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_foreign_key_list>.
    public let mapping: [(origin: String, destination: String)]

    /// The columns that hold the foreign key.
    public var originColumns: [String] { mapping.map(\.origin) }

    /// The referenced columns.
    public var destinationColumns: [String] { mapping.map(\.destination) }

    /// Creates a foreign key.
    init(id: Int, destinationTable: String, mapping: [(origin: String, destination: String)]) {
        self.id = id
        self.destinationTable = destinationTable
        self.mapping = mapping
    }

    /// Whether two foreign keys have the same identifier, destination
    /// table and column pairs.
    ///
    /// - Parameters:
    ///   - lhs: A foreign key.
    ///   - rhs: Another foreign key.
    /// - Returns: Whether they are equal.
    public static func == (lhs: ForeignKeyInfo, rhs: ForeignKeyInfo) -> Bool {
        lhs.id == rhs.id
            && lhs.destinationTable == rhs.destinationTable
            && lhs.originColumns == rhs.originColumns
            && lhs.destinationColumns == rhs.destinationColumns
    }

    /// Hashes the identifier, destination table and column pairs.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(destinationTable)
        hasher.combine(originColumns)
        hasher.combine(destinationColumns)
    }
}
