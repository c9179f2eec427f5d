/// A cursor of records.
///
/// ```swift
/// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
/// while let player = try players.next() {
///     print(player.name)
/// }
/// ```
///
/// Each step builds a record from a row that reads straight from the
/// SQLite statement. Like all database cursors, a record cursor is only
/// valid inside the database access closure that created it.
///
/// A record cursor is a ``DatabaseCursor``: it tells its
/// ``DatabaseCursor/sql``, ``DatabaseCursor/arguments``,
/// ``DatabaseCursor/columnNames`` and ``DatabaseCursor/databaseRegion``.
///
/// See <https://www.sqlite.org/c3ref/step.html>.
public final class RecordCursor<Record: FetchableRecord>: DatabaseCursor {
    /// The type of the cursor elements: records.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db)
    /// let player: RecordCursor<Player>.Element? = try players.next()
    /// ```
    public typealias Element = Record

    // Unchecked: a cursor is used by one thread, in one access closure,
    // and dynamic exclusivity checks cost as much as a column read.
    @usableFromInline @exclusivity(unchecked) var _core: _RowStepper

    /// A cursor that steps a statement. Rows of joined requests have a
    /// layout, which tells the columns of associated records apart.
    ///
    /// - Parameters:
    ///   - statement: The statement, reset, with its arguments set.
    ///   - layout: The layout of the rows, or nil.
    ///   - adapter: The adapter that made `layout`, for a statement that
    ///     SQLite compiles again with other columns at the first step.
    init(statement: Statement, layout: RowLayout? = nil, adapter: (any RowAdapter)? = nil) {
        _statement = statement
        _core = _RowStepper(statement: statement, layout: layout, adapter: adapter)
    }

    /// A cursor that iterates rows that are already fetched.
    init(statement: Statement, prefetchedRows: [Row]) {
        _statement = statement
        _core = _RowStepper(statement: statement, prefetchedRows: prefetchedRows)
    }

    deinit {
        _core.release()
    }

    /// The statement that produces the rows.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
    /// print(players.statement.sql) // SELECT * FROM player
    /// ```
    public var statement: Statement { _statement }

    /// The statement that steps (a ``DatabaseCursor`` requirement).
    public let _statement: Statement

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement):
    /// setting it to true ends it for good.
    public var _isDone: Bool {
        get { _core.isDone }
        set { if newValue { _core.finish() } }
    }

    /// Returns the record built from its row, the statement being on a row (a
    /// ``DatabaseCursor`` requirement).
    public func _element(sqliteStatement: SQLiteStatement) throws -> Record {
        try Record(row: _core.row)
    }

    // @inlinable: allows specialization for the record type in client
    // code, so that `init(row:)` is called directly.

    /// Returns the next record, or nil at the end.
    ///
    /// ```swift
    /// while let player = try players.next() {
    ///     print(player.name)
    /// }
    /// ```
    ///
    /// - Throws: A ``DatabaseError``, or the error thrown by `init(row:)`.
    @inlinable
    public func next() throws -> Record? {
        guard try _core.step() else { return nil }
        return try Record(row: _core.row)
    }
}
