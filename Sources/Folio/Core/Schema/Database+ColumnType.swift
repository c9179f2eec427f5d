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

        /// `TEXT`, for JSON columns.
        ///
        /// SQLite JSON functions and operators throw errors when one of
        /// their arguments is a blob: store JSON as text.
        ///
        /// ```swift
        /// try db.create(table: "player") { t in
        ///     t.column("info", .jsonText) // info TEXT
        /// }
        /// ```
        ///
        /// See <https://www.sqlite.org/json1.html#interface_overview>.
        public static let jsonText = ColumnType(rawValue: "TEXT")

        /// `BLOB`, for JSONB columns, the binary JSON of SQLite 3.45+.
        ///
        /// ```swift
        /// try db.create(table: "player") { t in
        ///     t.column("info", .jsonb) // info BLOB
        /// }
        /// ```
        ///
        /// See <https://www.sqlite.org/json1.html#jsonb>.
        public static let jsonb = ColumnType(rawValue: "BLOB")
    }
}
