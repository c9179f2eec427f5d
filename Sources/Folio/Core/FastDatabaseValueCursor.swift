/// A cursor of values read straight from the leftmost column of a query,
/// for the types that read SQLite columns directly (`Int`, `String`...).
public final class FastDatabaseValueCursor<Value: DatabaseValueConvertible & StatementColumnConvertible>: Cursor {
    @usableFromInline var stepper: _StatementStepper
    @usableFromInline let row: Row

    /// A cursor of the leftmost column of the rows of a statement, adapted
    /// by a layout (see ``RowAdapter``).
    init(statement: Statement, layout: RowLayout? = nil) throws {
        let row = Row(statement: statement, layout: layout)
        guard row.count > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
        stepper = _StatementStepper(statement: statement)
        self.row = row
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
