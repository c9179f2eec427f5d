extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped value, or NULL.
    public var databaseValue: DatabaseValue {
        self?.databaseValue ?? .null
    }

    /// Converts a value to the wrapped type. NULL converts to `.some(nil)`,
    /// unless the wrapped type accepts NULL itself (`DatabaseValue` does:
    /// NULL is then `.some(.null)`).
    ///
    /// ```swift
    /// Int?.fromDatabaseValue(.null)           // .some(nil)
    /// Int?.fromDatabaseValue(1.databaseValue) // .some(1)
    /// Int?.fromDatabaseValue("a".databaseValue) // nil: not an integer
    /// DatabaseValue?.fromDatabaseValue(.null) // .some(.null)
    /// ```
    ///
    /// - Parameter dbValue: A database value.
    /// - Returns: The wrapped value, `.some(nil)` for NULL, or nil when
    ///   the value does not convert.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Wrapped?? {
        if let wrapped = Wrapped.fromDatabaseValue(dbValue) { return .some(wrapped) }
        if dbValue.isNull { return .some(nil) }
        return nil
    }

    /// A missing column decodes as nil.
    public static func fromMissingColumn() -> Wrapped?? {
        .some(nil)
    }
}

extension Optional: StatementColumnConvertible where Wrapped: StatementColumnConvertible {
    /// Reads a non-NULL column as the wrapped type. NULL columns never reach
    /// this initializer: they decode as nil through ``fromDatabaseValue(_:)``.
    @inlinable
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let wrapped = Wrapped(sqliteStatement: sqliteStatement, index: index) else { return nil }
        self = .some(wrapped)
    }
}
