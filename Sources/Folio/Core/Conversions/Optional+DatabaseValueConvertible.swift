extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped value, or NULL.
    public var databaseValue: DatabaseValue {
        self?.databaseValue ?? .null
    }

    /// NULL converts to `.some(nil)`; other values convert to the wrapped type.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Wrapped?? {
        if dbValue.isNull { return .some(nil) }
        return Wrapped.fromDatabaseValue(dbValue).map { .some($0) }
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
