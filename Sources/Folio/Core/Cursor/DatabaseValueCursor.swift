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

    /// A cursor of the values of the leftmost column of a statement (of
    /// its rows adapted by `layout`, see ``RowAdapter``), decoded from
    /// database values.
    init(statement: Statement, layout: RowLayout? = nil) throws {
        _statement = statement
        core = try _RowStepper(leftmostColumnOf: statement, layout: layout)
    }

    /// The steps, and the row they read the values from. Unchecked: a
    /// cursor is used by one thread, in one access closure.
    @exclusivity(unchecked) private var core: _RowStepper

    /// Returns the value of its leftmost column, the statement being on a row (a
    /// ``DatabaseCursor`` requirement).
    public func _element(sqliteStatement: SQLiteStatement) throws -> Value {
        try core.row._decode(Value.self, atUncheckedIndex: 0)
    }

    /// Returns the next value, decoded from the database value of the
    /// leftmost column, or nil at the end.
    ///
    /// ```swift
    /// let urls = try URL.fetchCursor(db, sql: "SELECT url FROM link")
    /// let firstURL: URL? = try urls.next()
    /// ```
    ///
    /// - Throws: A ``DatabaseError`` when the step fails (again at each
    ///   call after a failed step), a ``RowDecodingError`` when a value
    ///   does not convert to `Value`.
    public func next() throws -> Value? {
        guard try core.step() else { return nil }
        return try core.row._decode(Value.self, atUncheckedIndex: 0)
    }

    /// The statement that steps (a ``DatabaseCursor`` requirement).
    public let _statement: Statement

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement):
    /// setting it to true ends it for good.
    public var _isDone: Bool {
        get { core.isDone }
        set { if newValue { core.finish() } }
    }

    deinit {
        core.release()
    }
}
