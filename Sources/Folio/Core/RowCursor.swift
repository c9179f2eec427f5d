/// A cursor of database rows.
///
/// ```swift
/// let rows = try Row.fetchCursor(db, sql: "SELECT * FROM player")
/// while let row = try rows.next() {
///     let name: String = row["name"]
/// }
/// ```
///
/// The same ``Row`` instance is returned at each step, reading from the
/// statement: copy it (``Row/copy()``) to keep it.
public final class RowCursor: Cursor {
    /// The statement that produces the rows.
    public let statement: Statement

    /// The row returned at each step, reused.
    public let row: Row

    // Unchecked: a cursor is used by one thread, in one access closure,
    // and dynamic exclusivity checks cost as much as a column read.
    @exclusivity(unchecked) private var stepper: _StatementStepper?
    @exclusivity(unchecked) private var rows: IndexingIterator<[Row]>?

    init(statement: Statement, layout: RowLayout? = nil) {
        self.statement = statement
        stepper = _StatementStepper(statement: statement)
        row = Row(statement: statement, layout: layout)
        row._enableStepCaches()
    }

    /// A cursor over rows fetched already (requests with prefetched
    /// associations).
    init(rows: [Row], statement: Statement) {
        self.statement = statement
        self.rows = rows.makeIterator()
        stepper = nil
        row = Row()
    }

    deinit {
        stepper?.finish()
        row._releaseStepCaches()
    }

    /// Returns the next row, or nil at the end.
    public func next() throws -> Row? {
        if rows != nil {
            return rows!.next()
        }
        return try stepper!.step() ? row : nil
    }
}
