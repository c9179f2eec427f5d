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
        // The storage of each value, rather than `row[name] as? String`:
        // the cast of the existential is a dynamic cast per column (the
        // schema DSL reads these rows for each foreign key it resolves).
        name = Self.text(row, "name") ?? ""
        type = Self.text(row, "type") ?? ""
        isNotNull = Self.integer(row, "notnull").map { $0 != 0 } ?? false
        defaultValueSQL = Self.text(row, "dflt_value")
        _primaryKeyIndex = Self.integer(row, "pk").map { Int(truncatingIfNeeded: $0) } ?? 0
        hidden = Self.integer(row, "hidden").map { Int(truncatingIfNeeded: $0) } ?? 0
    }

    /// The text of a column, or nil when the column is missing or its
    /// value is not text.
    private static func text(_ row: Row, _ column: String) -> String? {
        guard let index = row.index(forColumn: column) else { return nil }
        if case .string(let string) = row.databaseValue(atUncheckedIndex: index).storage {
            return string
        }
        return nil
    }

    /// The integer of a column, or nil when the column is missing or its
    /// value is not an integer.
    private static func integer(_ row: Row, _ column: String) -> Int64? {
        guard let index = row.index(forColumn: column) else { return nil }
        if case .int64(let int64) = row.databaseValue(atUncheckedIndex: index).storage {
            return int64
        }
        return nil
    }
}
