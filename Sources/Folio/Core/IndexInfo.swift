/// An index, from `PRAGMA index_list` and `PRAGMA index_info`.
///
/// See <https://www.sqlite.org/pragma.html#pragma_index_list>.
public struct IndexInfo: Hashable, Sendable {
    /// Why an index exists.
    public enum Origin: String, Hashable, Sendable {
        /// `CREATE INDEX`
        case createIndex = "c"
        /// A UNIQUE constraint in `CREATE TABLE`.
        case uniqueConstraint = "u"
        /// A PRIMARY KEY constraint in `CREATE TABLE`.
        case primaryKeyConstraint = "pk"
    }

    /// The index name.
    public let name: String

    /// The indexed columns, in order (expressions are left out).
    public let columns: [String]

    /// Whether the index is unique.
    public let isUnique: Bool

    /// Why the index exists.
    public let origin: Origin

    /// Whether the index is partial (`CREATE INDEX ... WHERE`).
    public let isPartial: Bool

    /// Whether the index indexes expressions rather than columns only.
    let hasExpressions: Bool
}

extension IndexInfo.Origin: DatabaseValueConvertible {
    // The raw value ("c", "u", "pk"), as `PRAGMA index_list` gives it:
    //
    //     let origins = try IndexInfo.Origin.fetchAll(db, sql: "SELECT origin FROM pragma_index_list('player')")
}
