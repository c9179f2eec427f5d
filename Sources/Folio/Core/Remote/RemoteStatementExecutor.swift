import CSQLite

// The SPI through which a `Database` runs its statements on a remote SQLite
// engine (FolioDqlite's dqlite client). Folio still prepares every statement
// locally, against an in-memory copy of the remote schema, so that columns,
// regions, event kinds and transaction flags are Folio's own; only the
// execution goes to the executor. See Documentation/Architecture.md, "Remote
// execution".
//
// Not public API: `@_spi(FolioRemote)`. GRDB has no such API.
//
// Members beyond the spelling of issue 31: `RemoteStatementRequest.init`
// (public, so that executors and their tests can build requests).
//
// What an attached connection supports: raw SQL and arguments (positional
// and named, every storage class), rows and cursors, records and
// persistence (RETURNING, upserts, bulk writes chunked by
// `maximumParameterCount`), the query interface, associations and
// prefetching, `DatabaseMigrator`, transactions and savepoints, schema
// introspection (on the local copy), `ValueObservation` and
// `DatabaseRegionObservation` of its own writes, the trace (the SQL of the
// statements, not of their substitutes), read-only accesses (a write
// throws SQLITE_READONLY before anything is sent), custom (Swift)
// collations in the ORDER BY of a top-level SELECT without LIMIT or
// OFFSET, on terms that name result columns (the remote engine gets the
// SQL without them, and the rows are sorted locally: `RemoteOrdering`).
//
// What it does not support (each throws a `DatabaseError` that says so):
// custom SQL functions, and custom collations anywhere else (WHERE,
// GROUP BY, subqueries, windows, compound SELECTs, ORDER BY terms that
// are not result columns, with a LIMIT or OFFSET), Folio's Swift ones
// included (`DatabaseFunction.uppercase`,
// `DatabaseCollation.localizedCompare`...: they are removed locally, and a
// statement that uses one fails when it is prepared), ATTACH/DETACH, backups, changesets and sessions
// (`recordChanges`, `apply`), `observesExternalChanges`, attaching a
// connection that is not in memory, more parameters than
// `maximumParameterCount` in raw SQL. Not seen by the connection: changes
// of other clients (their rows are read at each statement, but observers
// are not told, and schema changes need `_refreshRemoteSchema()`),
// `interrupt()` of a remote call in progress, the pre-update hook.
// `PRAGMA schema_version`, `table_info` and the other introspection
// pragmas read the local copy.
//
// Executor contract: `returnsRows` requests return `columnNames` (as many
// as the local statement has) and row-major `values`; a write with
// RETURNING run as a query may report `changesCount` 0 (its rows are
// counted then) and `lastInsertedRowID` 0 (then left unchanged). Requests
// of DDL, transaction control and settings come with `returnsRows` false,
// before the local statement runs; a failed remote ROLLBACK still rolls
// back locally.

/// How a `Database` runs statements on a remote SQLite engine (FolioDqlite).
/// Not public API: SPI. GRDB has no such API.
@_spi(FolioRemote) public protocol RemoteStatementExecutor: AnyObject {
    /// Runs one statement remotely. `request.returnsRows` says whether the caller reads rows
    /// (dqlite QUERY) or not (dqlite EXEC). Thrown `DatabaseError`s carry SQLite's code and message;
    /// any other error is rethrown unchanged to the caller of the statement's step.
    func executeRemotely(_ request: RemoteStatementRequest) throws -> RemoteStatementResult
}

/// One statement to run remotely: its SQL and its bound values.
/// Not public API: SPI. GRDB has no such API.
@_spi(FolioRemote) public struct RemoteStatementRequest: Sendable {
    /// One statement, as prepared locally.
    public var sql: String
    /// The bound values, by parameter index (1-based index i is arguments[i-1]).
    public var arguments: [DatabaseValue]
    /// Whether the caller reads rows (dqlite QUERY) or not (dqlite EXEC).
    public var returnsRows: Bool
    /// `sqlite3_stmt_readonly` of the local preparation.
    public var isReadOnly: Bool
    /// Whether the statement is BEGIN, COMMIT, ROLLBACK, SAVEPOINT or RELEASE.
    public var isTransactionControl: Bool

    /// Creates a request.
    public init(sql: String, arguments: [DatabaseValue], returnsRows: Bool, isReadOnly: Bool, isTransactionControl: Bool) {
        self.sql = sql
        self.arguments = arguments
        self.returnsRows = returnsRows
        self.isReadOnly = isReadOnly
        self.isTransactionControl = isTransactionControl
    }
}

/// What a remote statement returned. Not public API: SPI. GRDB has no such API.
@_spi(FolioRemote) public struct RemoteStatementResult: Sendable {
    /// The names of the result columns.
    public var columnNames: [String]
    /// The values of the rows, row-major, `columnNames.count` per row.
    public var values: [DatabaseValue]
    /// The rowid of the last insertion, as the remote reports it.
    public var lastInsertedRowID: Int64
    /// The number of rows the statement changed, as the remote reports it.
    public var changesCount: Int

    /// Creates a result.
    public init(columnNames: [String] = [], values: [DatabaseValue] = [], lastInsertedRowID: Int64 = 0, changesCount: Int = 0) {
        self.columnNames = columnNames
        self.values = values
        self.lastInsertedRowID = lastInsertedRowID
        self.changesCount = changesCount
    }
}

@_spi(FolioRemote) extension Database {
    /// Copies the remote schema into this (local, in-memory) connection and from now on runs statements remotely.
    ///
    /// The connection must be an in-memory connection: the schema objects
    /// it holds are dropped, and replaced with those of the remote
    /// database. Its custom functions and collations are removed (the
    /// remote engine does not know them: a statement that uses one throws
    /// a ``DatabaseError`` that says so when it is prepared, unless its
    /// custom collations only sort the rows of a top-level SELECT, which
    /// the connection then sorts locally), and its
    /// `SQLITE_LIMIT_VARIABLE_NUMBER` becomes `maximumParameterCount`.
    ///
    /// - Parameters:
    ///   - executor: the executor that runs statements remotely.
    ///   - maximumParameterCount: the maximum number of parameters of a
    ///     statement on the remote (255 for dqlite 1.11); it becomes the
    ///     local `SQLITE_LIMIT_VARIABLE_NUMBER`.
    /// - Throws: A ``DatabaseError`` when the connection is already
    ///   attached, is not in memory, observes external changes, or when
    ///   the remote schema can not be copied; the error of the executor.
    public func _attachRemote(_ executor: any RemoteStatementExecutor, maximumParameterCount: Int) throws {
        let connection = try checkOpen()
        guard remote == nil else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is already attached to a remote database")
        }
        if let filename = sqlite3_db_filename(connection, "main"), filename.pointee != 0 {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "only an in-memory connection can be attached to a remote database, not \(String(cString: filename))")
        }
        if configuration.observesExternalChanges {
            throw RemoteConnection.unsupportedError("observesExternalChanges is")
        }
        guard maximumParameterCount > 0 else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "maximumParameterCount must be positive")
        }
        if isInsideTransaction {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a connection can not be attached to a remote database inside a transaction")
        }
        let remote = RemoteConnection(database: self, executor: executor, maximumParameterCount: maximumParameterCount)
        try remote.registerModule(on: connection)
        try remote.copySchema()
        sqlite3_limit(connection, SQLITE_LIMIT_VARIABLE_NUMBER, CInt(clamping: maximumParameterCount))
        for function in customFunctions.values {
            sqlite3_create_function_v2(
                connection, function.name, function.sqliteArgumentCount, function.encoding,
                nil, nil, nil, nil, nil)
        }
        for (name, collation) in customCollations {
            sqlite3_create_collation_v2(connection, name, SQLITE_UTF8, nil, nil, nil)
            register(collation, as: RemoteConnection.remoteAliasName(ofCollation: name))
        }
        self.remote = remote
        clearStatementCache()
    }

    /// The executor attached by `_attachRemote(_:maximumParameterCount:)`, if any.
    public var _remoteExecutor: (any RemoteStatementExecutor)? {
        remote?.executor
    }

    /// Copies the remote schema again (after another client changed it).
    ///
    /// - Throws: A ``DatabaseError`` when the connection is not attached,
    ///   or inside a transaction; the error of the executor.
    public func _refreshRemoteSchema() throws {
        guard let remote else {
            throw RemoteConnection.detachedError(sql: nil)
        }
        if isInsideTransaction {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the remote schema can not be copied again inside a transaction")
        }
        self.remote = nil
        defer {
            self.remote = remote
            clearStatementCache()
        }
        try remote.copySchema()
    }
}

extension Database {
    /// Throws when the connection is attached to a remote database, which
    /// can not do what `feature` needs.
    ///
    /// - Parameter feature: What is not supported, as the subject of "is
    ///   not supported": "backup is".
    func checkNotRemote(_ feature: String) throws {
        if remote != nil {
            throw RemoteConnection.unsupportedError(feature)
        }
    }
}
