// Seed-era spellings of Database methods, with an unlabeled SQL argument.

extension Database {
    /// The earlier spelling of ``execute(sql:arguments:)``.
    ///
    /// - Parameters:
    ///   - sql: SQL statements.
    ///   - arguments: Statement arguments.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "execute(sql:arguments:)")
    public func execute(_ sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try execute(sql: sql, arguments: arguments)
    }

    /// The earlier name of ``makeStatement(sql:)``, for statements that
    /// select.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "makeStatement(sql:)")
    public func makeSelectStatement(_ sql: String) throws -> Statement {
        try makeStatement(sql: sql)
    }

    /// The earlier name of ``makeStatement(sql:)``, for statements that
    /// select.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "makeStatement(sql:)")
    public func makeSelectStatement(sql: String) throws -> Statement {
        try makeStatement(sql: sql)
    }

    /// The earlier name of ``makeStatement(sql:)``, for statements that
    /// write.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "makeStatement(sql:)")
    public func makeUpdateStatement(_ sql: String) throws -> Statement {
        try makeStatement(sql: sql)
    }

    /// The earlier name of ``makeStatement(sql:)``, for statements that
    /// write.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "makeStatement(sql:)")
    public func makeUpdateStatement(sql: String) throws -> Statement {
        try makeStatement(sql: sql)
    }

    /// The earlier name of ``cachedStatement(sql:)``, for statements that
    /// select.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "cachedStatement(sql:)")
    public func cachedSelectStatement(_ sql: String) throws -> Statement {
        try cachedStatement(sql: sql)
    }

    /// The earlier name of ``cachedStatement(sql:)``, for statements that
    /// write.
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "cachedStatement(sql:)")
    public func cachedUpdateStatement(_ sql: String) throws -> Statement {
        try cachedStatement(sql: sql)
    }
}
