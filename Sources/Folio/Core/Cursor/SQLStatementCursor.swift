import CSQLite

/// A cursor over all statements in an SQL string (see
/// ``Database/allStatements(sql:arguments:)`` and
/// ``Database/allStatements(literal:)``).
///
/// ```swift
/// let statements = try db.allStatements(sql: """
///     INSERT INTO player (name, score) VALUES (?, ?);
///     INSERT INTO player (name, score) VALUES (?, ?);
///     """, arguments: ["Arthur", 100, "O'Brien", 1000])
/// while let statement = try statements.next() {
///     try statement.execute()
/// }
/// ```
///
/// Each call to ``next()`` compiles one statement, when the previous ones
/// may have run: a statement can depend on the effects of the previous
/// ones. Turning the cursor into an array compiles all statements before
/// any runs:
///
/// ```swift
/// // OK: both statements compile before the table is modified.
/// let statements = try Array(db.allStatements(sql: "INSERT ...; UPDATE ...;"))
///
/// // FAILURE: the INSERT does not compile before CREATE TABLE runs.
/// let statements = try Array(db.allStatements(sql: "CREATE TABLE player ...; INSERT INTO player ...;"))
/// ```
///
/// The results of several `SELECT` statements can be joined into a single
/// cursor:
///
/// ```swift
/// let players = try db.allStatements(sql: "SELECT ...; SELECT ...;")
///     .flatMap { statement in try Player.fetchCursor(statement) }
/// ```
///
/// Like database cursors, it is valid only during the database access that
/// created it.
///
/// See <https://www.sqlite.org/c3ref/prepare.html>.
public class SQLStatementCursor: Cursor {
    private let database: Database
    /// The SQL, as the C string that SQLite compiles.
    private let cString: ContiguousArray<CChar>
    /// The SQL, for errors.
    private let sql: String
    /// Where the next statement starts in ``cString``.
    private var offset = 0
    /// The arguments shared by the statements, or nil.
    private let arguments: StatementArguments?
    /// The positional values not taken yet by a statement.
    private var remainingValues: ArraySlice<DatabaseValue>
    /// The named values that a statement has used.
    private var usedNames: Set<String> = []
    private let accessGeneration: Int
    private var isDone = false

    init(database: Database, sql: String, arguments: StatementArguments?) {
        self.database = database
        self.sql = sql
        self.cString = sql.utf8CString
        self.arguments = arguments
        self.remainingValues = arguments?.values[...] ?? []
        self.accessGeneration = database.accessGeneration
    }

    /// Compiles the next statement and returns it, or returns nil if no
    /// statement is left.
    ///
    /// Once nil has been returned, all subsequent calls return nil. When
    /// the cursor was given arguments, the returned statement has its
    /// share of them set.
    ///
    /// ```swift
    /// while let statement = try statements.next() {
    ///     try statement.execute()
    /// }
    /// ```
    ///
    /// - Returns: The next prepared statement, or nil.
    /// - Throws: A ``DatabaseError``: the compilation error of the
    ///   statement (the iteration then ends), a statement that lacks an
    ///   argument, arguments left after the last statement, or a cursor
    ///   used outside of the database access that created it.
    ///   See <https://www.sqlite.org/c3ref/prepare.html>.
    public func next() throws -> Statement? {
        guard !isDone else { return nil }
        do {
            guard database.accessGeneration == accessGeneration else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "a statement cursor was used outside of the database access closure that created it",
                    sql: sql)
            }
            let connection = try database.checkOpen()
            if let statement = try prepareNextStatement(connection) {
                return statement
            }
            isDone = true
            if let arguments {
                try Database.checkAllArgumentsUsed(
                    arguments, remaining: remainingValues, usedNames: usedNames, sql: sql)
            }
            return nil
        } catch {
            isDone = true
            throw error
        }
    }

    /// Compiles the statement at ``offset``, skipping empty statements and
    /// comments, and binds its share of the arguments.
    private func prepareNextStatement(_ connection: SQLiteConnection) throws -> Statement? {
        try cString.withUnsafeBufferPointer { buffer -> Statement? in
            guard let base = buffer.baseAddress else { return nil }
            while base[offset] != 0 {
                let current = base + offset
                var sqliteStatement: SQLiteStatement?
                var tail: UnsafePointer<CChar>?
                database.authorizer.startRecording()
                let code = sqlite3_prepare_v3(connection, current, -1, 0, &sqliteStatement, &tail)
                guard code == SQLITE_OK else {
                    // The tail of a failed compilation points where the
                    // error was found: report the rest of the SQL instead.
                    throw DatabaseError.lastError(connection, code: code, sql: Database.text(from: current, to: nil))
                }
                guard let tail, tail > current else {
                    // Nothing was consumed: only white space is left.
                    sqlite3_finalize(sqliteStatement)
                    return nil
                }
                offset = base.distance(to: tail)
                guard let sqliteStatement else {
                    continue // an empty statement, or a comment
                }
                let statement = Statement(
                    database: database,
                    sqliteStatement: sqliteStatement,
                    sql: Database.text(from: current, to: tail))
                if let arguments {
                    try bindShare(of: arguments, to: statement)
                    if Database.isBlank(tail) {
                        // The last statement: refuse extra arguments
                        // before it runs, as execute(sql:arguments:) does.
                        try Database.checkAllArgumentsUsed(
                            arguments, remaining: remainingValues, usedNames: usedNames, sql: sql)
                    }
                }
                return statement
            }
            return nil
        }
    }

    /// Sets the arguments of a statement: the named values it needs, and
    /// positional values taken in order for its other parameters.
    private func bindShare(of arguments: StatementArguments, to statement: Statement) throws {
        let names = Set(statement.parameterNames.compactMap { $0 })
        let positionalCount = statement.parameterNames.count { name in
            guard let name else { return true }
            return arguments.namedValues[name] == nil
        }
        let taken = Swift.min(positionalCount, remainingValues.count)
        var share = StatementArguments()
        share.values = Array(remainingValues.prefix(taken))
        share.namedValues = arguments.namedValues.filter { names.contains($0.key) }
        remainingValues.removeFirst(taken)
        usedNames.formUnion(names)
        // Throws when the statement lacks a value.
        try statement.setArguments(share)
    }
}
