/// A cursor of values read straight from the leftmost column of a query,
/// for the types that read SQLite columns directly (`Int`, `String`...).
public final class FastDatabaseValueCursor<Value: DatabaseValueConvertible & StatementColumnConvertible>: Cursor {
    @usableFromInline var stepper: _StatementStepper
    @usableFromInline let row: Row

    init(statement: Statement) throws {
        guard statement.columnCount > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
        stepper = _StatementStepper(statement: statement)
        row = Row(statement: statement)
    }

    deinit {
        stepper.finish()
    }

    /// Returns the next value, or nil at the end.
    ///
    /// - Throws: A ``RowDecodingError`` when a value does not convert.
    @inlinable
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        return try row._fastDecode(Value.self, atUncheckedIndex: 0)
    }
}
