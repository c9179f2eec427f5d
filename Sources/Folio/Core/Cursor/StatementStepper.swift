import CSQLite

/// The state shared by cursors that step a prepared statement: it refuses
/// to step once the database access closure that created the cursor has
/// returned, and resets the statement when iteration ends.
///
/// The first step of an iteration takes a path of its own, off the hot
/// path of the steps that follow: it tells the statement to read its
/// columns again when SQLite compiled it again (see
/// ``Statement/refreshColumnsIfRecompiled()``), and tells the cursor, in
/// ``columnsDidChange``, to build its row again before handing it out.
@usableFromInline
struct _StatementStepper {
    @usableFromInline let statement: Statement
    @usableFromInline let sqliteStatement: SQLiteStatement
    let database: Database
    let accessGeneration: Int
    @usableFromInline var isDone = false

    /// Whether the first step produced a row, and the iteration goes on:
    /// the next steps take the short path (``stepNext()``).
    @usableFromInline private(set) var isStepping = false

    /// Whether a step failed: the steps that follow throw its error again
    /// (kept in `Statement.lastCursorFailure`, so that the stepper keeps
    /// its size), as in GRDB, instead of looking exhausted.
    private var failed = false

    /// Whether the first step found the statement compiled again with
    /// other columns: the cursor must build again what it derived from
    /// the columns (its row, the layout of its adapter) before it hands
    /// out the first row.
    private(set) var columnsDidChange = false

    @usableFromInline
    init(statement: Statement) {
        self.statement = statement
        self.sqliteStatement = statement.sqliteStatement
        self.database = statement.database
        self.accessGeneration = statement.database.accessGeneration
        statement.cursorUseCount += 1
    }

    /// Steps the statement: true when a row is available.
    ///
    /// Always inlined: the loops of the cursors and of `fetchAll` step
    /// without a call, the first step being out of line.
    @usableFromInline @inline(__always)
    mutating func step() throws -> Bool {
        if !isStepping { return try firstStep() }
        return try stepNext()
    }

    /// Steps the statement after the first step (``isStepping`` is true):
    /// true when a row is available.
    @usableFromInline @inline(__always)
    mutating func stepNext() throws -> Bool {
        guard database.accessGeneration == accessGeneration, database.sqliteConnection != nil else {
            throw accessEndedError()
        }
        do {
            if try statement.step(in: database) { return true }
        } catch {
            fail(error)
            throw error
        }
        finish()
        return false
    }

    /// The first step of the iteration (or a step after its end): steps,
    /// then refreshes the columns of a statement that SQLite compiled
    /// again.
    @inline(never)
    private mutating func firstStep() throws -> Bool {
        if isDone {
            if failed, let failure = statement.lastCursorFailure { throw failure }
            return false
        }
        guard database.accessGeneration == accessGeneration, database.sqliteConnection != nil else {
            throw accessEndedError()
        }
        let hasRow: Bool
        do {
            hasRow = try statement.step(in: database)
        } catch {
            fail(error)
            throw error
        }
        columnsDidChange = statement.refreshColumnsIfRecompiled()
        guard hasRow else {
            finish()
            return false
        }
        isStepping = true
        return true
    }

    /// Ends the iteration, and returns the error of a step outside of the
    /// database access that created the cursor.
    private mutating func accessEndedError() -> DatabaseError {
        finish()
        let error = DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "a database cursor was used outside of the database access closure that created it",
            sql: statement.sql)
        fail(error)
        return error
    }

    /// Ends the iteration after a failed step, and keeps its error.
    @inline(never)
    private mutating func fail(_ error: any Error) {
        finish()
        failed = true
        statement.lastCursorFailure = error
    }

    /// Ends the iteration and resets the statement.
    @usableFromInline
    mutating func finish() {
        guard !isDone else { return }
        isDone = true
        isStepping = false
        sqlite3_reset(sqliteStatement)
        statement.cursorUseCount -= 1
    }
}
