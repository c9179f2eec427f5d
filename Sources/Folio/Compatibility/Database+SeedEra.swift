// Seed-era spellings of Database methods, with an unlabeled SQL argument.

extension Database {
    /// The earlier spelling of ``execute(sql:arguments:)``.
    ///
    /// ```swift
    /// // Before:
    /// try db.execute("DELETE FROM player")
    /// // After:
    /// try db.execute(sql: "DELETE FROM player")
    /// ```
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
    /// ```swift
    /// // Before:
    /// let statement = try db.makeSelectStatement("SELECT * FROM player")
    /// // After:
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player")
    /// ```
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
    /// ```swift
    /// // Before:
    /// let statement = try db.makeSelectStatement(sql: "SELECT * FROM player")
    /// // After:
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player")
    /// ```
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
    /// ```swift
    /// // Before:
    /// let statement = try db.makeUpdateStatement("DELETE FROM player")
    /// // After:
    /// let statement = try db.makeStatement(sql: "DELETE FROM player")
    /// ```
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
    /// ```swift
    /// // Before:
    /// let statement = try db.makeUpdateStatement(sql: "DELETE FROM player")
    /// // After:
    /// let statement = try db.makeStatement(sql: "DELETE FROM player")
    /// ```
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
    /// ```swift
    /// // Before:
    /// let statement = try db.cachedSelectStatement("SELECT * FROM player")
    /// // After:
    /// let statement = try db.cachedStatement(sql: "SELECT * FROM player")
    /// ```
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
    /// ```swift
    /// // Before:
    /// let statement = try db.cachedUpdateStatement("DELETE FROM player")
    /// // After:
    /// let statement = try db.cachedStatement(sql: "DELETE FROM player")
    /// ```
    ///
    /// - Parameter sql: One SQL statement.
    /// - Returns: A prepared statement.
    /// - Throws: A ``DatabaseError``.
    @available(*, deprecated, renamed: "cachedStatement(sql:)")
    public func cachedUpdateStatement(_ sql: String) throws -> Statement {
        try cachedStatement(sql: sql)
    }
}
