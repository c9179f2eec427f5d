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
    @usableFromInline @exclusivity(unchecked) var _stepper: _StatementStepper

    /// The row given to `init(row:)` at each step, reused; built again
    /// when the first step finds the statement compiled again with other
    /// columns.
    @usableFromInline @exclusivity(unchecked) var _row: Row

    /// The layout of the rows, and the adapter that made it, which makes
    /// it again for the columns of a statement that SQLite compiled
    /// again (nil when the layout does not depend on the columns).
    private var layout: RowLayout?
    private let adapter: (any RowAdapter)?

    /// Rows fetched ahead of iteration, when the request needed them all
    /// before records could be built (prefetched associations).
    @usableFromInline let _prefetchedRows: [Row]?
    @usableFromInline @exclusivity(unchecked) var _prefetchedIndex = 0

    /// Whether the first step has run: the next ones take the short path.
    /// Always false for a cursor over prefetched rows.
    @usableFromInline @exclusivity(unchecked) var _hasStarted = false

    /// A cursor that steps a statement. Rows of joined requests have a
    /// layout, which tells the columns of associated records apart.
    ///
    /// - Parameters:
    ///   - statement: The statement, reset, with its arguments set.
    ///   - layout: The layout of the rows, or nil.
    ///   - adapter: The adapter that made `layout`, for a statement that
    ///     SQLite compiles again with other columns at the first step.
    init(statement: Statement, layout: RowLayout? = nil, adapter: (any RowAdapter)? = nil) {
        _stepper = _StatementStepper(statement: statement)
        _statement = statement
        _row = Row(statement: statement, layout: layout)
        _row._enableStepCaches()
        self.layout = layout
        self.adapter = adapter
        _prefetchedRows = nil
    }

    /// A cursor that iterates rows that are already fetched.
    init(statement: Statement, prefetchedRows: [Row]) {
        _stepper = _StatementStepper(statement: statement)
        _statement = statement
        _stepper.finish()
        _row = Row(statement: statement)
        adapter = nil
        _prefetchedRows = prefetchedRows
    }

    deinit {
        _stepper.finish()
        _row._releaseStepCaches()
    }

    /// The statement that produces the rows.
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
    /// print(players.statement.sql) // SELECT * FROM player
    /// ```
    public var statement: Statement { _stepper.statement }

    /// The statement that produces the rows (a ``DatabaseCursor``
    /// requirement).
    ///
    /// ```swift
    /// let players = try Player.fetchCursor(db, sql: "SELECT * FROM player")
    /// print(players._statement.sql) // SELECT * FROM player
    /// ```
    public let _statement: Statement

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement).
    /// Setting it to true ends the iteration and resets the statement;
    /// an ended iteration does not start again.
    ///
    /// ```swift
    /// players._isDone = true
    /// try players.next() // nil
    /// ```
    public var _isDone: Bool {
        get {
            if let rows = _prefetchedRows { return _prefetchedIndex >= rows.count }
            return _stepper.isDone
        }
        set {
            guard newValue else { return }
            _stepper.finish()
            _prefetchedIndex = _prefetchedRows?.count ?? 0
        }
    }

    /// Returns the record for the row that the statement has just produced
    /// (a ``DatabaseCursor`` requirement).
    ///
    /// ```swift
    /// let player = try players._element(sqliteStatement: players._statement.sqliteStatement)
    /// ```
    ///
    /// - Parameter sqliteStatement: The statement, positioned on a row.
    /// - Returns: The record.
    /// - Throws: The error of `init(row:)`.
    public func _element(sqliteStatement: SQLiteStatement) throws -> Record {
        try Record(row: _row)
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
        // One call to `init(row:)` for all the steps of a statement, so
        // that the compiler can inline it in the loop.
        if _hasStarted {
            guard try _stepper.step() else { return nil }
        } else {
            if let rows = _prefetchedRows {
                guard _prefetchedIndex < rows.count else { return nil }
                defer { _prefetchedIndex += 1 }
                return try Record(row: rows[_prefetchedIndex])
            }
            guard try _firstStep() else { return nil }
        }
        return try Record(row: _row)
    }

    /// The first step of a statement: true when a row is available.
    @usableFromInline
    func _firstStep() throws -> Bool {
        _hasStarted = true
        guard try _stepper.step() else { return false }
        if _stepper.columnsDidChange {
            try statementColumnsDidChange()
        }
        return true
    }

    /// Builds the row again, and its layout, for the columns of a
    /// statement that SQLite compiled again at the first step.
    ///
    /// - Throws: The error of the adapter, when it does not fit the new
    ///   columns; the iteration ends.
    private func statementColumnsDidChange() throws {
        if let adapter {
            do {
                layout = try adapter.rowLayout(for: statement)
            } catch {
                _stepper.finish()
                throw error
            }
        }
        _row._releaseStepCaches()
        _row = Row(statement: statement, layout: layout)
        _row._enableStepCaches()
    }
}
