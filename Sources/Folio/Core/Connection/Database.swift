import CSQLite
import Foundation

/// A connection to an SQLite database.
///
/// You do not create `Database` instances: a ``DatabaseQueue`` (or a pool)
/// opens the connection and lends it to the closures you give to its access
/// methods:
///
/// ```swift
/// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite")
/// try dbQueue.write { db in
///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
///     let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
/// }
/// ```
///
/// A `Database` is not thread-safe and must not escape the closure that
/// receives it: statements, rows and cursors that come from it are only
/// valid inside that closure.
///
/// See <https://www.sqlite.org/c3ref/sqlite3.html>.
///
/// ## Topics
/// - ``execute(sql:arguments:)``
/// - ``execute(literal:)``
/// - ``makeStatement(sql:)``
/// - ``cachedStatement(sql:)``
/// - ``inTransaction(_:_:)``
/// - ``inSavepoint(_:)``
/// - ``add(function:)``
/// - ``add(collation:)``
/// - ``trace(options:_:)``
public final class Database {
    /// The raw SQLite connection, for calls to the C API. Nil once closed.
    ///
    /// The hot properties that cursors read at each step skip the run-time
    /// exclusivity checks: a connection is used by one thread at a time,
    /// and they are never read while being modified.
    @exclusivity(unchecked) public private(set) var sqliteConnection: SQLiteConnection?

    /// The configuration of the connection.
    public let configuration: Configuration

    /// A description of the connection, made from the
    /// ``Configuration/label`` of its ``configuration``.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     print(db.description) // "GRDB.DatabaseQueue", or the label
    /// }
    /// ```
    ///
    /// Without label, the connection of a ``DatabaseQueue`` is
    /// "GRDB.DatabaseQueue", and those of a ``DatabasePool`` are
    /// "GRDB.DatabasePool.writer" and "GRDB.DatabasePool.reader.N": the
    /// names GRDB gives, so that code and logs written for GRDB read the
    /// same. With the label "MyDatabase", they
    /// are "MyDatabase", "MyDatabase.writer" and "MyDatabase.reader.N".
    /// Their format is for debugging only, and may change.
    public let description: String

    /// The path of the database file, or ":memory:"-like names.
    let path: String

    /// Statements cached by SQL text, compared byte for byte (see
    /// ``StatementCache``). Used by one thread at a time, and never
    /// re-entered while a look-up runs: no dynamic exclusivity check.
    @exclusivity(unchecked) var statementCache = StatementCache()

    /// The statements that begin and end transactions, prepared once
    /// (see ``runTransactionControl(_:)``). Each access reads or writes
    /// one statement and ends before the statement runs (a transaction
    /// observer that begins a transaction while one of them steps finds
    /// no access in progress): no dynamic exclusivity check, which cost
    /// two runtime calls per read of a pool (`BEGIN`, `ROLLBACK`).
    @exclusivity(unchecked) var transactionControlStatements = TransactionControlStatements()

    /// Storage for the record layer: the INSERT statements of the
    /// persistence methods, and the steps they hand over to customizable
    /// methods. The connection is used by one thread at a time, and
    /// accesses never overlap: no dynamic exclusivity check.
    @exclusivity(unchecked) var layerSlot = LayerSlot()

    /// Schema information, valid for one schema version.
    var schemaCache = SchemaCache()

    /// Incremented each time ``schemaCache`` is emptied, so that a cache
    /// of the record layer can tell that what it read from the schema
    /// cache is still current. Unchecked, as the two properties below:
    /// the connection is used by one thread at a time, and the staleness
    /// rule of the persistence statements reads the three of them at each
    /// insertion (the dynamic exclusivity checks cost ~38 instructions per
    /// insertion of workload 6).
    @exclusivity(unchecked) var schemaCacheGeneration = 0

    /// The schema source in effect (see ``schemaSource``).
    var currentSchemaSource: (any DatabaseSchemaSource)?

    /// Whether a statement of this connection may have changed the schema
    /// since the schema cache was last validated, or SQLite compiled a
    /// statement again (another connection may have changed it).
    @exclusivity(unchecked) var schemaMayHaveChanged = true

    /// Whether the transaction ran DDL that a rollback would undo, so that
    /// the rollback makes the schema cache and the statements compiled
    /// since then stale (see ``statementWillChangeSchema(_:)``).
    var rollbackMayUndoSchemaChange = false

    /// Whether this connection attached a database: the schema version
    /// that validates the schema cache follows the main schema only, so
    /// each rollback empties the caches, as a way to see the changes
    /// other connections made to attached schemas.
    var hasAttachedDatabase = false

    /// The schema version under which the statements of the statement
    /// cache were compiled, as last read by the schema cache validation;
    /// nil when unknown (after this connection changed the schema).
    var statementCacheSchemaVersion: Int32?

    /// The access during which the schema cache was last validated.
    @exclusivity(unchecked) var schemaCacheValidationGeneration = -1

    /// Incremented each time a database access closure returns, so that
    /// cursors can refuse to run outside of their closure.
    @exclusivity(unchecked) var accessGeneration = 0

    /// The function that receives trace events.
    var traceHandler: ((TraceEvent) -> Void)?

    /// The retained box of the busy callback, if any.
    var busyCallbackBox: Unmanaged<BusyCallbackBox>?

    /// The number of nested savepoints opened by ``inSavepoint(_:)``.
    var savepointDepth = 0

    /// How deep the SQL being generated on this connection is nested:
    /// expressions, subqueries and SQL literals rendered inside each
    /// other, through as many generation contexts (see
    /// `SQLGenerationContext.deepen()`). Unchecked exclusivity: only the
    /// thread that uses the connection reads and writes it, twice per
    /// rendered expression.
    @exclusivity(unchecked) var sqlGenerationDepth = 0

    /// Whether ``readOnly(_:)`` has set `PRAGMA query_only`.
    var isQueryOnly = false

    /// The date of the current transaction, or the error of the clock,
    /// set when a transaction starts (see ``transactionDate``).
    var transactionDateResult: Result<Date, any Error>?

    // MARK: Observation support (see Database+Observation.swift)

    /// Records what each statement reads and writes while it compiles.
    let authorizer = StatementAuthorizer()

    /// Dispatches changes and transactions to transaction observers.
    /// Nil when there is no observer.
    var observationBroker: DatabaseObservationBroker?

    /// The region read by the statements run since region recording
    /// started, if it did.
    var recordedSelection: DatabaseRegion?

    /// The cancellation state of the async access that runs, if any.
    var accessCancellation: DatabaseAccessCancellation?

    /// The suspension state, when the connection observes the suspension
    /// notifications (see ``Configuration/observesSuspensionNotifications``).
    var suspension: DatabaseSuspension?

    /// The error after which SQLite rolled back, by itself, the transaction
    /// of the ``inTransaction(_:_:)`` or ``inSavepoint(_:)`` that runs
    /// (see ``statementDidFail(_:)``). Statements then throw instead of
    /// running outside of the transaction, until it ends.
    var transactionRollbackError: DatabaseError?

    /// The remote engine that runs the statements of the connection, once
    /// ``_attachRemote(_:maximumParameterCount:)`` attached it
    /// (`Core/Remote/`), or nil.
    var remote: RemoteConnection?

    /// The custom functions added with ``add(function:)``, which a
    /// connection attached to a remote engine removes (the remote engine
    /// does not know them), by ``DatabaseFunction/id``.
    var customFunctions: [DatabaseFunction.ID: DatabaseFunction] = [:]

    /// The custom collations added with ``add(collation:)``, by name,
    /// which a connection attached to a remote engine removes (it keeps
    /// them under private names, to sort rows locally: see
    /// `RemoteOrdering`).
    var customCollations: [String: DatabaseCollation] = [:]

    /// Whether statements run through ``observedStep(_:)``, because one of
    /// the four properties above is set.
    @exclusivity(unchecked) var observesStatements = false

    /// How many transactions and savepoints of ``inTransaction(_:_:)`` and
    /// ``inSavepoint(_:)`` are open.
    var managedTransactionDepth = 0

    /// Whether ``inTransaction(_:_:)`` rolls back its own transaction: the
    /// `ROLLBACK` that runs then is not a rollback written by the user
    /// (see ``statementWillRollBack(_:)``).
    var isRollingBackManagedTransaction = false

    /// Opens a connection.
    ///
    /// - Parameters:
    ///   - path: A file path, or ":memory:", or an SQLite URI.
    ///   - description: A description for error messages.
    ///   - configuration: The connection options.
    init(path: String, description: String, configuration: Configuration) throws {
        self.path = path
        self.description = description
        self.configuration = configuration
        self.currentSchemaSource = configuration.schemaSource

        try Database.checkFilePath(path, "could not open database at")
        try SQLiteVersionRequirement.checkLibrary()

        var flags = configuration.readonly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        // Folio serializes access to each connection itself.
        flags |= SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        var connection: SQLiteConnection?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError.lastError(connection, code: code)
            sqlite3_close_v2(connection)
            throw DatabaseError(
                resultCode: error.extendedResultCode,
                message: "could not open database at \(path): \(error.message ?? "unknown error")")
        }
        sqliteConnection = connection
        do {
            try setUp()
        } catch {
            close()
            throw error
        }
    }

    /// Throws when a file path contains a NUL character. SQLite reads a
    /// path up to its first NUL: "dir/db\0evil" would name "dir/db",
    /// another file than the one asked for.
    ///
    /// - Parameters:
    ///   - path: A file path.
    ///   - action: What could not be done, for the error message
    ///     ("could not open database at").
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_CANTOPEN`.
    static func checkFilePath(_ path: String, _ action: String) throws {
        if path.utf8.contains(0) {
            throw DatabaseError(
                resultCode: .SQLITE_CANTOPEN,
                message: "\(action) \(String(reflecting: path)): the path contains a NUL character")
        }
    }

    deinit {
        close()
    }

    private func setUp() throws {
        guard let connection = sqliteConnection else { return }
        sqlite3_extended_result_codes(connection, 1)
        authorizer.install(on: connection)
        if !configuration.acceptsDoubleQuotedStringLiterals {
            _ = _folio_db_config_dqs(connection, 0)
        }
        setUpBusyMode()
        for collation in DatabaseCollation.builtIn {
            add(collation: collation)
        }
        for function in DatabaseFunction.builtIn {
            add(function: function)
        }
        try execute(sql: configuration.foreignKeysEnabled ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF")
        if case .wal = configuration.journalMode, !configuration.readonly {
            try setWALMode()
        }
        try validateFormat()
        for setup in configuration.setups {
            try setup(self)
        }
        try setUpSuspension()
    }

    /// Reads the schema, so that a file that is not a database (or a
    /// database that can not be read) throws when the connection opens,
    /// not at its first use, as in GRDB. In WAL mode, the read also
    /// creates the `-wal` and `-shm` files, so that they exist as soon as
    /// a ``DatabasePool`` is open. Runs before the configuration's
    /// `prepareDatabase` functions (the trace does not see it).
    ///
    /// - Throws: A ``DatabaseError`` (`SQLITE_NOTADB` for a file that is
    ///   not a database) that names the path.
    ///
    /// An in-memory or temporary database (no file: SQLite gives it an
    /// empty file name) is always valid, and has no `-wal` file: it skips
    /// the read, which cost 4 % of the instructions of opening an
    /// in-memory queue and migrating it (workload 10).
    private func validateFormat() throws {
        if let connection = sqliteConnection {
            guard let fileName = sqlite3_db_filename(connection, "main"), fileName.pointee != 0 else { return }
        }
        do {
            try execute(sql: "SELECT * FROM sqlite_master LIMIT 1")
        } catch let error as DatabaseError {
            throw DatabaseError(
                resultCode: error.extendedResultCode,
                message: "could not open database at \(path): \(error.message ?? "unknown error")")
        }
    }

    /// Turns WAL mode on, and checks that SQLite did. Then sets
    /// `PRAGMA synchronous = NORMAL`, as GRDB does and as SQLite advises
    /// for WAL: a commit no longer waits for the disk to sync the WAL file.
    /// Committed transactions survive a crash of the process or of the
    /// application; only a power loss or an operating system crash may
    /// lose the last ones, never corrupt the database. Applications that
    /// need each commit on the disk ask for FULL in
    /// ``Configuration/prepareDatabase(_:)``, which runs after this:
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in
    ///     try db.execute(sql: "PRAGMA synchronous = FULL")
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_synchronous> and
    /// <https://www.sqlite.org/wal.html#performance_considerations>.
    func setWALMode() throws {
        let mode = try String.fetchOne(self, sql: "PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "could not activate WAL mode at \(path): journal mode is \(mode ?? "unknown")")
        }
        try execute(sql: "PRAGMA synchronous = NORMAL")
    }

    /// Closes the connection. Cached statements are finalized first.
    func close() {
        guard let connection = sqliteConnection else { return }
        releaseStatements()
        sqlite3_close_v2(connection)
        sqliteConnection = nil
        busyCallbackBox?.release()
        busyCallbackBox = nil
    }

    /// Closes the connection, as ``DatabaseReader/close()`` documents: when
    /// a statement or a cursor that the application keeps is alive, SQLite
    /// refuses to close (`sqlite3_close`), logs "unable to close due to
    /// unfinalized statements or unfinished backups" (see
    /// ``Database/logError``), and this method throws that error. The
    /// connection is then a zombie: unusable (accesses throw), and closed
    /// by SQLite when the last statement is finalized.
    ///
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_BUSY`.
    func closeReportingLiveStatements() throws {
        guard let connection = sqliteConnection else { return }
        releaseStatements()
        let code = sqlite3_close(connection)
        if code == SQLITE_OK {
            sqliteConnection = nil
            busyCallbackBox?.release()
            busyCallbackBox = nil
            return
        }
        let resultCode = ResultCode(rawValue: code)
        let diagnostic = String(cString: sqlite3_errmsg(connection))
        let error = DatabaseError(resultCode: resultCode, message: diagnostic + " (\(description))")
        if let logError = Database.logError {
            // SQLite does not log this error: the log says it, and names
            // the statements that are still alive.
            logError(resultCode, diagnostic)
            var statement = sqlite3_next_stmt(connection, nil)
            while let live = statement {
                let sql = sqlite3_sql(live).map { String(cString: $0) } ?? ""
                logError(resultCode, "connection \(description) is not closed because of the unfinalized statement `\(sql)`")
                statement = sqlite3_next_stmt(connection, live)
            }
        }
        // The live statements may still step: the busy handler must not
        // call a released box.
        sqlite3_busy_handler(connection, nil, nil)
        sqlite3_close_v2(connection)
        sqliteConnection = nil
        busyCallbackBox?.release()
        busyCallbackBox = nil
        throw error
    }

    /// Finalizes the statements that the connection keeps (caches,
    /// transaction control), before it closes.
    private func releaseStatements() {
        statementCache.removeAll()
        clearTransactionControlStatements()
        layerSlot.empty(owner: self)
    }

    /// Marks the end of a database access closure: cursors created during
    /// the closure become unusable.
    func endAccess() {
        accessGeneration &+= 1
    }

    /// Throws when the connection was closed.
    func checkOpen() throws -> SQLiteConnection {
        guard let sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "connection is closed: \(description)")
        }
        return sqliteConnection
    }

    // MARK: - Connection state

    /// The rowid of the most recent successful INSERT.
    ///
    /// ```swift
    /// try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
    /// let id = db.lastInsertedRowID
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/last_insert_rowid.html>.
    public var lastInsertedRowID: Int64 {
        sqliteConnection.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// The number of rows changed by the most recent INSERT, UPDATE or
    /// DELETE. See <https://www.sqlite.org/c3ref/changes.html>.
    public var changesCount: Int {
        if let remote { return remote.changesCount }
        return sqliteConnection.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// The number of rows changed since the connection opened.
    /// See <https://www.sqlite.org/c3ref/total_changes.html>.
    public var totalChangesCount: Int {
        if let remote { return remote.totalChangesCount }
        return sqliteConnection.map { Int(sqlite3_total_changes64($0)) } ?? 0
    }

    /// The number of rows changed by the most recent INSERT, UPDATE or
    /// DELETE, counting the changes of the INSTEAD OF triggers of a view
    /// (ViewRecords): SQLite reports no change for a statement on a view
    /// (`sqlite3_changes` is zero), so the changes of its triggers, since
    /// `totalChangesCount` was `totalChangesBefore`, count instead.
    /// Tables have row triggers only, that run for changed rows: a
    /// statement that changes no row of a table returns zero.
    ///
    /// - Parameter totalChangesBefore: ``totalChangesCount`` before the
    ///   statement ran.
    func changesCount(sinceTotalChangesCount totalChangesBefore: Int) -> Int {
        let changes = changesCount
        if changes > 0 { return changes }
        return totalChangesCount - totalChangesBefore
    }

    /// Whether a transaction is open.
    /// See <https://www.sqlite.org/c3ref/get_autocommit.html>.
    public var isInsideTransaction: Bool {
        sqliteConnection.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    /// Interrupts the statement that runs, if any: it fails with
    /// `SQLITE_INTERRUPT`. This is the only method that may be called from
    /// another thread. See <https://www.sqlite.org/c3ref/interrupt.html>.
    public func interrupt() {
        if let sqliteConnection {
            sqlite3_interrupt(sqliteConnection)
        }
    }
}

extension Database: CustomStringConvertible, CustomDebugStringConvertible {
    /// A description of the connection for debugging, with its
    /// ``description``.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     print(String(reflecting: db)) // "<Database: GRDB.DatabaseQueue>"
    /// }
    /// ```
    public var debugDescription: String {
        "<Database: \(description)>"
    }
}

extension Database {
    /// The version of the SQLite library, as an integer:
    /// [`SQLITE_VERSION_NUMBER`](https://www.sqlite.org/c3ref/c_source_id.html)
    /// of the library that runs, such as 3040001 for SQLite 3.40.1.
    ///
    /// ```swift
    /// print(Database.sqliteLibVersionNumber) // 3040001
    /// if Database.sqliteLibVersionNumber >= 3_035_000 { /* RETURNING */ }
    /// ```
    ///
    /// It is the result of `sqlite3_libversion_number()`.
    ///
    /// See <https://www.sqlite.org/c3ref/libversion.html>.
    public static var sqliteLibVersionNumber: CInt {
        sqlite3_libversion_number()
    }

    /// Whether SQLite was compiled with `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`,
    /// which accepts `ORDER BY` and `LIMIT` in DELETE and UPDATE statements
    /// (Debian's and Ubuntu's SQLite do). Read once.
    ///
    /// See <https://www.sqlite.org/compile.html#enable_update_delete_limit>.
    static let sqliteSupportsUpdateDeleteLimit: Bool = sqlite3_compileoption_used("ENABLE_UPDATE_DELETE_LIMIT") != 0

    /// The maximum number of arguments of an SQL statement: a request that
    /// uses more parameters fails with "too many SQL variables".
    ///
    /// For example, the `ids` array below must not have more elements:
    ///
    /// ```swift
    /// // DELETE FROM player WHERE id IN (?, ?, ...)
    /// let ids: [Int] = ...
    /// try dbQueue.write { db in
    ///     try Player.deleteAll(db, keys: ids)
    /// }
    /// ```
    ///
    /// It is the `SQLITE_LIMIT_VARIABLE_NUMBER` limit of the connection
    /// (0 once the connection is closed).
    ///
    /// See <https://www.sqlite.org/limits.html#max_variable_number> and
    /// <https://www.sqlite.org/c3ref/limit.html>.
    public var maximumStatementArgumentCount: Int {
        guard let sqliteConnection else { return 0 }
        return Int(sqlite3_limit(sqliteConnection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
    }
}

/// A database connection is used by one thread at a time, inside the
/// closures of a database queue or pool: it is not Sendable.
@available(*, unavailable)
extension Database: Sendable { }
