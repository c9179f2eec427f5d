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
///
/// A row cursor is a ``DatabaseCursor``: it tells its ``DatabaseCursor/sql``,
/// ``DatabaseCursor/arguments``, ``DatabaseCursor/columnNames`` and
/// ``DatabaseCursor/databaseRegion``.
///
/// See <https://www.sqlite.org/c3ref/step.html>.
public final class RowCursor: DatabaseCursor {
    /// The type of the cursor elements: rows.
    ///
    /// ```swift
    /// let rows: RowCursor = try Row.fetchCursor(db, sql: "SELECT * FROM player")
    /// let row: RowCursor.Element? = try rows.next()
    /// ```
    public typealias Element = Row

    /// The statement that produces the rows.
    public let statement: Statement

    /// The row returned at each step, reused.
    public let row: Row

    // Unchecked: a cursor is used by one thread, in one access closure,
    // and dynamic exclusivity checks cost as much as a column read.
    @exclusivity(unchecked) private var stepper: _StatementStepper?
    @exclusivity(unchecked) private var prefetchedRows: [Row]?
    @exclusivity(unchecked) private var prefetchedIndex = 0

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
        prefetchedRows = rows
        stepper = nil
        row = Row()
    }

    deinit {
        stepper?.finish()
        row._releaseStepCaches()
    }

    /// The statement that produces the rows (a ``DatabaseCursor``
    /// requirement).
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT * FROM player")
    /// print(rows._statement.sql) // SELECT * FROM player
    /// ```
    public var _statement: Statement { statement }

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement).
    /// Setting it to true ends the iteration and resets the statement;
    /// an ended iteration does not start again.
    ///
    /// ```swift
    /// rows._isDone = true
    /// try rows.next() // nil
    /// ```
    public var _isDone: Bool {
        get {
            if let stepper { return stepper.isDone }
            return prefetchedIndex >= prefetchedRows?.count ?? 0
        }
        set {
            guard newValue else { return }
            stepper?.finish()
            prefetchedIndex = prefetchedRows?.count ?? 0
        }
    }

    /// Returns the row that the statement has just produced (a
    /// ``DatabaseCursor`` requirement): the reused ``row``.
    ///
    /// ```swift
    /// let row = try rows._element(sqliteStatement: rows._statement.sqliteStatement)
    /// ```
    ///
    /// - Parameter sqliteStatement: The statement, positioned on a row.
    /// - Returns: The row.
    public func _element(sqliteStatement: SQLiteStatement) throws -> Row {
        row
    }

    /// Returns the next row, or nil at the end.
    ///
    /// ```swift
    /// while let row = try rows.next() {
    ///     let name: String = row["name"]
    /// }
    /// ```
    ///
    /// - Returns: The next row, or nil.
    /// - Throws: A ``DatabaseError``.
    ///   See <https://www.sqlite.org/c3ref/step.html>.
    public func next() throws -> Row? {
        if prefetchedRows != nil {
            return nextPrefetchedRow()
        }
        return try stepper!.step() ? row : nil
    }

    private func nextPrefetchedRow() -> Row? {
        guard let prefetchedRows, prefetchedIndex < prefetchedRows.count else { return nil }
        defer { prefetchedIndex += 1 }
        return prefetchedRows[prefetchedIndex]
    }
}
