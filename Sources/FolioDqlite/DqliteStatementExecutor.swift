import Foundation
@_spi(FolioRemote) import Folio

/// Runs the statements of ``DqliteDatabase``'s local connection on the
/// cluster's leader (Folio's remote-execution SPI): one statement, one
/// request (EXEC or QUERY), over one connection to the leader.
///
/// What it does about failures:
///
/// - `SQLITE_BUSY` (another client writes, a checkpoint runs): sends the
///   statement again, with a growing pause, for up to the busy timeout.
/// - The leader is lost (`SQLITE_IOERR_NOT_LEADER`, `LEADERSHIP_LOST`, a
///   broken connection or a timeout): outside of a transaction, a
///   statement that reads, or that the old leader refused before it ran
///   (NOT_LEADER), is sent again to the new leader. Inside a transaction
///   (and for a write of unknown fate outside of one), the transaction is
///   gone with the connection: the statement throws
///   ``DqliteError/leadershipLost``, so does every statement after it
///   until the ROLLBACK, which succeeds (there is nothing left to roll
///   back). The leader replicates a transaction at its COMMIT, whole or not
///   at all: a transaction that did not see its COMMIT acknowledged is
///   never half applied.
///
/// The local connection calls it from its serial queue only; the polling
/// of other clients' changes goes through the same queue. This is why it
/// is `@unchecked Sendable`: its mutable state is touched from one queue.
final class DqliteStatementExecutor: RemoteStatementExecutor, @unchecked Sendable {
    let connector: DqliteConnector
    let databaseName: String
    let configuration: DqliteConfiguration
    let foreignKeysEnabled: Bool
    private var connection: DqliteConnection?
    private var transaction = DqliteTransactionState()
    /// True once the connection that held the open transaction was lost.
    private var transactionLost = false
    /// The nodes learnt from the leader, asked when the seeds do not answer.
    private var knownServers: [String] = []
    /// Counts the connections made to a leader: observations of other
    /// clients' changes compare it, since `data_version` is per connection.
    private(set) var connectionGeneration = 0

    init(connector: DqliteConnector, databaseName: String, configuration: DqliteConfiguration, foreignKeysEnabled: Bool) {
        self.connector = connector
        self.databaseName = databaseName
        self.configuration = configuration
        self.foreignKeysEnabled = foreignKeysEnabled
    }

    /// Closes the connection to the leader.
    func close() {
        connection?.close()
        connection = nil
    }

    /// The address of the leader this executor talks to now, if connected.
    var leaderAddress: String? { connection?.address }

    /// The cluster's nodes, as the leader lists them.
    func servers() throws -> [DqliteServer] {
        try withLeader { connection in try connection.cluster() }
    }

    // MARK: - RemoteStatementExecutor

    func executeRemotely(_ request: RemoteStatementRequest) throws -> RemoteStatementResult {
        if transactionLost {
            if request.isTransactionControl && DqliteTransactionState.isRollback(request.sql) {
                transactionLost = false
                transaction.reset()
                return RemoteStatementResult()
            }
            throw DqliteError.leadershipLost
        }
        let wasInsideTransaction = transaction.isInsideTransaction
        // Counted from the first SQLITE_BUSY, not from the start: a leader
        // search may come first.
        var busyDeadline: Date?
        var busyPause = 0.001
        var leaderLosses = 0
        while true {
            do {
                let result = try run(request)
                if request.isTransactionControl { transaction.didRun(request.sql) }
                return result
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_BUSY {
                // Another connection writes, or a checkpoint runs: the
                // statement did not run, send it again.
                let deadline = busyDeadline ?? Date().addingTimeInterval(configuration.busyTimeout)
                busyDeadline = deadline
                guard Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: busyPause)
                busyPause = min(busyPause * 2, 0.05)
            } catch {
                guard Self.isLeaderLoss(error) else { throw error }
                close()
                leaderLosses += 1
                busyDeadline = nil
                let refusedBeforeRunning = (error as? DatabaseError)?.extendedResultCode.rawValue == DqliteProtocol.notLeader
                if wasInsideTransaction || transaction.isInsideTransaction {
                    if request.isTransactionControl && DqliteTransactionState.isRollback(request.sql) {
                        transaction.reset()
                        return RemoteStatementResult()
                    }
                    transaction.reset()
                    transactionLost = true
                    throw DqliteError.leadershipLost
                }
                if !(request.isReadOnly || refusedBeforeRunning || Self.startsTransaction(request)) {
                    // A write in autocommit mode whose fate is unknown.
                    throw DqliteError.leadershipLost
                }
                if leaderLosses > 5 { throw error }
                // Sent again, to the new leader.
            }
        }
    }

    /// Runs one request on the leader, connecting first if needed.
    private func run(_ request: RemoteStatementRequest) throws -> RemoteStatementResult {
        let connection = try leaderConnection()
        if request.returnsRows {
            let rows = try connection.query(
                sql: request.sql, arguments: request.arguments,
                prepared: configuration.preparesStatements && !request.isTransactionControl)
            return RemoteStatementResult(columnNames: rows.columnNames, values: rows.values)
        } else {
            let result = try connection.exec(
                sql: request.sql, arguments: request.arguments,
                prepared: configuration.preparesStatements && !request.isTransactionControl)
            return RemoteStatementResult(lastInsertedRowID: result.lastInsertedRowID, changesCount: result.changes)
        }
    }

    /// Runs `body` with the leader's connection, searching the leader again
    /// once when the connection was lost.
    func withLeader<T>(_ body: (DqliteConnection) throws -> T) throws -> T {
        do {
            return try body(try leaderConnection())
        } catch where Self.isLeaderLoss(error) && !transaction.isInsideTransaction {
            close()
            return try body(try leaderConnection())
        }
    }

    /// The connection to the leader, made (the leader searched, the
    /// database opened, foreign keys turned on) when there is none.
    private func leaderConnection() throws -> DqliteConnection {
        if let connection, !connection.isBroken {
            return connection
        }
        connection?.close()
        connection = nil
        let newConnection = try connector.connectToLeader(database: databaseName, known: knownServers)
        if foreignKeysEnabled {
            _ = try newConnection.exec(sql: "PRAGMA foreign_keys = ON", arguments: [], prepared: false)
        }
        if let servers = try? newConnection.cluster() {
            knownServers = servers.map(\.address)
        }
        connection = newConnection
        connectionGeneration += 1
        return newConnection
    }

    private static func isLeaderLoss(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError {
            let code = error.extendedResultCode.rawValue
            return code == DqliteProtocol.notLeader || code == DqliteProtocol.leadershipLost
        }
        if let error = error as? DqliteError {
            switch error {
            case .connectionFailed, .protocolViolation: return true
            case .leadershipLost, .unsupported, .noLeader: return false
            }
        }
        return false
    }

    private static func startsTransaction(_ request: RemoteStatementRequest) -> Bool {
        request.isTransactionControl && !DqliteTransactionState.isCommit(request.sql)
            && !DqliteTransactionState.isRollback(request.sql)
    }
}
