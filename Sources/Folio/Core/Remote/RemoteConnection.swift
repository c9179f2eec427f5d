import CSQLite

/// The state of a connection attached to a remote engine
/// (``Database/_attachRemote(_:maximumParameterCount:)``): the executor,
/// the statements whose substitutes run remotely, the changes reported by
/// the remote engine, and the error of the last remote execution.
///
/// See `RemoteStatement.swift` for where each statement runs.
final class RemoteConnection {
    /// The name of the eponymous virtual table of the substitutes.
    static let moduleName = "folio_remote"

    let executor: any RemoteStatementExecutor

    /// The maximum number of parameters of a remote statement: the local
    /// `SQLITE_LIMIT_VARIABLE_NUMBER`.
    let maximumParameterCount: Int

    /// The number of hidden argument columns of the virtual table.
    let argumentColumnCount: Int

    /// The number of result columns of the virtual table: the maximum
    /// number of columns of a statement that runs remotely.
    let resultColumnCount: Int

    /// The connection. Unowned: the connection owns this object.
    unowned let database: Database

    /// The statements whose substitutes run remotely, by token. Weak: the
    /// statement cache and the users of statements own them.
    private var statements: [Int64: Weak] = [:]

    /// The same statements, by substitute handle, for the trace.
    private var substitutes: [SQLiteStatement: Weak] = [:]
    private var nextToken: Int64 = 1

    /// The error of the last failed remote execution of a substitute,
    /// that its step throws (see ``takeFailure(of:)``).
    private var failure: (token: Int64, error: any Error)?

    /// The region written remotely since observers were last told.
    private var pendingChangedRegion = DatabaseRegion()

    /// Whether a remote write waits to be notified to observers (see
    /// ``notifyPendingChanges()``).
    private(set) var hasPendingChanges = false

    /// `changesCount` and `totalChangesCount` as the remote engine reports
    /// them.
    private(set) var changesCount = 0
    private(set) var totalChangesCount = 0

    private struct Weak {
        weak var statement: RemoteStatement?
    }

    init(database: Database, executor: any RemoteStatementExecutor, maximumParameterCount: Int) {
        self.database = database
        self.executor = executor
        self.maximumParameterCount = maximumParameterCount
        // SQLite declares at most 2000 columns per table (SQLITE_MAX_COLUMN).
        self.argumentColumnCount = min(maximumParameterCount, 999)
        self.resultColumnCount = 2000 - 1 - argumentColumnCount
    }

    // MARK: - Statements

    /// The statement of a handle prepared locally: local, remote first, or
    /// a substitute (see `RemoteStatement`). Takes the ownership of the
    /// handle, which it finalizes on error.
    ///
    /// - Parameters:
    ///   - original: The handle prepared from `remoteSQL`.
    ///   - sql: The SQL of the statement.
    ///   - remoteSQL: The SQL sent to the remote engine: `sql`, or `sql`
    ///     without the custom COLLATE clauses of its ORDER BY.
    ///   - ordering: The ORDER BY that sorts the rows locally, if any.
    func makeStatement(
        prepared original: SQLiteStatement,
        sql: String,
        remoteSQL: String? = nil,
        ordering: RemoteOrdering? = nil) throws -> Statement
    {
        let authorization = database.authorizer.takeAuthorization(for: original)
        let execution: RemoteStatement.Execution
        do {
            execution = try Self.execution(of: authorization, sql: sql)
        } catch {
            sqlite3_finalize(original)
            throw error
        }
        if let ordering, execution != .substitute {
            // Only the rows of a remote execution are sorted again locally.
            sqlite3_finalize(original)
            throw refusalError(
                RemoteOrdering.Refusal(collationName: ordering.collationName, reason: "the statement does not read remote rows"),
                sql: sql)
        }
        switch execution {
        case .local:
            return Statement(
                database: database, sqliteStatement: original, sql: sql,
                authorization: authorization, remote: nil)
        case .remoteFirst:
            let remote = RemoteStatement(
                original: original, execution: .remoteFirst, token: 0, sql: sql,
                authorization: authorization, connection: self)
            return Statement(
                database: database, sqliteStatement: original, sql: sql,
                authorization: authorization, remote: remote)
        case .substitute:
            let token = nextToken
            nextToken += 1
            let remote = RemoteStatement(
                original: original, execution: .substitute, token: token, sql: remoteSQL ?? sql,
                authorization: authorization, connection: self)
            let orderBy: String?
            do {
                orderBy = try ordering?.substituteOrderBy(of: original, connection: database.sqliteConnection!)
            } catch let refusal as RemoteOrdering.Refusal {
                throw refusalError(refusal, sql: sql)
            }
            let substitute = try prepareSubstitute(of: remote, sql: sql, orderBy: orderBy)
            remote.substitute = substitute
            statements[token] = Weak(statement: remote)
            substitutes[substitute] = Weak(statement: remote)
            let statement = Statement(
                database: database, sqliteStatement: substitute, sql: sql,
                authorization: authorization, remote: remote)
            remote.statement = statement
            return statement
        }
    }

    /// Where a statement runs, from what the authorizer recorded.
    private static func execution(of authorization: StatementAuthorization, sql: String) throws -> RemoteStatement.Execution {
        if authorization.attachesDatabase {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "ATTACH and DETACH are not supported on a connection attached to a remote database",
                sql: sql)
        }
        if authorization.changesSchema || authorization.transactionEffect != nil {
            return .remoteFirst
        }
        if let pragma = authorization.pragma {
            if localPragmas.contains(pragma.name) { return .local }
            if pragma.hasArgument && sharedSettingPragmas.contains(pragma.name) { return .remoteFirst }
            return .substitute
        }
        if !authorization.reads.isEmpty
            && authorization.eventKinds.isEmpty
            && authorization.reads.allSatisfy({ isLocalTable($0.table) })
        {
            // The schema, read from the local copy.
            return .local
        }
        return .substitute
    }

    /// Pragmas that run on the local copy of the schema: introspection,
    /// and settings of the local connection.
    private static let localPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
        "foreign_key_list", "database_list", "collation_list", "function_list", "module_list",
        "pragma_list", "compile_options", "schema_version", "query_only", "busy_timeout",
        "cache_size", "cache_spill", "temp_store", "mmap_size", "shrink_memory", "soft_heap_limit",
        "hard_heap_limit", "threads", "analysis_limit", "short_column_names", "full_column_names",
    ]

    /// Pragmas that, given a value, set the behaviour of both the remote
    /// and the local connection.
    private static let sharedSettingPragmas: Set<String> = [
        "foreign_keys", "recursive_triggers", "defer_foreign_keys", "case_sensitive_like",
        "ignore_check_constraints", "legacy_alter_table", "trusted_schema", "reverse_unordered_selects",
    ]

    /// Whether a table read by a statement lives on the local connection:
    /// the schema tables, and the eponymous tables of pragmas.
    private static func isLocalTable(_ table: String) -> Bool {
        let lowercased = table.lowercased()
        return lowercased == "sqlite_master" || lowercased == "sqlite_schema"
            || lowercased == "sqlite_temp_master" || lowercased == "sqlite_temp_schema"
            || lowercased.hasPrefix("pragma_")
    }

    /// Prepares the substitute of a statement: a SELECT over the virtual
    /// table, whose parameters are those of the statement, in the same
    /// order, and whose columns have the names of the statement's.
    /// `orderBy` sorts the rows locally (see `RemoteOrdering`).
    private func prepareSubstitute(of remote: RemoteStatement, sql: String, orderBy: String?) throws -> SQLiteStatement {
        let original = remote.original
        let parameterCount = Int(sqlite3_bind_parameter_count(original))
        guard remote.columnCount <= resultColumnCount, parameterCount <= argumentColumnCount else {
            throw DatabaseError(
                resultCode: .SQLITE_TOOBIG,
                message: "a statement on a remote database has at most \(resultColumnCount) columns and \(argumentColumnCount) parameters",
                sql: sql)
        }
        var columns: [String] = []
        columns.reserveCapacity(max(remote.columnCount, 1))
        for index in 0..<remote.columnCount {
            let name = String(cString: sqlite3_column_name(original, CInt(index)))
            columns.append("c\(index) AS \(name.quotedDatabaseIdentifier)")
        }
        if columns.isEmpty {
            columns.append("NULL")
        }
        // `aN IS ?N`, not the table-valued function syntax, whose
        // arguments are `=` constraints: SQLite checks again the
        // constraints after the 16th, against the hidden columns, and a
        // NULL argument would then filter out every row.
        var constraints = ["token = \(remote.token)"]
        constraints.reserveCapacity(parameterCount + 1)
        for index in stride(from: 1, through: parameterCount, by: 1) {
            if let name = sqlite3_bind_parameter_name(original, CInt(index)) {
                constraints.append("a\(index) IS \(String(cString: name))")
            } else {
                constraints.append("a\(index) IS ?\(index)")
            }
        }
        var substituteSQL = "SELECT \(columns.joined(separator: ", ")) FROM \(Self.moduleName) WHERE \(constraints.joined(separator: " AND "))"
        if let orderBy {
            substituteSQL += " ORDER BY " + orderBy
        }
        var substitute: SQLiteStatement?
        let code = sqlite3_prepare_v3(database.sqliteConnection, substituteSQL, -1, 0, &substitute, nil)
        guard code == SQLITE_OK, let substitute else {
            let error = DatabaseError.lastError(database.sqliteConnection, code: code, sql: sql)
            sqlite3_finalize(substitute)
            throw error
        }
        return substitute
    }

    func unregister(token: Int64, substitute: SQLiteStatement?) {
        statements[token] = nil
        if let substitute {
            substitutes[substitute] = nil
        }
    }

    /// The SQL that the trace reports for a handle: that of the original
    /// statement of a substitute, or nil for another handle.
    func tracedSQL(of handle: SQLiteStatement) -> (sql: String, expandedSQL: String)? {
        substitutes[handle]?.statement?.tracedSQL()
    }

    // MARK: - Remote execution

    /// Runs a substitute remotely, with the values bound to it (called by
    /// the virtual table's `xFilter`).
    func execute(token: Int64, arguments: [DatabaseValue]) throws -> (statement: RemoteStatement, result: RemoteStatementResult) {
        guard let remote = statements[token]?.statement else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "unknown remote statement")
        }
        if database.isReadOnlyAccess && !remote.isReadOnly {
            throw DatabaseError(resultCode: .SQLITE_READONLY, message: "attempt to write a readonly database")
        }
        let request = RemoteStatementRequest(
            sql: remote.sql,
            arguments: arguments,
            returnsRows: remote.returnsRows,
            isReadOnly: remote.isReadOnly,
            isTransactionControl: remote.isTransactionControl)
        let result = try executor.executeRemotely(request)
        if remote.returnsRows {
            let count = result.columnNames.count
            if count != remote.columnCount && !(count == 0 && result.values.isEmpty) {
                throw DatabaseError(
                    resultCode: .SQLITE_SCHEMA,
                    message: "the remote database returned \(count) columns where the local copy of its schema has \(remote.columnCount): the schema changed (see _refreshRemoteSchema())")
            }
            if count > 0 && result.values.count % count != 0 {
                throw DatabaseError(
                    resultCode: .SQLITE_PROTOCOL,
                    message: "the remote database returned \(result.values.count) values for \(count) columns")
            }
        }
        if !remote.isReadOnly {
            didWrite(remote, result: result)
        }
        return (remote, result)
    }

    /// Records what a remote write reports: changes, last inserted rowid,
    /// and the changed region for observers.
    private func didWrite(_ remote: RemoteStatement, result: RemoteStatementResult) {
        var changes = result.changesCount
        if changes == 0 && remote.returnsRows && !result.columnNames.isEmpty {
            // A write with RETURNING that the engine ran as a query, which
            // reports no change count: one row per changed row.
            changes = result.values.count / result.columnNames.count
        }
        changesCount = changes
        totalChangesCount += changes
        if result.lastInsertedRowID != 0 || !remote.returnsRows, let connection = database.sqliteConnection {
            sqlite3_set_last_insert_rowid(connection, result.lastInsertedRowID)
        }
        if database.observationBroker != nil && !remote.changedRegion.isEmpty {
            pendingChangedRegion.formUnion(remote.changedRegion)
            hasPendingChanges = true
        }
    }

    /// Tells observers about the region written remotely (called after the
    /// step, outside of the virtual table's callbacks).
    func notifyPendingChanges() {
        let region = pendingChangedRegion
        pendingChangedRegion = DatabaseRegion()
        hasPendingChanges = false
        guard let broker = database.observationBroker else { return }
        broker.notifyChanges(in: region)
        if !database.isInsideTransaction {
            broker.notifyImplicitCommit()
        }
    }

    /// Keeps the error of a failed remote execution, for the step that
    /// failed.
    func setFailure(_ error: any Error, token: Int64) {
        failure = (token, error)
    }

    /// The error of the failed remote execution of a statement: a
    /// `DatabaseError` gets the SQL and arguments of the statement, and
    /// keeps its code and message; any other error is returned unchanged.
    func takeFailure(of statement: Statement) -> (any Error)? {
        guard let failure, let remote = statement.remote, failure.token == remote.token else { return nil }
        self.failure = nil
        if let error = failure.error as? DatabaseError {
            return DatabaseError(
                resultCode: error.extendedResultCode, message: error.message,
                sql: statement.sql, arguments: statement.arguments,
                publicArguments: database.configuration.publicStatementArguments)
        }
        return failure.error
    }

    // MARK: - Custom collations in ORDER BY

    /// The private name under which an attached connection registers a
    /// custom collation, to sort rows locally (see `RemoteOrdering`).
    static func remoteAliasName(ofCollation name: String) -> String {
        "folio_remote_" + name
    }

    /// Prepares the first statement of `sql`, whose preparation failed
    /// with `error`, when its custom collations only sort its rows (see
    /// `RemoteOrdering`). Throws the explained `error` otherwise.
    ///
    /// - Parameters:
    ///   - sql: The SQL, from the start of the statement (not trimmed).
    ///   - error: The error of the preparation of `sql`.
    /// - Returns: The statement, and the length in bytes of its SQL in
    ///   `sql`.
    func makeLocallyOrderedStatement(sql: String, error: DatabaseError) throws -> (statement: Statement, length: Int) {
        guard let message = error.message, message.hasPrefix("no such collation sequence: ") else {
            throw preparationError(error)
        }
        let ordering: RemoteOrdering
        do {
            guard let found = try RemoteOrdering(sql: sql, customCollationNames: database.customCollations.keys) else {
                throw preparationError(error)
            }
            ordering = found
        } catch let refusal as RemoteOrdering.Refusal {
            throw refusalError(refusal, sql: error.sql)
        }
        let connection = try database.checkOpen()
        var handle: SQLiteStatement?
        database.authorizer.startRecording()
        let code = sqlite3_prepare_v3(connection, ordering.remoteSQL, -1, 0, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw preparationError(DatabaseError.lastError(connection, code: code, sql: error.sql))
        }
        let statementSQL = ordering.statementSQL(in: sql)
        let statement = try makeStatement(
            prepared: handle, sql: statementSQL, remoteSQL: ordering.remoteSQL, ordering: ordering)
        return (statement, ordering.statementLength)
    }

    /// The error of a statement whose custom collations can not sort its
    /// rows locally.
    private func refusalError(_ refusal: RemoteOrdering.Refusal, sql: String?) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_ERROR,
            message: "the custom collation \(refusal.collationName) can not run on a remote database, which does not know it: "
                + "a connection attached to a remote database sorts with a custom collation only in the ORDER BY of a top-level SELECT, "
                + "on result columns, without LIMIT or OFFSET, and \(refusal.reason)",
            sql: sql)
    }

    // MARK: - Errors

    /// Explains a preparation error that comes from remote execution.
    func preparationError(_ error: DatabaseError) -> DatabaseError {
        guard let message = error.message else { return error }
        if message.hasPrefix("too many SQL variables") {
            return DatabaseError(
                resultCode: error.extendedResultCode,
                message: "too many SQL variables: a statement on the remote database has at most \(maximumParameterCount) parameters",
                sql: error.sql)
        }
        if message.hasPrefix("no such function: ") {
            let name = String(message.dropFirst("no such function: ".count))
            if database.customFunctions.values.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                return DatabaseError(
                    resultCode: error.extendedResultCode,
                    message: "the custom SQL function \(name) can not run on a remote database, which does not know it",
                    sql: error.sql)
            }
        }
        if message.hasPrefix("no such collation sequence: ") {
            let name = String(message.dropFirst("no such collation sequence: ".count))
            if database.customCollations.keys.contains(where: { $0.lowercased() == name.lowercased() }) {
                return DatabaseError(
                    resultCode: error.extendedResultCode,
                    message: "the custom collation \(name) can not run on a remote database, which does not know it",
                    sql: error.sql)
            }
        }
        return error
    }

    /// The error of a remote statement of a connection that is no longer
    /// attached.
    static func detachedError(sql: String?) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is not attached to a remote database", sql: sql)
    }

    /// The error of what a connection attached to a remote database can
    /// not do.
    static func unsupportedError(_ feature: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "\(feature) not supported on a connection attached to a remote database")
    }
}
