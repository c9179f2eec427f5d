@_spi(FolioRemote) import Folio
import Foundation
import XCTest

/// A remote engine for tests: runs the requests of a connection attached
/// with `_attachRemote` on a second, real SQLite database (the "server"),
/// and records them.
final class SQLiteServerExecutor: RemoteStatementExecutor, @unchecked Sendable {
    // @unchecked Sendable: `requests` is guarded by `lock`; the server is
    // a DatabaseQueue.
    let server: DatabaseQueue
    private let lock = NSLock()
    private var _requests: [RemoteStatementRequest] = []
    /// An error thrown instead of running the next request, if set.
    var nextError: (any Error)?

    init(server: DatabaseQueue) {
        self.server = server
    }

    var requests: [RemoteStatementRequest] {
        lock.lock(); defer { lock.unlock() }
        return _requests
    }

    func resetRequests() {
        lock.lock(); defer { lock.unlock() }
        _requests.removeAll()
    }

    func executeRemotely(_ request: RemoteStatementRequest) throws -> RemoteStatementResult {
        lock.lock()
        _requests.append(request)
        let error = nextError
        nextError = nil
        lock.unlock()
        if let error { throw error }
        return try server.inDatabase { db in
            let statement = try db.makeStatement(sql: request.sql)
            try statement.setArguments(StatementArguments(request.arguments))
            if request.returnsRows {
                var values: [DatabaseValue] = []
                let rows = try Row.fetchCursor(statement)
                while let row = try rows.next() {
                    values.append(contentsOf: row.databaseValues)
                }
                return RemoteStatementResult(
                    columnNames: statement.columnNames, values: values,
                    lastInsertedRowID: db.lastInsertedRowID, changesCount: db.changesCount)
            }
            try statement.execute()
            return RemoteStatementResult(lastInsertedRowID: db.lastInsertedRowID, changesCount: db.changesCount)
        }
    }
}

extension FolioTestCase {
    /// A server database on a temporary file: transactions stay open
    /// between the requests of the client, as on a remote engine.
    func makeServer() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        return try DatabaseQueue(path: temporaryDatabasePath(), configuration: configuration)
    }

    /// An in-memory queue whose connection runs its statements on
    /// `server`, and records its SQL.
    func makeRemoteQueue(
        server: DatabaseQueue,
        maximumParameterCount: Int = 255,
        configuration: Configuration = Configuration()) throws -> (DatabaseQueue, SQLiteServerExecutor)
    {
        let executor = SQLiteServerExecutor(server: server)
        var configuration = configuration
        configuration.prepareDatabase { db in
            try db._attachRemote(executor, maximumParameterCount: maximumParameterCount)
        }
        return (try makeDatabaseQueue(configuration: configuration), executor)
    }
}
