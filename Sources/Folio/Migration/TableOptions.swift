/// Options for ``Database/create(table:options:body:)``.
///
/// ```swift
/// // CREATE TEMPORARY TABLE IF NOT EXISTS "player" (...)
/// try db.create(table: "player", options: [.temporary, .ifNotExists]) { t in
///     t.autoIncrementedPrimaryKey("id")
/// }
/// ```
///
/// See <https://www.sqlite.org/lang_createtable.html>.
public struct TableOptions: OptionSet, Sendable {
    /// The raw bits of the options.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `IF NOT EXISTS`: no error when the table already exists.
    public static let ifNotExists = TableOptions(rawValue: 1 << 0)

    /// `TEMPORARY`: the table lives in the `temp` schema, and disappears
    /// when the connection closes.
    public static let temporary = TableOptions(rawValue: 1 << 1)

    /// `WITHOUT ROWID`: the table has no hidden rowid, and is stored as a
    /// clustered index on its primary key.
    ///
    /// See <https://www.sqlite.org/withoutrowid.html>.
    public static let withoutRowID = TableOptions(rawValue: 1 << 2)

    /// `STRICT`: SQLite enforces the column types (which must be `INT`,
    /// `INTEGER`, `REAL`, `TEXT`, `BLOB` or `ANY`).
    ///
    /// See <https://www.sqlite.org/stricttables.html>.
    public static let strict = TableOptions(rawValue: 1 << 3)
}
