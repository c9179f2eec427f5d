/// A cursor of values read from the leftmost column of a query.
///
/// ```swift
/// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
/// ```
public final class DatabaseValueCursor<Value: DatabaseValueConvertible>: Cursor {
    private var stepper: _StatementStepper
    private let row: Row

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
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        return try row._decode(Value.self, atUncheckedIndex: 0)
    }
}
