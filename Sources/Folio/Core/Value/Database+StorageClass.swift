extension Database {
    /// An SQLite storage class: `INTEGER`, `REAL`, `TEXT` or `BLOB`.
    ///
    /// It is the type of the `CAST` SQL function:
    ///
    /// ```swift
    /// // CAST(score AS REAL)
    /// cast(Column("score"), as: .real)
    /// ```
    ///
    /// See <https://www.sqlite.org/datatype3.html>.
    public struct StorageClass: RawRepresentable, Hashable, Sendable {
        /// The SQL of the storage class (`"INTEGER"`, `"REAL"`, ...).
        ///
        /// ```swift
        /// Database.StorageClass.real.rawValue // "REAL"
        /// ```
        public let rawValue: String

        /// Creates a storage class from its SQL.
        ///
        /// ```swift
        /// let storageClass = Database.StorageClass(rawValue: "NUMERIC")
        /// ```
        ///
        /// - Parameter rawValue: The SQL of the storage class.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The `INTEGER` storage class.
        ///
        /// ```swift
        /// cast(Column("score"), as: .integer) // CAST("score" AS INTEGER)
        /// ```
        public static let integer = StorageClass(rawValue: "INTEGER")

        /// The `REAL` storage class.
        ///
        /// ```swift
        /// cast(Column("score"), as: .real) // CAST("score" AS REAL)
        /// ```
        public static let real = StorageClass(rawValue: "REAL")

        /// The `TEXT` storage class.
        ///
        /// ```swift
        /// cast(Column("score"), as: .text) // CAST("score" AS TEXT)
        /// ```
        public static let text = StorageClass(rawValue: "TEXT")

        /// The `BLOB` storage class.
        ///
        /// ```swift
        /// cast(Column("name"), as: .blob) // CAST("name" AS BLOB)
        /// ```
        public static let blob = StorageClass(rawValue: "BLOB")
    }
}
