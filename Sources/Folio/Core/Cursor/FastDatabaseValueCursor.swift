/// A cursor of values read straight from the leftmost column of a query,
/// for the types that read SQLite columns directly (`Int`, `String`...).
///
/// ```swift
/// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
/// while let name = try names.next() {
///     print(name)
/// }
/// ```
///
/// It is a ``DatabaseCursor``: it tells its ``DatabaseCursor/sql``,
/// ``DatabaseCursor/arguments``, ``DatabaseCursor/columnNames`` and
/// ``DatabaseCursor/databaseRegion``.
///
/// See <https://www.sqlite.org/c3ref/column_blob.html>.
public final class FastDatabaseValueCursor<Value: DatabaseValueConvertible & StatementColumnConvertible>: DatabaseCursor {
    /// The type of the cursor elements: the fetched values.
    ///
    /// ```swift
    /// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
    /// let name: String? = try names.next()
    /// ```
    public typealias Element = Value

    // Unchecked: a cursor is used by one thread, in one access closure.
    @usableFromInline @exclusivity(unchecked) var core: _RowStepper

    /// A cursor of the leftmost column of the rows of a statement, adapted
    /// by a layout (see ``RowAdapter``).
    init(statement: Statement, layout: RowLayout? = nil) throws {
        core = try _RowStepper(leftmostColumnOf: statement, layout: layout)
        _statement = statement
    }

    deinit {
        core.release()
    }

    /// The statement that steps (a ``DatabaseCursor`` requirement).
    public let _statement: Statement

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement):
    /// setting it to true ends it for good.
    public var _isDone: Bool {
        get { core.isDone }
        set { if newValue { core.finish() } }
    }

    /// Returns the value of its leftmost column, the statement being on a row (a
    /// ``DatabaseCursor`` requirement).
    public func _element(sqliteStatement: SQLiteStatement) throws -> Value {
        try core.row._fastDecode(Value.self, atUncheckedIndex: 0)
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
    @inlinable
    public func next() throws -> Value? {
        guard try core.step() else { return nil }
        return try core.row._fastDecode(Value.self, atUncheckedIndex: 0)
    }
}
