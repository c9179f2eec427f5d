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
