import Foundation

// Reading row values with `Column` keys: `row[Column("name")]`,
// `row[Player.Columns.score]`.

extension Row {
    /// Returns whether the row has a column (case-insensitive).
    ///
    /// - Parameter column: A column.
    /// - Returns: Whether the column exists.
    public func hasColumn(_ column: some ColumnExpression) -> Bool {
        hasColumn(column.name)
    }

    /// The value of a column, converted to the requested type.
    ///
    /// - Precondition: the column exists and its value converts: use
    ///   ``decode(_:forKey:)->Collection`` to get an error instead.
    /// - Parameter column: A column.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(_ column: some ColumnExpression) -> Value {
        self[column.name]
    }

    /// The value of a column, converted to the requested type (fast path).
    ///
    /// - Precondition: the column exists and its value converts.
    /// - Parameter column: A column.
    @inlinable
    public subscript<Value: DatabaseValueConvertible & StatementColumnConvertible>(_ column: some ColumnExpression) -> Value {
        self[column.name]
    }

    /// The value of a column, as a generic convertible value, or nil.
    ///
    /// - Parameter column: A column.
    public subscript(_ column: some ColumnExpression) -> (any DatabaseValueConvertible)? {
        self[column.name]
    }

    /// Decodes the value of a column.
    ///
    /// ```swift
    /// let score = try row.decode(Int.self, forKey: Player.Columns.score)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - column: A column.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self,
        forKey column: some ColumnExpression) throws -> Value
    {
        try decode(Value.self, forColumn: column.name)
    }

    /// Decodes the value of a column (fast path).
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - column: A column.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decode<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type = Value.self,
        forKey column: some ColumnExpression) throws -> Value
    {
        try decode(Value.self, forColumn: column.name)
    }
}

extension Row {
    /// Decodes the value of a column.
    ///
    /// ```swift
    /// let score = try row.decode(Int.self, forColumn: Player.Columns.score)
    /// ```
    ///
    /// A missing column decodes as nil for optional types, and throws for
    /// others.
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - column: A column (its name is looked up ignoring case, the
    ///     leftmost column first).
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decode<Value: DatabaseValueConvertible>(
        _ type: Value.Type = Value.self,
        forColumn column: some ColumnExpression) throws -> Value
    {
        try decode(Value.self, forColumn: column.name)
    }

    /// Decodes the value of a column (fast path for standard types).
    ///
    /// ```swift
    /// let name = try row.decode(String.self, forColumn: Column("name"))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - column: A column.
    /// - Returns: The decoded value.
    /// - Throws: A ``RowDecodingError``.
    @inlinable
    public func decode<Value: DatabaseValueConvertible & StatementColumnConvertible>(
        _ type: Value.Type = Value.self,
        forColumn column: some ColumnExpression) throws -> Value
    {
        try decode(Value.self, forColumn: column.name)
    }

    /// Returns the first non-NULL value among columns, or nil.
    ///
    /// ```swift
    /// let name: String? = row.coalesce([Column("nickname"), Column("name")])
    /// ```
    ///
    /// - Parameter columns: Columns, in order of preference.
    /// - Returns: The first non-NULL value, converted, or nil.
    public func coalesce<T: DatabaseValueConvertible>(_ columns: some Collection<any ColumnExpression>) -> T? {
        coalesce(columns.map(\.name))
    }

    /// Calls a closure with the data of a column, without copying the
    /// bytes of a row that reads a live statement (a row of a cursor).
    ///
    /// ```swift
    /// try row.withUnsafeData(at: Column("thumbnail")) { data in
    ///     data?.count // the number of bytes
    /// }
    /// ```
    ///
    /// A missing column gives nil, as NULL does. See
    /// ``withUnsafeData(named:_:)``.
    ///
    /// - Warning: The data must not be stored or used after the closure
    ///   returns: the memory belongs to SQLite.
    /// - Parameters:
    ///   - column: A column.
    ///   - body: A closure that receives the data, or nil.
    /// - Returns: The result of the closure.
    /// - Throws: A ``RowDecodingError`` when the value is a number, and the
    ///   error of the closure. See
    ///   <https://www.sqlite.org/c3ref/column_blob.html>.
    public func withUnsafeData<T>(at column: some ColumnExpression, _ body: (Data?) throws -> T) throws -> T {
        try withUnsafeData(named: column.name, body)
    }
}
