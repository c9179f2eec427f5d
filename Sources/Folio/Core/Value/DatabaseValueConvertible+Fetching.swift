// Fetching values from the leftmost column of queries.
//
// Two families: any DatabaseValueConvertible type goes through
// DatabaseValue; types that also adopt StatementColumnConvertible read
// SQLite columns directly.

extension DatabaseValueConvertible {
    /// Returns a cursor of the values of the leftmost column of a statement.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``; the cursor throws a
    ///   ``RowDecodingError`` when a value does not convert (NULL included:
    ///   fetch an optional type for nullable columns).
    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> DatabaseValueCursor<Self> {
        let layout = try adapter?.rowLayout(for: statement)
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return try DatabaseValueCursor(statement: statement, layout: layout)
    }

    /// Returns the values of the leftmost column of a statement.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError``, or a ``RowDecodingError`` when a value
    ///   does not convert.
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> [Self] {
        try Array(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

}

extension DatabaseValueConvertible where Self: Hashable {
    /// Returns the distinct values of the leftmost column of a statement.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchSet(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> Set<Self> {
        try Set(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }
}

extension DatabaseValueConvertible {

    /// Returns the value of the leftmost column of the first row, or nil
    /// when there is no row or the value is NULL. Types that accept NULL
    /// return it: `DatabaseValue.fetchOne` returns `.null`, and
    /// `Optional<Int>.fetchOne` returns `.some(nil)` for NULL.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> Self? {
        guard adapter == nil else {
            let cursor = try Optional<Self>.fetchCursor(statement, arguments: arguments, adapter: adapter)
            return try cursor.next() ?? nil
        }
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return try fetchOneFromLeftmostColumn(statement)
    }

    /// Returns the value of the leftmost column of the first row of a
    /// statement without an adapter, or nil: steps once and converts the
    /// column's value, without a cursor or a row. A row is built only for
    /// a value that fails to convert, so that the error names the column
    /// and the statement.
    private static func fetchOneFromLeftmostColumn(_ statement: Statement) throws -> Self? {
        guard statement.columnCount > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
        var stepper = _StatementStepper(statement: statement)
        defer { stepper.finish() }
        guard try stepper.step() else { return nil }
        let dbValue = DatabaseValue(sqliteStatement: stepper.sqliteStatement, index: 0)
        if let value = Optional<Self>.fromDatabaseValue(dbValue) {
            return value
        }
        return try Row(statement: statement)._decode(Optional<Self>.self, atUncheckedIndex: 0)
    }

    /// Returns a cursor of the values of the leftmost column of an SQL query.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> DatabaseValueCursor<Self> {
        try fetchCursor(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns the values of the leftmost column of an SQL query.
    ///
    /// ```swift
    /// let ids = try Int64.fetchAll(db, sql: "SELECT id FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

}

extension DatabaseValueConvertible where Self: Hashable {
    /// Returns the distinct values of the leftmost column of an SQL query.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchSet(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> Set<Self> {
        try fetchSet(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }
}

extension DatabaseValueConvertible {

    /// Returns the value of the leftmost column of the first row of an SQL
    /// query, or nil when there is no row or the value is NULL. Types that
    /// accept NULL return it: `DatabaseValue.fetchOne` returns `.null`.
    ///
    /// ```swift
    /// let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! // Int
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns a cursor of the values of the leftmost column of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> DatabaseValueCursor<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try DatabaseValueCursor(statement: prepared.statement, layout: prepared.rowLayout())
    }

    /// Returns the values of the leftmost column of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Self] {
        try Array(fetchCursor(db, request))
    }

    /// Returns the value of the leftmost column of the first row of a
    /// request, or nil when there is no row or the value is NULL. Types
    /// that accept NULL return it: `DatabaseValue.fetchOne` returns `.null`.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Self? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: true)
        let cursor = try DatabaseValueCursor<Self?>(statement: prepared.statement, layout: prepared.rowLayout())
        return try cursor.next() ?? nil
    }
}

extension DatabaseValueConvertible where Self: Hashable {
    /// Returns the distinct values of the leftmost column of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Self> {
        try Set(fetchCursor(db, request))
    }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible {
    /// Returns a cursor of the values of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> DatabaseValueCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, self)
    }

    /// Returns the values of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try RowDecoder.fetchAll(db, self)
    }

}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & Hashable {
    /// Returns the distinct values of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> {
        try RowDecoder.fetchSet(db, self)
    }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible {

    /// Returns the first value of the request, or nil.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try RowDecoder.fetchOne(db, self)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    /// Returns a cursor of the values of the leftmost column of a statement.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``; the cursor throws a
    ///   ``RowDecodingError`` when a value does not convert (NULL included:
    ///   fetch an optional type for nullable columns).
    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> FastDatabaseValueCursor<Self> {
        let layout = try adapter?.rowLayout(for: statement)
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return try FastDatabaseValueCursor(statement: statement, layout: layout)
    }

    /// Returns the values of the leftmost column of a statement.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError``, or a ``RowDecodingError`` when a value
    ///   does not convert.
    @inlinable
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> [Self] {
        try Array(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

}

extension DatabaseValueConvertible where Self: StatementColumnConvertible & Hashable {
    /// Returns the distinct values of the leftmost column of a statement.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchSet(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> Set<Self> {
        try Set(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {

    /// Returns the value of the leftmost column of the first row, or nil
    /// when there is no row or the value is NULL. Types that accept NULL
    /// return it: `DatabaseValue.fetchOne` returns `.null`, and
    /// `Optional<Int>.fetchOne` returns `.some(nil)` for NULL.
    ///
    /// - Parameters:
    ///   - statement: A prepared statement.
    ///   - arguments: Arguments to bind, or nil to keep the current ones.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil) throws -> Self? {
        let layout = try adapter?.rowLayout(for: statement)
        if let arguments { try statement.setArguments(arguments) } else { statement.reset() }
        return try fetchOne(statement, layout: layout)
    }

    /// Returns the value of the leftmost column of the first row, adapted
    /// by a layout, or nil.
    static func fetchOne(_ statement: Statement, layout: RowLayout?) throws -> Self? {
        guard let layout else {
            return try _fetchOneFromLeftmostColumn(statement)
        }
        let cursor = RowCursor(statement: statement, layout: layout)
        guard cursor.row.count > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
        guard let row = try cursor.next() else { return nil }
        return try row._fastDecodeFetchedOne(Self.self, atUncheckedIndex: 0)
    }

    /// Returns the value of the leftmost column of the first row of a
    /// statement without an adapter, or nil: steps once and reads the
    /// column directly, without a cursor or a row. Inlinable, so that it
    /// is specialized for the fetched type: a generic `Self?` costs a
    /// run-time metadata look-up per call. NULL, values that need a
    /// conversion, and errors take the out-of-line path.
    @inlinable
    static func _fetchOneFromLeftmostColumn(_ statement: Statement) throws -> Self? {
        guard statement.columnCount > 0 else {
            throw _noColumnError(statement)
        }
        var stepper = _StatementStepper(statement: statement)
        defer { stepper.finish() }
        guard try stepper.step() else { return nil }
        if let value = Row._readValue(Self.self, stepper.sqliteStatement, 0) {
            return value
        }
        return try _decodeFetchedOne(statement)
    }

    /// The error of a statement that returns no column.
    @usableFromInline
    static func _noColumnError(_ statement: Statement) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
    }

    /// The out-of-line path of ``_fetchOneFromLeftmostColumn(_:)``: decodes
    /// the leftmost column of the current row through a row, for NULL,
    /// conversions and errors (that name the column and the statement).
    @usableFromInline @inline(never)
    static func _decodeFetchedOne(_ statement: Statement) throws -> Self? {
        try Row(statement: statement)._decode(Self?.self, atUncheckedIndex: 0)
    }

    /// Returns a cursor of the values of the leftmost column of an SQL query.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> FastDatabaseValueCursor<Self> {
        try fetchCursor(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// Returns the values of the leftmost column of an SQL query.
    ///
    /// ```swift
    /// let ids = try Int64.fetchAll(db, sql: "SELECT id FROM player")
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    @inlinable
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

}

extension DatabaseValueConvertible where Self: StatementColumnConvertible & Hashable {
    /// Returns the distinct values of the leftmost column of an SQL query.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchSet(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> Set<Self> {
        try fetchSet(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {

    /// Returns the value of the leftmost column of the first row of an SQL
    /// query, or nil when there is no row or the value is NULL. Types that
    /// accept NULL return it: `DatabaseValue.fetchOne` returns `.null`.
    ///
    /// ```swift
    /// let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! // Int
    /// ```
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - sql: An SQL query.
    ///   - arguments: Its arguments.
    ///   - adapter: The adapter of the rows, or nil: values are read from the
    ///     leftmost column of the adapted row (see ``RowAdapter``).
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    @inlinable
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil) throws -> Self? {
        let statement = try db.cachedStatement(sql: sql)
        guard adapter == nil else {
            return try fetchOne(statement, arguments: arguments, adapter: adapter)
        }
        try statement.setArguments(arguments)
        return try _fetchOneFromLeftmostColumn(statement)
    }

    /// Returns a cursor of the values of the leftmost column of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> FastDatabaseValueCursor<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try FastDatabaseValueCursor(statement: prepared.statement, layout: prepared.rowLayout())
    }

    /// Returns the values of the leftmost column of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    @inlinable
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Self] {
        try Array(fetchCursor(db, request))
    }

    /// Returns the value of the leftmost column of the first row of a
    /// request, or nil when there is no row or the value is NULL. Types
    /// that accept NULL return it: `DatabaseValue.fetchOne` returns `.null`.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Self? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: true)
        return try fetchOne(prepared.statement, layout: prepared.rowLayout())
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible & Hashable {
    /// Returns the distinct values of the leftmost column of a request.
    ///
    /// - Parameters:
    ///   - db: A database connection.
    ///   - request: A request.
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Self> {
        try Set(fetchCursor(db, request))
    }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible {
    /// Returns a cursor of the values of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A cursor of values.
    /// - Throws: A ``DatabaseError``.
    public func fetchCursor(_ db: Database) throws -> FastDatabaseValueCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, self)
    }

    /// Returns the values of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: An array of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchAll(_ db: Database) throws -> [RowDecoder] {
        try RowDecoder.fetchAll(db, self)
    }

}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible & Hashable {
    /// Returns the distinct values of the request.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A set of values.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> {
        try RowDecoder.fetchSet(db, self)
    }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible {

    /// Returns the first value of the request, or nil.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: A value, or nil.
    /// - Throws: A ``DatabaseError`` or a ``RowDecodingError``.
    public func fetchOne(_ db: Database) throws -> RowDecoder? {
        try RowDecoder.fetchOne(db, self)
    }
}
