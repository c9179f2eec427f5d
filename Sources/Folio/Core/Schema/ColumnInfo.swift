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
    ///
    /// ```swift
    /// let primaryKeyColumns = try db.columns(in: "membership")
    ///     .filter { $0.primaryKeyIndex > 0 }
    ///     .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }
    /// ```
    public var primaryKeyIndex: Int { _primaryKeyIndex }

    private let _primaryKeyIndex: Int

    /// 0 for an ordinary column, 2 or 3 for generated columns, 1 for
    /// hidden columns of virtual tables.
    let hidden: Int

    /// The declared type as a ``Database/ColumnType``, or nil when empty.
    public var columnType: Database.ColumnType? {
        type.isEmpty ? nil : Database.ColumnType(rawValue: type)
    }

    /// Whether the column is generated (`GENERATED ALWAYS AS`).
    public var isGenerated: Bool { hidden == 2 || hidden == 3 }

    /// Creates a column from a row of `PRAGMA table_info` or
    /// `PRAGMA table_xinfo`.
    ///
    /// ```swift
    /// let rows = try Row.fetchAll(db, sql: "PRAGMA table_xinfo(player)")
    /// let columns = rows.map(ColumnInfo.init(row:))
    /// ```
    ///
    /// It reads the columns `name`, `type`, `notnull`, `dflt_value`, `pk`
    /// and `hidden`. A missing column, or a value of an unexpected type,
    /// reads as an empty name or type, false, nil or 0 (`table_info` has
    /// no `hidden` column: its columns are ordinary ones).
    ///
    /// - Parameter row: A row of `PRAGMA table_info` or `table_xinfo`.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_table_info>.
    public init(row: Row) {
        name = row["name"] as? String ?? ""
        type = row["type"] as? String ?? ""
        isNotNull = (row["notnull"] as? Int64).map { $0 != 0 } ?? false
        defaultValueSQL = row["dflt_value"] as? String
        _primaryKeyIndex = (row["pk"] as? Int64).map { Int(truncatingIfNeeded: $0) } ?? 0
        hidden = (row["hidden"] as? Int64).map { Int(truncatingIfNeeded: $0) } ?? 0
    }
}
