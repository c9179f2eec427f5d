// Values that describe the database schema, returned by the schema
// introspection methods of Database (see Database+Schema.swift).

extension Database {
    /// An SQL column type, as used in `CREATE TABLE`.
    ///
    /// See <https://www.sqlite.org/datatype3.html>.
    public struct ColumnType: RawRepresentable, Hashable, Sendable {
        /// The SQL type name.
        public let rawValue: String

        /// Creates a column type.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `TEXT`
        public static let text = ColumnType(rawValue: "TEXT")
        /// `INTEGER`
        public static let integer = ColumnType(rawValue: "INTEGER")
        /// `DOUBLE`
        public static let double = ColumnType(rawValue: "DOUBLE")
        /// `REAL`
        public static let real = ColumnType(rawValue: "REAL")
        /// `NUMERIC`
        public static let numeric = ColumnType(rawValue: "NUMERIC")
        /// `BOOLEAN`
        public static let boolean = ColumnType(rawValue: "BOOLEAN")
        /// `BLOB`
        public static let blob = ColumnType(rawValue: "BLOB")
        /// `DATE`
        public static let date = ColumnType(rawValue: "DATE")
        /// `DATETIME`
        public static let datetime = ColumnType(rawValue: "DATETIME")
        /// `ANY` (in STRICT tables, any value)
        public static let any = ColumnType(rawValue: "ANY")
        /// `JSON`: text that holds JSON.
        public static let json = ColumnType(rawValue: "JSON")
    }
}

/// A column of a table, from `PRAGMA table_xinfo`.
///
/// ```swift
/// let columns = try db.columns(in: "player")
/// columns.map(\.name) // ["id", "name", "score"]
/// ```
///
/// See <https://www.sqlite.org/pragma.html#pragma_table_info>.
public struct ColumnInfo: Hashable, Sendable {
    /// The column name.
    public let name: String

    /// The declared type, as written in `CREATE TABLE` (possibly empty).
    public let type: String

    /// Whether the column has a NOT NULL constraint.
    public let isNotNull: Bool

    /// The SQL of the default value, or nil.
    public let defaultValueSQL: String?

    /// The 1-based position of the column in the primary key, or 0 when
    /// the column is not part of it.
    public let primaryKeyIndex: Int

    /// 0 for an ordinary column, 2 or 3 for generated columns, 1 for
    /// hidden columns of virtual tables.
    let hidden: Int

    /// The declared type as a ``Database/ColumnType``, or nil when empty.
    public var columnType: Database.ColumnType? {
        type.isEmpty ? nil : Database.ColumnType(rawValue: type)
    }

    /// Whether the column is generated (`GENERATED ALWAYS AS`).
    public var isGenerated: Bool { hidden == 2 || hidden == 3 }
}

/// The primary key of a table.
///
/// ```swift
/// let primaryKey = try db.primaryKey("player")
/// primaryKey.columns     // ["id"]
/// primaryKey.rowIDColumn // "id" (an INTEGER PRIMARY KEY)
/// ```
///
/// Tables without explicit primary key have the hidden `rowid` primary key:
/// `columns` is `["rowid"]`, `rowIDColumn` is nil, and `isRowID` is true.
public struct PrimaryKeyInfo: Hashable, Sendable {
    /// The primary key columns, in order.
    public let columns: [String]

    /// The name of the column that aliases the rowid (an INTEGER PRIMARY
    /// KEY), or nil.
    public let rowIDColumn: String?

    /// Whether the table has a rowid (it is not a WITHOUT ROWID table).
    public let tableHasRowID: Bool

    /// Whether the primary key is the rowid, hidden or aliased by an
    /// INTEGER PRIMARY KEY column.
    public var isRowID: Bool {
        tableHasRowID && (rowIDColumn != nil || columns == ["rowid"])
    }

    /// The primary key of tables without explicit primary key.
    static let hiddenRowID = PrimaryKeyInfo(columns: ["rowid"], rowIDColumn: nil, tableHasRowID: true)
}

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

/// Schema information cached by a connection, valid for one schema version.
struct SchemaCache {
    var schemaVersion: Int32?
    var columns: [String: [ColumnInfo]] = [:]
    var primaryKeys: [String: PrimaryKeyInfo] = [:]
    var indexes: [String: [IndexInfo]] = [:]
    var foreignKeys: [String: [ForeignKeyInfo]] = [:]
}
