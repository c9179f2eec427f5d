/// A cursor of values read from the leftmost column of a query, for the
/// types that decode from a ``DatabaseValue``.
///
/// ```swift
/// let urls = try URL.fetchCursor(db, sql: "SELECT url FROM link")
/// while let url = try urls.next() {
///     print(url)
/// }
/// ```
///
/// It is a ``DatabaseCursor``: it tells its ``DatabaseCursor/sql``,
/// ``DatabaseCursor/arguments``, ``DatabaseCursor/columnNames`` and
/// ``DatabaseCursor/databaseRegion``.
///
/// See <https://www.sqlite.org/c3ref/step.html>.
public final class DatabaseValueCursor<Value: DatabaseValueConvertible>: DatabaseCursor {
    /// The type of the cursor elements: the fetched values.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// let name: String? = try names.next()
    /// ```
    public typealias Element = Value

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
        _statement = statement
        self.row = row
    }

    deinit {
        stepper.finish()
    }

    /// The statement that produces the values (a ``DatabaseCursor``
    /// requirement).
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// print(names._statement.sql) // SELECT name FROM player
    /// ```
    public let _statement: Statement

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement).
    /// Setting it to true ends the iteration and resets the statement;
    /// an ended iteration does not start again.
    ///
    /// ```swift
    /// names._isDone = true
    /// try names.next() // nil
    /// ```
    public var _isDone: Bool {
        get { stepper.isDone }
        set { if newValue { stepper.finish() } }
    }

    /// Returns the value of the leftmost column of the row that the
    /// statement has just produced (a ``DatabaseCursor`` requirement).
    ///
    /// ```swift
    /// let name = try names._element(sqliteStatement: names._statement.sqliteStatement)
    /// ```
    ///
    /// - Parameter sqliteStatement: The statement, positioned on a row.
    /// - Returns: The value.
    /// - Throws: A ``RowDecodingError`` when the value does not convert.
    public func _element(sqliteStatement: SQLiteStatement) throws -> Value {
        try row._decode(Value.self, atUncheckedIndex: 0)
    }

    /// Returns the next value, or nil at the end.
    ///
    /// ```swift
    /// while let name = try names.next() {
    ///     print(name)
    /// }
    /// ```
    ///
    /// - Returns: The next value, or nil.
    /// - Throws: A ``DatabaseError`` when the step fails, a
    ///   ``RowDecodingError`` when a value does not convert.
    ///   See <https://www.sqlite.org/c3ref/step.html>.
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        return try row._decode(Value.self, atUncheckedIndex: 0)
    }
}
