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
    public var row: Row { currentRow }

    // Unchecked: a cursor is used by one thread, in one access closure,
    // and dynamic exclusivity checks cost as much as a column read.

    /// Storage for ``row``: built again when the first step finds the
    /// statement compiled again with other columns.
    @exclusivity(unchecked) private var currentRow: Row

    /// The layout of the rows, made again with the columns of a statement
    /// that SQLite compiled again.
    @exclusivity(unchecked) private(set) var layout: RowLayout?

    /// The adapter that made ``layout``, which makes it again for new
    /// columns; nil when the layout does not depend on the columns.
    private let adapter: (any RowAdapter)?

    @exclusivity(unchecked) private var stepper: _StatementStepper?
    @exclusivity(unchecked) private var prefetchedRows: [Row]?
    @exclusivity(unchecked) private var prefetchedIndex = 0

    /// Whether the first step has run: the next ones take the short path.
    /// Always false for a cursor over prefetched rows.
    @exclusivity(unchecked) private var hasStarted = false

    /// Creates a cursor over the rows of a statement.
    ///
    /// - Parameters:
    ///   - statement: The statement, reset, with its arguments set.
    ///   - layout: The layout of the rows, or nil.
    ///   - adapter: The adapter that made `layout`, for a statement that
    ///     SQLite compiles again with other columns at the first step.
    init(statement: Statement, layout: RowLayout? = nil, adapter: (any RowAdapter)? = nil) {
        self.statement = statement
        _statement = statement
        self.layout = layout
        self.adapter = adapter
        stepper = _StatementStepper(statement: statement)
        currentRow = Row(statement: statement, layout: layout)
        currentRow._enableStepCaches()
    }

    /// A cursor over rows fetched already (requests with prefetched
    /// associations).
    init(rows: [Row], statement: Statement) {
        self.statement = statement
        _statement = statement
        prefetchedRows = rows
        stepper = nil
        adapter = nil
        currentRow = Row()
    }

    deinit {
        stepper?.finish()
        currentRow._releaseStepCaches()
    }

    /// The statement that produces the rows (a ``DatabaseCursor``
    /// requirement).
    ///
    /// ```swift
    /// let rows = try Row.fetchCursor(db, sql: "SELECT * FROM player")
    /// print(rows._statement.sql) // SELECT * FROM player
    /// ```
    public let _statement: Statement

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
        if !hasStarted {
            return try firstNext()
        }
        return try stepper!.step() ? currentRow : nil
    }

    /// The first row of a statement, or the next prefetched row.
    @inline(never)
    private func firstNext() throws -> Row? {
        if prefetchedRows != nil {
            return nextPrefetchedRow()
        }
        hasStarted = true
        guard try stepper!.step() else { return nil }
        if stepper!.columnsDidChange {
            try statementColumnsDidChange()
        }
        return currentRow
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
                stepper!.finish()
                throw error
            }
        }
        currentRow._releaseStepCaches()
        currentRow = Row(statement: statement, layout: layout)
        currentRow._enableStepCaches()
    }

    /// Returns copies of the rows that remain, each with the ``layout``
    /// of the cursor (made again after the first step, when SQLite
    /// compiled the statement again with other columns). For a cursor
    /// that steps a statement and has not started.
    func copyAll() throws -> [Row] {
        var rows: [Row] = []
        guard try next() != nil else { return rows }
        let layout = self.layout
        repeat {
            rows.append(Row(copiedFrom: statement, layout: layout))
        } while try stepper!.step()
        return rows
    }

    /// Returns all remaining rows of a cursor whose rows have no layout,
    /// copied into one buffer of values that they share (see
    /// ``Row/init(buffer:base:statement:)``): one array for all rows
    /// instead of one per row. The prefetched rows of associations are
    /// fetched this way.
    func copyAllIntoBuffer() throws -> [Row] {
        guard try next() != nil else { return [] }
        // After the first step: SQLite may have compiled the statement
        // again, with other columns.
        let columnCount = statement.columnCount
        let sqliteStatement = statement.sqliteStatement
        var buffer: [DatabaseValue] = []
        var rowCount = 0
        repeat {
            for index in 0..<CInt(columnCount) {
                buffer.append(DatabaseValue(sqliteStatement: sqliteStatement, index: index))
            }
            rowCount += 1
        } while try stepper!.step()
        // The rows refer to the buffer once it is complete: appending to
        // a buffer that rows share would copy it.
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for rowIndex in 0..<rowCount {
            rows.append(Row(buffer: buffer, base: rowIndex &* columnCount, statement: statement))
        }
        return rows
    }

    private func nextPrefetchedRow() -> Row? {
        guard let prefetchedRows, prefetchedIndex < prefetchedRows.count else { return nil }
        defer { prefetchedIndex += 1 }
        return prefetchedRows[prefetchedIndex]
    }
}
