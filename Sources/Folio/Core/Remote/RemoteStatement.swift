import CSQLite

// Where a statement of a connection attached to a remote engine runs.
//
// Every statement is prepared locally, against the local copy of the
// remote schema, under Folio's authorizer: its columns, parameters,
// region, event kinds, read-only-ness and transaction effect are Folio's
// own. Then:
//
// - A statement that reads or writes data (SELECT, INSERT/UPDATE/DELETE
//   with or without RETURNING, data pragmas) steps a *substitute*:
//   `SELECT c0 AS "<name0>", ... FROM folio_remote WHERE token = <token>
//   AND a1 IS ?1 AND a2 IS :name ...`, over the eponymous virtual table of
//   `RemoteVirtualTable.swift`, whose hidden argument columns repeat the
//   parameters of the statement in index order, so that the binder binds the substitute exactly as it
//   would bind the statement. The virtual table's `xFilter` receives the
//   bound values, runs the statement remotely, and serves its rows: rows,
//   cursors, records and adapters read them with the code that reads any
//   statement.
// - A statement that changes the schema or the transaction state (DDL,
//   BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, setting pragmas such as
//   `foreign_keys`) runs remotely in the step preamble, then locally on
//   its own handle, so that the local schema, transaction state, hooks
//   and caches follow.
// - Schema introspection (`table_info`, `index_list`... and reads of
//   `sqlite_master`) runs locally on the copy: the statement has no
//   `RemoteStatement`.

/// How a statement of a connection attached to a remote engine runs.
final class RemoteStatement {
    /// Where a statement runs.
    enum Execution {
        /// Locally only (schema introspection).
        case local
        /// Remotely, then locally on its own handle (DDL, transaction
        /// control, settings).
        case remoteFirst
        /// Remotely, through a substitute that serves the remote rows.
        case substitute
    }

    /// The handle prepared from the statement's SQL: it gives the columns
    /// and parameters of the statement. For a substitute, it never steps,
    /// and this object finalizes it.
    let original: SQLiteStatement

    /// Whether the statement runs remotely first, then locally on
    /// ``original``.
    let runsRemotelyFirst: Bool

    /// The token that the substitute passes to the virtual table, or 0.
    let token: Int64

    /// The SQL sent to the remote engine.
    let sql: String

    /// Whether the caller reads rows (the original has columns).
    let returnsRows: Bool

    /// `sqlite3_stmt_readonly` of the original.
    let isReadOnly: Bool

    /// Whether the statement is BEGIN, COMMIT, ROLLBACK, SAVEPOINT or
    /// RELEASE.
    let isTransactionControl: Bool

    /// The number of result columns of the original.
    let columnCount: Int

    /// The region that a successful remote write changes, for observers.
    let changedRegion: DatabaseRegion

    /// The connection that registered the token.
    weak var connection: RemoteConnection?

    /// The substitute handle that steps, if any.
    var substitute: SQLiteStatement?

    /// The statement, for the trace of its substitute.
    weak var statement: Statement?

    init(
        original: SQLiteStatement,
        execution: Execution,
        token: Int64,
        sql: String,
        authorization: StatementAuthorization,
        connection: RemoteConnection)
    {
        self.original = original
        self.runsRemotelyFirst = execution == .remoteFirst
        self.token = token
        self.sql = sql
        self.columnCount = Int(sqlite3_column_count(original))
        self.returnsRows = columnCount > 0
        self.isReadOnly = authorization.isReadonly
        self.isTransactionControl = authorization.transactionEffect != nil
        var region = DatabaseRegion()
        for kind in authorization.eventKinds {
            region.formUnion(kind.modifiedRegion)
        }
        self.changedRegion = region
        self.connection = connection
    }

    deinit {
        if !runsRemotelyFirst {
            sqlite3_finalize(original)
        }
        if token != 0 {
            connection?.unregister(token: token, substitute: substitute)
        }
    }

    /// Runs the statement remotely before its local step (see
    /// ``Execution/remoteFirst``).
    func executeBeforeLocalStep(_ statement: Statement, in database: Database) throws {
        try database.checkStatementMayStart(statement)
        guard let connection = database.remote else {
            throw RemoteConnection.detachedError(sql: statement.sql)
        }
        if database.isReadOnlyAccess && !isReadOnly {
            throw DatabaseError(
                resultCode: .SQLITE_READONLY, message: "attempt to write a readonly database",
                sql: statement.sql, arguments: statement.arguments,
                publicArguments: database.configuration.publicStatementArguments)
        }
        let request = RemoteStatementRequest(
            sql: sql,
            arguments: statement.resolvedArgumentValues(),
            returnsRows: false,
            isReadOnly: isReadOnly,
            isTransactionControl: isTransactionControl)
        do {
            _ = try connection.executor.executeRemotely(request)
        } catch let error as DatabaseError {
            if statement.authorization.transactionEffect == .rollbackTransaction {
                // The remote transaction is over (rolled back by the
                // engine after an error, or never begun): the local one
                // must end too, or the connection would stay in a
                // transaction that the remote engine does not have.
                return
            }
            throw DatabaseError(
                resultCode: error.extendedResultCode, message: error.message,
                sql: statement.sql, arguments: statement.arguments,
                publicArguments: database.configuration.publicStatementArguments)
        }
    }
}

extension RemoteStatement {
    /// The SQL and expanded SQL that the trace reports for the substitute:
    /// those of the original statement, with the arguments of the
    /// statement bound to the original handle (which never steps).
    func tracedSQL() -> (sql: String, expandedSQL: String) {
        if let statement {
            _ = statement.bindForTrace(statement.resolvedArgumentValues(), to: original)
        }
        // The SQL of the statement, which may differ from the remote SQL
        // (see `RemoteOrdering`).
        let statementSQL = statement?.sql ?? sql
        var expandedSQL = statementSQL
        if let expanded = sqlite3_expanded_sql(original) {
            expandedSQL = Database.text(from: expanded, to: nil)
            sqlite3_free(expanded)
        }
        return (statementSQL, expandedSQL)
    }
}

extension Statement {
    /// Binds values to another handle of the same parameters, for the
    /// trace only.
    func bindForTrace(_ values: [DatabaseValue], to handle: SQLiteStatement) -> CInt {
        for (index, value) in values.enumerated() {
            let code = value._bind(to: handle, at: CInt(index + 1), unrepresentableCode: Statement.unrepresentableValueCode)
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }

    /// The values bound to the parameters, by index, resolved from
    /// ``arguments`` as ``setUncheckedArguments(_:)`` resolves them (the
    /// arguments were checked when they were set).
    func resolvedArgumentValues() -> [DatabaseValue] {
        let arguments = self.arguments
        var values = arguments.values[...]
        return parameterNames.map { name -> DatabaseValue in
            if let name, let value = arguments.namedValues[name] { return value }
            return values.popFirst() ?? .null
        }
    }
}
