/// A cursor of values read from the leftmost column of a query.
///
/// ```swift
/// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
/// ```
public final class DatabaseValueCursor<Value: DatabaseValueConvertible>: Cursor {
    private var stepper: _StatementStepper
    private let row: Row

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
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        return try row._decode(Value.self, atUncheckedIndex: 0)
    }
}
