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
    ///   ``decode(_:forKey:)`` to get an error instead.
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
