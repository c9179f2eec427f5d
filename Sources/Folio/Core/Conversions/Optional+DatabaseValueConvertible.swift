import CSQLite

extension Optional: StatementBinding where Wrapped: StatementBinding {
    /// Binds the wrapped value, or NULL, to a parameter of a statement.
    ///
    /// ```swift
    /// let code = (nil as Int?).bind(to: statement.sqliteStatement, at: 1) // binds NULL
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: An SQLite statement.
    ///   - index: The index of the parameter, starting at 1.
    /// - Returns: The result code of the `sqlite3_bind_*` function. See
    ///   <https://www.sqlite.org/c3ref/bind_blob.html>.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        switch self {
        case .some(let wrapped):
            return wrapped.bind(to: sqliteStatement, at: index)
        case .none:
            return sqlite3_bind_null(sqliteStatement, index)
        }
    }
}

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
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Optional<Wrapped>? {
        if let wrapped = Wrapped.fromDatabaseValue(dbValue) { return .some(wrapped) }
        if dbValue.isNull { return .some(nil) }
        return nil
    }

    /// A missing column decodes as nil.
    public static func fromMissingColumn() -> Optional<Wrapped>? {
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

    /// Reads the value of a statement column: `.some(nil)` for NULL, the
    /// wrapped value, or nil when it can not be decoded.
    ///
    /// ```swift
    /// let score = Int?.fromStatement(sqliteStatement, atUncheckedIndex: 0) // .some(nil) for NULL
    /// ```
    ///
    /// - Parameters:
    ///   - sqliteStatement: A statement that has just produced a row.
    ///   - index: A valid column index, starting at 0.
    /// - Returns: The value, `.some(nil)` for NULL, or nil. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    @inlinable
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Optional<Wrapped>? {
        if sqlite3_column_type(sqliteStatement, index) == SQLITE_NULL {
            return .some(nil)
        }
        // The standard types check the column type (the cast is resolved
        // at compile time once specialized): their initializer applies
        // SQLite's conversions.
        if Wrapped.self is any _StatementColumnTypeChecking.Type {
            return Wrapped.fromStatement(sqliteStatement, atUncheckedIndex: index).map { .some($0) }
        }
        return Wrapped(sqliteStatement: sqliteStatement, index: index).map { .some($0) }
    }
}
