// Seed-era spellings of the fetching methods, with an unlabeled SQL
// argument: `Row.fetchAll(db, "SELECT ...")`.

extension Row {
    /// The earlier spelling of ``fetchCursor(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A cursor of rows.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchCursor(_:sql:arguments:)")
    public static func fetchCursor(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> RowCursor {
        try fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of ``fetchAll(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: An array of rows.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchAll(_:sql:arguments:)")
    public static func fetchAll(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of ``fetchOne(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A row, or nil.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchOne(_:sql:arguments:)")
    public static func fetchOne(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try fetchOne(db, sql: sql, arguments: arguments)
    }
}

extension DatabaseValueConvertible {
    /// The earlier spelling of ``fetchCursor(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchCursor(_:sql:arguments:)")
    public static func fetchCursor(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> DatabaseValueCursor<Self> {
        try fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of ``fetchAll(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchAll(_:sql:arguments:)")
    public static func fetchAll(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of ``fetchOne(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchOne(_:sql:arguments:)")
    public static func fetchOne(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db, sql: sql, arguments: arguments)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    /// The earlier spelling of ``fetchCursor(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchCursor(_:sql:arguments:)")
    public static func fetchCursor(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> FastDatabaseValueCursor<Self> {
        try fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of ``fetchAll(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchAll(_:sql:arguments:)")
    public static func fetchAll(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of ``fetchOne(_:sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "fetchOne(_:sql:arguments:)")
    public static func fetchOne(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db, sql: sql, arguments: arguments)
    }
}

extension FetchableRecord {
    // Merge note: once the fetching methods of records are in, these two
    // bodies become `try fetchAll(db, sql: sql, arguments: arguments)` and
    // `try fetchOne(db, sql: sql, arguments: arguments)`, and the unlabeled
    // `fetchCursor(_:_:arguments:)` joins them.

    /// The earlier spelling of `fetchAll(_:sql:arguments:)`.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or a decoding error.
    @available(*, deprecated, renamed: "fetchAll(_:sql:arguments:)")
    public static func fetchAll(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }

    /// The earlier spelling of `fetchOne(_:sql:arguments:)`.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or a decoding error.
    @available(*, deprecated, renamed: "fetchOne(_:sql:arguments:)")
    public static func fetchOne(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try Row.fetchOne(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }
}
