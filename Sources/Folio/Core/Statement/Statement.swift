import CSQLite

/// A prepared statement: SQL compiled once, that can run many times with
/// different arguments.
///
/// ```swift
/// let statement = try db.makeStatement(sql: "INSERT INTO player (name, score) VALUES (?, ?)")
/// try statement.execute(arguments: ["Arthur", 1000])
/// try statement.execute(arguments: ["Barbara", 750])
///
/// let select = try db.makeStatement(sql: "SELECT * FROM player WHERE score > ?")
/// let players = try Row.fetchAll(select, arguments: [500])
/// ```
///
/// A statement belongs to its ``Database`` connection and must not be used
/// outside of the database access closure that created it.
///
/// See <https://www.sqlite.org/c3ref/stmt.html>.
///
/// ## Topics
/// - ``sql``
/// - ``arguments``
/// - ``setArguments(_:)``
/// - ``execute(arguments:)``
/// - ``columnNames``
public final class Statement {
    /// The raw SQLite statement handle.
    public let sqliteStatement: SQLiteStatement

    /// The SQL of the statement, without leading and trailing white space.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT * FROM player")
    /// print(statement.sql) // "SELECT * FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/expanded_sql.html>.
    public var sql: String { storedSQL }

    /// Storage for ``sql``.
    private let storedSQL: String

    /// The connection of the statement.
    unowned let database: Database

    /// The statement arguments: the values bound to its parameters.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "INSERT INTO player (id, name) VALUES (?, ?)")
    /// statement.arguments = [1, "Arthur"]
    /// print(statement.arguments) // [1, "Arthur"]
    /// try statement.execute()
    /// ```
    ///
    /// Setting arguments checks them against the statement parameters and
    /// binds them. Arguments that do not fit (a missing value, a value too
    /// many, an unknown name), or a value that SQLite can not store, do not
    /// run: the next execution of the statement throws the
    /// ``DatabaseError`` that ``setArguments(_:)`` would have thrown. Use
    /// ``setArguments(_:)`` to get that error at once.
    ///
    /// See <https://www.sqlite.org/c3ref/bind_blob.html>.
    public var arguments: StatementArguments {
        get { boundArguments }
        set {
            do {
                try setArguments(newValue)
            } catch let error as DatabaseError {
                // The setter can not throw: the statement keeps the error
                // and does not run until arguments are set again.
                deferArgumentsError(error, arguments: newValue)
            } catch {
                fatalError("setArguments(_:) throws DatabaseError only")
            }
        }
    }

    /// Storage for ``arguments``: the arguments bound last.
    /// Unchecked: a statement is used by one thread at a time, and every
    /// run sets it (the dynamic exclusivity checks cost ~60 instructions
    /// per insertion of workload 6).
    @exclusivity(unchecked) var boundArguments = StatementArguments()

    /// The number of columns in the rows of the statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT id, name FROM player")
    /// statement.columnCount // 2
    /// ```
    ///
    /// When another connection changes the schema, SQLite compiles the
    /// statement again at its next first step, and the count follows the
    /// new columns once the statement has run (see
    /// ``Database/cachedStatement(sql:)``).
    ///
    /// See <https://www.sqlite.org/c3ref/column_count.html>.
    public var columnCount: Int { storedColumnCount }

    /// Storage for ``columnCount``, read again when SQLite compiles the
    /// statement again (see ``refreshColumnsIfRecompiled()``).
    /// Unchecked: a statement is used by one thread at a time.
    @exclusivity(unchecked) var storedColumnCount: Int

    /// How many times SQLite had compiled the statement again when the
    /// column properties were last read from it
    /// (`SQLITE_STMTSTATUS_REPREPARE`).
    var knownRecompilationCount: CInt = 0

    /// The name of each parameter (without prefix), nil for `?` parameters.
    let parameterNames: [String?]

    /// Whether all parameters are positional (`?`): arguments then bind in
    /// order, with no name resolution.
    let hasOnlyPositionalParameters: Bool

    /// What the statement reads and writes, recorded when it compiled.
    let authorization: StatementAuthorization

    /// Whether running the statement may change the schema (DDL, or a
    /// rollback that may undo DDL), which drops the schema cache.
    let invalidatesSchemaCache: Bool

    /// The error of the last ``setUncheckedArguments(_:)``, which can not
    /// throw: the next step throws it, and the statement does not run
    /// with arguments that were not bound.
    var pendingBindError: DatabaseError?

    /// Whether running the statement may start a transaction (`BEGIN`,
    /// `SAVEPOINT`), which dates the transaction (see
    /// ``Database/transactionDate``).
    let beginsTransaction: Bool

    /// Whether every step has work to do before `sqlite3_step`: the
    /// statement invalidates the schema cache, or begins a transaction.
    let hasPermanentStepPreamble: Bool

    /// Whether a step has work to do before `sqlite3_step`: schema-cache
    /// invalidation, transaction dating, or a pending bind error. One
    /// flag, so that the hot path of stepping tests one value.
    @exclusivity(unchecked) var needsStepPreamble: Bool

    /// The database region read by the statement.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT name FROM player WHERE id = 1")
    /// print(statement.databaseRegion) // "player(id,name)"
    /// ```
    ///
    /// It is computed from what SQLite reports while the statement
    /// compiles (see <https://www.sqlite.org/c3ref/set_authorizer.html>),
    /// once per statement.
    public var databaseRegion: DatabaseRegion { region }

    /// Storage for ``databaseRegion``, computed on first use.
    private lazy var region: DatabaseRegion = authorization.makeRegion()

    /// A region narrower than ``databaseRegion``, which holds while the
    /// statement runs with the given arguments: a query interface request
    /// filtered by rowid reads the rows of those ids only
    /// (`player(id,name)[1]`). Observations record it instead of
    /// ``databaseRegion`` when the statement runs with these arguments
    /// (see `Database.statementWillStart`).
    var narrowedRegion: (region: DatabaseRegion, arguments: StatementArguments)?

    /// The region that the statement reads with its current arguments:
    /// ``narrowedRegion`` when it applies, or ``databaseRegion``.
    var regionForCurrentArguments: DatabaseRegion {
        if let narrowedRegion, narrowedRegion.arguments == boundArguments {
            return narrowedRegion.region
        }
        return region
    }

    /// For each of the `eventKinds` of the ``authorization``, the
    /// transaction observers interested in it, set each time the
    /// statement starts running.
    var observerInterests: [[TransactionObserverEntry]] = []

    /// The number of live cursors that iterate this statement. A statement
    /// in use is not handed out again by the statement cache.
    var cursorUseCount = 0

    /// The error of the last failed step of a cursor of the statement,
    /// that the cursor throws again (see `_StatementStepper`). Kept here,
    /// off the stepper that every cursor step touches.
    var lastCursorFailure: (any Error)?

    /// The database access during which a ``DatabaseCursor`` that relies on
    /// the protocol's default `next()` started stepping this statement
    /// (see ``stepForDatabaseCursor()``).
    @usableFromInline var databaseCursorAccessGeneration = 0

    /// Storage for the record layer: the column indexes of the coding keys
    /// of `Decodable` records, resolved once per statement instead of once
    /// per row.
    var layerSlot = LayerSlot()

    /// How the statement runs on the remote engine of its connection
    /// (`Core/Remote/`), or nil for a statement that runs locally only.
    let remote: RemoteStatement?

    /// Whether the statement can be handed out by the cache.
    var isReusable: Bool {
        cursorUseCount == 0 && sqlite3_stmt_busy(sqliteStatement) == 0
    }

    /// The column names, ordered from left to right.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT id, name FROM player")
    /// statement.columnNames // ["id", "name"]
    /// ```
    ///
    /// Read from SQLite on first use, and again when another connection
    /// changed the schema and the statement ran since (see
    /// ``Database/cachedStatement(sql:)``). See
    /// <https://www.sqlite.org/c3ref/column_name.html>.
    public internal(set) lazy var columnNames: [String] = readColumnNames()

    /// Where the next look-up by name starts: columns are usually read in
    /// order, so that the next one is found at the first comparison.
    @exclusivity(unchecked) var columnLookupHint = 0

    /// See ``previousDuplicateIndexes``.
    @exclusivity(unchecked) var _previousDuplicateIndexes: [Int]?

    /// For each column, the index of the closest column to its left with
    /// the same name (ignoring case), or -1; computed once.
    var previousDuplicateIndexes: [Int] {
        if let indexes = _previousDuplicateIndexes { return indexes }
        let indexes = Row.previousDuplicateIndexes(columnNames)
        _previousDuplicateIndexes = indexes
        return indexes
    }

    /// Whether two columns have the same name (ignoring case); computed
    /// once.
    lazy var hasDuplicateColumnNames: Bool = previousDuplicateIndexes.contains { $0 >= 0 }

    /// Column indexes by name, ignoring the case of ASCII letters as
    /// SQLite does, built on first use.
    lazy var caseInsensitiveColumnIndexes: [DatabaseNameKey: Int] = Statement.caseInsensitiveIndexes(columnNames)

    /// The index of the leftmost column of each name, ignoring the case
    /// of ASCII letters.
    static func caseInsensitiveIndexes(_ columnNames: [String]) -> [DatabaseNameKey: Int] {
        var indexes: [DatabaseNameKey: Int] = [:]
        for (index, name) in columnNames.enumerated().reversed() {
            indexes[DatabaseNameKey(name)] = index
        }
        return indexes
    }

    /// The column names of the compiled statement, read from SQLite.
    func readColumnNames() -> [String] {
        // The columns of the statement as written, not those of its
        // remote substitute (see `RemoteStatement`).
        let sqliteStatement = remote?.original ?? sqliteStatement
        return (0..<Int(sqlite3_column_count(sqliteStatement))).map {
            String(cString: sqlite3_column_name(sqliteStatement, CInt($0)))
        }
    }

    convenience init(database: Database, sqliteStatement: SQLiteStatement, sql: String) {
        self.init(
            database: database, sqliteStatement: sqliteStatement, sql: sql,
            authorization: database.authorizer.takeAuthorization(for: sqliteStatement),
            remote: nil)
    }

    /// Creates a statement.
    ///
    /// - Parameters:
    ///   - sqliteStatement: The handle that steps.
    ///   - authorization: What the statement reads and writes.
    ///   - remote: The remote execution of the statement, whose
    ///     `original` handle, when it is not `sqliteStatement`, gives the
    ///     columns and parameters.
    init(
        database: Database,
        sqliteStatement: SQLiteStatement,
        sql: String,
        authorization: StatementAuthorization,
        remote: RemoteStatement?)
    {
        self.database = database
        self.sqliteStatement = sqliteStatement
        self.storedSQL = sql
        self.authorization = authorization
        self.remote = remote
        switch authorization.transactionEffect {
        case .rollbackTransaction, .rollbackSavepoint:
            self.invalidatesSchemaCache = true
        default:
            self.invalidatesSchemaCache = authorization.changesSchema
        }
        switch authorization.transactionEffect {
        case .beginTransaction, .beginSavepoint:
            self.beginsTransaction = true
        default:
            self.beginsTransaction = false
        }
        self.hasPermanentStepPreamble = invalidatesSchemaCache || beginsTransaction || (remote?.runsRemotelyFirst ?? false)
        self.needsStepPreamble = hasPermanentStepPreamble
        let original = remote?.original ?? sqliteStatement
        self.storedColumnCount = Int(sqlite3_column_count(original))
        let parameterCount = Int(sqlite3_bind_parameter_count(original))
        self.parameterNames = (0..<parameterCount).map { index in
            guard let cName = sqlite3_bind_parameter_name(original, CInt(index + 1)) else {
                return nil
            }
            let name = String(cString: cName)
            guard let first = name.first, ":$@".contains(first) else {
                return nil // ?NNN parameters are positional
            }
            return String(name.dropFirst())
        }
        self.hasOnlyPositionalParameters = parameterNames.allSatisfy { $0 == nil }
    }

    deinit {
        sqlite3_finalize(sqliteStatement)
    }

    /// Whether the statement does not write to the database.
    ///
    /// See <https://www.sqlite.org/c3ref/stmt_readonly.html>.
    public var isReadonly: Bool {
        authorization.isReadonly
    }

    /// Returns the index of the leftmost column with the given name
    /// (case-insensitive), or nil.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "SELECT id, name FROM player")
    /// statement.index(ofColumn: "NAME") // 1
    /// ```
    ///
    /// - Parameter name: A column name.
    /// - Returns: The column index, or nil.
    public func index(ofColumn name: String) -> Int? {
        // Exact matches are the common case, and cheaper than hashing.
        // Start after the last match: records read columns in order. An
        // exact match is the leftmost one when no column to its left has
        // the same name, ignoring case.
        let columnNames = self.columnNames
        let count = columnNames.count
        var index = columnLookupHint
        for _ in 0..<count {
            if index >= count { index = 0 }
            if columnNames[index].hasSameUTF8(as: name) {
                guard previousDuplicateIndexes[index] < 0 else { break }
                columnLookupHint = index + 1
                return index
            }
            index += 1
        }
        return caseInsensitiveColumnIndexes[DatabaseNameKey(name)]
    }

    // MARK: - Execution

    /// Runs the statement to completion, discarding rows.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "DELETE FROM player WHERE score < ?")
    /// try statement.execute(arguments: [100])
    /// ```
    ///
    /// - Parameter arguments: Arguments to bind, or nil to reuse the
    ///   current ones.
    /// - Throws: A ``DatabaseError``.
    public func execute(arguments: StatementArguments? = nil) throws {
        if let arguments {
            try setArguments(arguments)
        } else {
            reset()
        }
        while try step() { }
    }

    /// Resets the statement so that it can run again; bindings are kept.
    func reset() {
        sqlite3_reset(sqliteStatement)
    }

    /// Steps the statement: true when a row is available, false when done.
    @usableFromInline
    func step() throws -> Bool {
        try step(in: database)
    }

    /// Steps the statement of `database`, its connection: the one
    /// implementation of stepping, that ``execute(arguments:)`` and every
    /// cursor go through, so that schema-cache invalidation, observation
    /// and error reporting happen in one place.
    ///
    /// Cursors pass the connection they keep, which saves reading the
    /// unowned ``database`` at each step.
    ///
    /// - Returns: True when a row is available, false when done.
    /// - Throws: The error of the step, with this statement's SQL and
    ///   arguments; the statement is reset.
    @inline(__always)
    func step(in database: Database) throws -> Bool {
        if needsStepPreamble {
            try stepPreamble(in: database)
        }
        if database.observesStatements {
            return try database.observedStep(self)
        }
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        case let code:
            throw stepFailure(code: code, in: database)
        }
    }

    /// The error of a failed step: the error of the remote engine for a
    /// statement that runs remotely, or SQLite's, with this statement's
    /// SQL and arguments. Resets the statement. Out of line: off the hot
    /// path of stepping.
    @inline(never)
    func stepFailure(code: CInt, in database: Database) -> any Error {
        let remoteFailure = remote == nil ? nil : database.remote?.takeFailure(of: self)
        let error = (remoteFailure as? DatabaseError) ?? makeError(code: code)
        sqlite3_reset(sqliteStatement)
        if remoteFailure == nil || remoteFailure is DatabaseError {
            database.statementDidFail(error)
        }
        return remoteFailure ?? error
    }

    /// What a step does before `sqlite3_step` when ``needsStepPreamble``
    /// is set: throws the pending bind error, drops the caches that a
    /// schema change makes stale, and dates the transaction that starts.
    /// Out of line: the hot path of stepping only tests the flag.
    @inline(never)
    private func stepPreamble(in database: Database) throws {
        if let error = pendingBindError {
            pendingBindError = nil
            needsStepPreamble = hasPermanentStepPreamble
            throw error
        }
        if let remote, remote.runsRemotelyFirst, sqlite3_stmt_busy(sqliteStatement) == 0 {
            // DDL, transaction control and settings: the remote engine
            // first, then this local copy of its schema (see
            // `RemoteStatement`).
            try remote.executeBeforeLocalStep(self, in: database)
        }
        if invalidatesSchemaCache {
            if authorization.transactionEffect == .rollbackTransaction && database.managedTransactionDepth > 0 {
                database.statementWillRollBack(self)
            }
            database.statementWillChangeSchema(self)
        }
        if beginsTransaction {
            if !database.isInsideTransaction {
                // The DDL of the previous transaction is committed or
                // rolled back: no rollback can undo it any longer.
                database.rollbackMayUndoSchemaChange = false
            }
            database.transactionMayBegin()
        }
    }

    /// The error for a failed step, with this statement's SQL and arguments.
    func makeError(code: CInt) -> DatabaseError {
        DatabaseError.lastError(
            database.sqliteConnection, code: code, sql: sql,
            arguments: arguments, publicArguments: database.configuration.publicStatementArguments)
    }
}
