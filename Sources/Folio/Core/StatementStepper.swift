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

    @usableFromInline
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
