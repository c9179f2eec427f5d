// Seed-era spellings of the fetching methods, with an unlabeled SQL
// argument: `Row.fetchAll(db, "SELECT ...")`.

extension Row {
    /// The earlier spelling of `fetchCursor(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try Row.fetchCursor(db, "SELECT * FROM player")
    /// let rows = try Row.fetchCursor(db, sql: "SELECT * FROM player")
    /// ```
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

    /// The earlier spelling of `fetchAll(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try Row.fetchAll(db, "SELECT * FROM player")
    /// let rows = try Row.fetchAll(db, sql: "SELECT * FROM player")
    /// ```
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

    /// The earlier spelling of `fetchOne(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try Row.fetchOne(db, "SELECT * FROM player")
    /// let row = try Row.fetchOne(db, sql: "SELECT * FROM player")
    /// ```
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
    /// The earlier spelling of `fetchCursor(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try String.fetchCursor(db, "SELECT name FROM player")
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// ```
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

    /// The earlier spelling of `fetchAll(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try String.fetchAll(db, "SELECT name FROM player")
    /// let names = try String.fetchAll(db, sql: "SELECT name FROM player")
    /// ```
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

    /// The earlier spelling of `fetchOne(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try String.fetchOne(db, "SELECT name FROM player")
    /// let name = try String.fetchOne(db, sql: "SELECT name FROM player")
    /// ```
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
    /// The earlier spelling of `fetchCursor(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try String.fetchCursor(db, "SELECT name FROM player")
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// ```
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

    /// The earlier spelling of `fetchAll(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try String.fetchAll(db, "SELECT name FROM player")
    /// let names = try String.fetchAll(db, sql: "SELECT name FROM player")
    /// ```
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

    /// The earlier spelling of `fetchOne(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try String.fetchOne(db, "SELECT name FROM player")
    /// let name = try String.fetchOne(db, sql: "SELECT name FROM player")
    /// ```
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
    /// The earlier spelling of `fetchCursor(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try Player.fetchCursor(db, "SELECT * FROM player")
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A cursor of records.
    /// - Throws: A ``DatabaseError``; the cursor throws the error of
    ///   `init(row:)`.
    @available(*, deprecated, renamed: "fetchCursor(_:sql:arguments:)")
    public static func fetchCursor(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> RecordCursor<Self> {
        try fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of `fetchAll(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try Player.fetchAll(db, "SELECT * FROM player")
    /// let players = try Player.fetchAll(db, sql: "SELECT * FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: An array of records.
    /// - Throws: A ``DatabaseError``, or a decoding error.
    @available(*, deprecated, renamed: "fetchAll(_:sql:arguments:)")
    public static func fetchAll(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        try fetchAll(db, sql: sql, arguments: arguments)
    }

    /// The earlier spelling of `fetchOne(_:sql:arguments:)`.
    ///
    /// ```swift
    /// // Before: try Player.fetchOne(db, "SELECT * FROM player")
    /// let player = try Player.fetchOne(db, sql: "SELECT * FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Statement arguments.
    /// - Returns: A record, or nil.
    /// - Throws: A ``DatabaseError``, or a decoding error.
    @available(*, deprecated, renamed: "fetchOne(_:sql:arguments:)")
    public static func fetchOne(_ db: Database, _ sql: String, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        try fetchOne(db, sql: sql, arguments: arguments)
    }
}
