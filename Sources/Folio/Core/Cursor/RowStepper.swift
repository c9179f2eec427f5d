/// The skeleton of the cursors that hand out one row per step: the row
/// cursor (``RowCursor``), the value cursors (``DatabaseValueCursor``,
/// ``FastDatabaseValueCursor``) and the record cursor (`RecordCursor`).
/// Each of them only makes its element from ``row``.
///
/// It steps the statement through a ``_StatementStepper`` (which refuses
/// to step outside of the database access that created the cursor, keeps
/// the error of a failed step and throws it again at the next steps, as
/// GRDB does, and resets the statement when the iteration ends), keeps
/// the row that reads from the statement, and builds it again, with its
/// layout, when the first step finds the statement compiled again with
/// other columns. A cursor over rows fetched beforehand (prefetched
/// associations) hands them out one by one instead.
///
/// The steps after the first one test one flag, then step
/// (``_StatementStepper/stepNext()``); the first step, the end of the
/// iteration and prefetched rows take ``firstStep()``, out of line.
@usableFromInline
struct _RowStepper {
    @usableFromInline var stepper: _StatementStepper

    /// The row of the current step: the row that reads from the
    /// statement, reused from one step to the next, or a prefetched row.
    @usableFromInline private(set) var row: Row

    /// The layout of the rows, made again with the columns of a statement
    /// that SQLite compiled again.
    private(set) var layout: RowLayout?

    /// The adapter that made ``layout``, which makes it again for new
    /// columns; nil when the layout does not depend on the columns.
    private let adapter: (any RowAdapter)?

    /// The rows fetched beforehand, handed out instead of stepping; nil
    /// for a cursor that steps its statement.
    private let prefetchedRows: [Row]?
    private var prefetchedIndex = 0

    /// Steps a statement.
    ///
    /// - Parameters:
    ///   - statement: The statement, reset, with its arguments set.
    ///   - layout: The layout of the rows, or nil.
    ///   - adapter: The adapter that made `layout`, for a statement that
    ///     SQLite compiles again with other columns at the first step.
    init(statement: Statement, layout: RowLayout?, adapter: (any RowAdapter)?) {
        stepper = _StatementStepper(statement: statement)
        row = Row(statement: statement, layout: layout)
        row._enableStepCaches()
        self.layout = layout
        self.adapter = adapter
        prefetchedRows = nil
    }

    /// Steps a statement for the values of the leftmost column of its
    /// rows (adapted by `layout`).
    ///
    /// - Throws: A ``DatabaseError`` when the rows have no column.
    init(leftmostColumnOf statement: Statement, layout: RowLayout?) throws {
        self.init(statement: statement, layout: layout, adapter: nil)
        guard row.count > 0 else {
            stepper.finish()
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
    }

    /// Hands out rows fetched beforehand; the statement is not stepped.
    init(statement: Statement, prefetchedRows: [Row]) {
        stepper = _StatementStepper(statement: statement)
        stepper.finish()
        row = Row()
        adapter = nil
        self.prefetchedRows = prefetchedRows
    }

    /// Whether the iteration has ended.
    var isDone: Bool {
        if let prefetchedRows { return prefetchedIndex >= prefetchedRows.count }
        return stepper.isDone
    }

    /// Moves to the next row: true when ``row`` is one.
    ///
    /// - Throws: The error of the step, again at each call after a failed
    ///   step; the error of the adapter when it does not fit the columns
    ///   of a statement that SQLite compiled again.
    @usableFromInline @inline(__always)
    mutating func step() throws -> Bool {
        if stepper.isStepping { return try stepper.stepNext() }
        return try firstStep()
    }

    /// The first step, a step after the end, or the next prefetched row.
    @usableFromInline @inline(never)
    mutating func firstStep() throws -> Bool {
        if let prefetchedRows {
            guard prefetchedIndex < prefetchedRows.count else { return false }
            row = prefetchedRows[prefetchedIndex]
            prefetchedIndex += 1
            return true
        }
        guard try stepper.step() else { return false }
        if stepper.columnsDidChange {
            try statementColumnsDidChange()
        }
        return true
    }

    /// Builds the row again, and its layout, for the columns of a
    /// statement that SQLite compiled again at the first step.
    ///
    /// - Throws: The error of the adapter, when it does not fit the new
    ///   columns; the iteration ends.
    private mutating func statementColumnsDidChange() throws {
        let statement = stepper.statement
        if let adapter {
            do {
                layout = try adapter.rowLayout(for: statement)
            } catch {
                stepper.finish()
                throw error
            }
        }
        row._releaseStepCaches()
        row = Row(statement: statement, layout: layout)
        row._enableStepCaches()
    }

    /// Ends the iteration: resets the statement, or skips the prefetched
    /// rows that remain. An ended iteration does not start again.
    mutating func finish() {
        stepper.finish()
        if let prefetchedRows { prefetchedIndex = prefetchedRows.count }
    }

    /// Ends the iteration and releases what the reused row keeps between
    /// steps: the cursor is deinitialized.
    mutating func release() {
        stepper.finish()
        if prefetchedRows == nil { row._releaseStepCaches() }
    }
}
