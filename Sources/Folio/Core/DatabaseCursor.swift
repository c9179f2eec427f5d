import CSQLite

/// The state shared by cursors that step a prepared statement: it refuses
/// to step once the database access closure that created the cursor has
/// returned, and resets the statement when iteration ends.
@usableFromInline
struct _StatementStepper {
    @usableFromInline let statement: Statement
    @usableFromInline let sqliteStatement: SQLiteStatement
    let database: Database
    let accessGeneration: Int
    @usableFromInline var isDone = false

    init(statement: Statement) {
        self.statement = statement
        self.sqliteStatement = statement.sqliteStatement
        self.database = statement.database
        self.accessGeneration = statement.database.accessGeneration
        statement.cursorUseCount += 1
    }

    /// Steps the statement: true when a row is available.
    @usableFromInline
    mutating func step() throws -> Bool {
        if isDone { return false }
        guard database.accessGeneration == accessGeneration, database.sqliteConnection != nil else {
            finish()
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a database cursor was used outside of the database access closure that created it",
                sql: statement.sql)
        }
        do {
            if try statement.step(in: database) { return true }
        } catch {
            finish()
            throw error
        }
        finish()
        return false
    }

    /// Ends iteration and releases the statement.
    @usableFromInline
    mutating func finish() {
        guard !isDone else { return }
        isDone = true
        sqlite3_reset(sqliteStatement)
        statement.cursorUseCount -= 1
    }
}

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
public final class RowCursor: Cursor {
    /// The statement that produces the rows.
    public let statement: Statement

    /// The row returned at each step, reused.
    public let row: Row

    // Unchecked: a cursor is used by one thread, in one access closure,
    // and dynamic exclusivity checks cost as much as a column read.
    @exclusivity(unchecked) private var stepper: _StatementStepper?
    @exclusivity(unchecked) private var rows: IndexingIterator<[Row]>?

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
        self.rows = rows.makeIterator()
        stepper = nil
        row = Row()
    }

    deinit {
        stepper?.finish()
        row._releaseStepCaches()
    }

    /// Returns the next row, or nil at the end.
    public func next() throws -> Row? {
        if rows != nil {
            return rows!.next()
        }
        return try stepper!.step() ? row : nil
    }
}

/// A cursor of values read from the leftmost column of a query.
///
/// ```swift
/// let names = try String.fetchCursor(db, sql: "SELECT name FROM player")
/// ```
public final class DatabaseValueCursor<Value: DatabaseValueConvertible>: Cursor {
    private var stepper: _StatementStepper
    private let row: Row

    init(statement: Statement) throws {
        guard statement.columnCount > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
        stepper = _StatementStepper(statement: statement)
        row = Row(statement: statement)
    }

    deinit {
        stepper.finish()
    }

    /// Returns the next value, or nil at the end.
    ///
    /// - Throws: A ``RowDecodingError`` when a value does not convert.
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        return try row._decode(Value.self, atUncheckedIndex: 0)
    }
}

/// A cursor of values read straight from the leftmost column of a query,
/// for the types that read SQLite columns directly (`Int`, `String`...).
public final class FastDatabaseValueCursor<Value: DatabaseValueConvertible & StatementColumnConvertible>: Cursor {
    @usableFromInline var stepper: _StatementStepper
    @usableFromInline let row: Row

    init(statement: Statement) throws {
        guard statement.columnCount > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "statement returns no column", sql: statement.sql)
        }
        stepper = _StatementStepper(statement: statement)
        row = Row(statement: statement)
    }

    deinit {
        stepper.finish()
    }

    /// Returns the next value, or nil at the end.
    ///
    /// - Throws: A ``RowDecodingError`` when a value does not convert.
    @inlinable
    public func next() throws -> Value? {
        guard try stepper.step() else { return nil }
        return try row._fastDecode(Value.self, atUncheckedIndex: 0)
    }
}
