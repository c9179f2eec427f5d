/// An index, from `PRAGMA index_list` and `PRAGMA index_info`.
///
/// See <https://www.sqlite.org/pragma.html#pragma_index_list>.
public struct IndexInfo: Hashable, Sendable {
    /// Why an index exists: the `origin` column of `PRAGMA index_list`.
    ///
    /// ```swift
    /// let indexes = try db.indexes(on: "player")
    /// indexes[0].origin == .uniqueConstraint
    /// ```
    ///
    /// It is a database value, which can be fetched and compared in SQL:
    ///
    /// ```swift
    /// let origins = try IndexInfo.Origin.fetchAll(db, sql: "SELECT origin FROM pragma_index_list('player')")
    /// ```
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_index_list>.
    public struct Origin: RawRepresentable, Hashable, Sendable {
        /// The value of the `origin` column: "c", "u", "pk", or another
        /// value that a future SQLite may define.
        public var rawValue: String

        /// Creates an origin from the value of the `origin` column.
        ///
        /// ```swift
        /// IndexInfo.Origin(rawValue: "u") == .uniqueConstraint
        /// ```
        ///
        /// - Parameter rawValue: "c", "u", "pk", or another value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// An index created by a `CREATE INDEX` statement ("c").
        ///
        /// ```swift
        /// try db.execute(sql: "CREATE INDEX player_score ON player(score)")
        /// ```
        public static let createIndex = Origin(rawValue: "c")

        /// An index created by a `UNIQUE` constraint ("u").
        ///
        /// ```swift
        /// try db.execute(sql: "CREATE TABLE player (email TEXT UNIQUE)")
        /// ```
        public static let uniqueConstraint = Origin(rawValue: "u")

        /// An index created by a `PRIMARY KEY` constraint ("pk").
        ///
        /// ```swift
        /// try db.execute(sql: "CREATE TABLE membership (a, b, PRIMARY KEY (a, b))")
        /// ```
        public static let primaryKeyConstraint = Origin(rawValue: "pk")
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
    /// The raw value, as text.
    ///
    /// ```swift
    /// IndexInfo.Origin.uniqueConstraint.databaseValue // 'u'
    /// ```
    public var databaseValue: DatabaseValue {
        DatabaseValue(storage: .string(rawValue))
    }

    /// Returns the origin stored as text in a database value, or nil for
    /// other values.
    ///
    /// ```swift
    /// let origin = IndexInfo.Origin.fromDatabaseValue("pk".databaseValue) // .primaryKeyConstraint
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: An origin, or nil when the value is not text.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> IndexInfo.Origin? {
        guard case .string(let string) = dbValue.storage else { return nil }
        return IndexInfo.Origin(rawValue: string)
    }
}
