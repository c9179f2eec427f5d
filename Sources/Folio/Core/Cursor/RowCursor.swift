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
    public var row: Row { core.row }

    /// The layout of the rows, made again with the columns of a statement
    /// that SQLite compiled again.
    var layout: RowLayout? { core.layout }

    // Unchecked: a cursor is used by one thread, in one access closure,
    // and dynamic exclusivity checks cost as much as a column read.
    @exclusivity(unchecked) private var core: _RowStepper

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
        core = _RowStepper(statement: statement, layout: layout, adapter: adapter)
    }

    /// A cursor over rows fetched already (requests with prefetched
    /// associations).
    init(rows: [Row], statement: Statement) {
        self.statement = statement
        _statement = statement
        core = _RowStepper(statement: statement, prefetchedRows: rows)
    }

    /// The statement that steps (a ``DatabaseCursor`` requirement).
    public let _statement: Statement

    /// Whether the iteration has ended (a ``DatabaseCursor`` requirement):
    /// setting it to true ends it for good.
    public var _isDone: Bool {
        get { core.isDone }
        set { if newValue { core.finish() } }
    }

    /// Returns the reused row, the statement being on a row (a
    /// ``DatabaseCursor`` requirement).
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
        try core.step() ? core.row : nil
    }

    /// Returns copies of the rows that remain, each with the ``layout``
    /// of the cursor (made again after the first step, when SQLite
    /// compiled the statement again with other columns). For a cursor
    /// that steps a statement and has not started.
    func copyAll() throws -> [Row] {
        var rows: [Row] = []
        guard try core.step() else { return rows }
        let layout = core.layout
        repeat {
            rows.append(Row(copiedFrom: _statement, layout: layout))
        } while try core.step()
        return rows
    }

    /// Returns all remaining rows of a cursor whose rows have no layout,
    /// copied into one buffer of values (see ``PrefetchBuffer``): one
    /// array for all rows instead of one per row, and no `Row` until one
    /// is needed. The prefetched rows of associations are fetched this
    /// way.
    func copyAllIntoBuffer() throws -> PrefetchBuffer {
        var buffer: [DatabaseValue] = []
        var rowCount = 0
        if try core.step() {
            // After the first step: SQLite may have compiled the statement
            // again, with other columns.
            let columnCount = statement.columnCount
            let sqliteStatement = statement.sqliteStatement
            repeat {
                for index in 0..<CInt(columnCount) {
                    buffer.append(DatabaseValue(sqliteStatement: sqliteStatement, index: index))
                }
                rowCount += 1
            } while try core.step()
        }
        return PrefetchBuffer(values: buffer, rowCount: rowCount, statement: statement)
    }

    deinit {
        core.release()
    }
}
