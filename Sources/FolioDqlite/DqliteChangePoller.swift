import Foundation
@_spi(FolioRemote) import Folio

/// Tells the observations of a ``DqliteDatabase`` about the commits of
/// other clients: at each interval, on the local connection's queue and
/// outside of any transaction, it asks the leader for `PRAGMA
/// data_version` (which changes when another connection commits) and
/// `PRAGMA schema_version`; when the data changed, it notifies the whole
/// database as changed (`Database.notifyChanges(in:)`), after copying the
/// schema again if it changed.
///
/// `@unchecked Sendable`: its one property is the timer, which Dispatch
/// lets any thread cancel.
final class DqliteChangePoller: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    /// Reads the versions now (the baseline), then polls at each interval.
    init(queue: DatabaseQueue, executor: DqliteStatementExecutor, interval: Double) {
        let state = PollState()
        queue.writeWithoutTransaction { db in state.poll(db, executor: executor) }
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        timer.setEventHandler { [weak queue] in
            guard let queue else { return }
            // One poll at a time: polls must not pile up on the queue while
            // one waits for a leader, and starve the accesses of the user.
            guard state.schedulePoll() else { return }
            queue.asyncWriteWithoutTransaction { db in
                defer { state.pollDidEnd() }
                guard !db.isInsideTransaction else { return }
                state.poll(db, executor: executor)
            }
        }
        timer.resume()
    }

    func cancel() {
        timer.cancel()
    }

    deinit {
        timer.cancel()
    }
}

/// The versions seen at the last poll. Touched from the local
/// connection's queue only (`asyncWriteWithoutTransaction`): hence
/// `@unchecked Sendable`.
private final class PollState: @unchecked Sendable {
    private let lock = NSLock()
    private var pollIsPending = false
    private var lastFailure: Date?
    private var dataVersion: Int64?
    private var schemaVersion: Int64?
    private var generation = -1
    private var lastSearch: Date?

    /// Returns false when a poll is on its way already (the timer's
    /// thread asks; the lock guards the flag).
    func schedulePoll() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if pollIsPending { return false }
        pollIsPending = true
        return true
    }

    func pollDidEnd() {
        lock.lock(); defer { lock.unlock() }
        pollIsPending = false
    }

    func poll(_ db: Database, executor: DqliteStatementExecutor) {
        // After a failed poll (no leader, a lost connection), the next
        // tries come at most once in 10 seconds: a leader search holds the
        // connection's queue for up to the leader search timeout.
        if let lastFailure, Date().timeIntervalSince(lastFailure) < 10 { return }
        // Without a connection to the leader, the leader is searched at
        // most once in 10 seconds, so that polling a cluster without a
        // leader does not keep the connection's queue busy.
        if executor.leaderAddress == nil {
            if let lastSearch, Date().timeIntervalSince(lastSearch) < 10 { return }
            lastSearch = Date()
        }
        do {
            let values = try executor.withLeader { connection in
                try connection.query(
                    sql: "SELECT * FROM pragma_data_version, pragma_schema_version",
                    arguments: [], prepared: true).values
            }
            guard values.count == 2,
                  let data = Int64.fromDatabaseValue(values[0]),
                  let schema = Int64.fromDatabaseValue(values[1]) else { return }
            let isFirst = dataVersion == nil
            // data_version is per connection: a new leader connection
            // changes it without any commit. Notify then too: commits may
            // have happened while the leader changed.
            let changed = !isFirst && (data != dataVersion || generation != executor.connectionGeneration)
            let schemaChanged = !isFirst && schema != schemaVersion
            dataVersion = data
            schemaVersion = schema
            generation = executor.connectionGeneration
            if schemaChanged {
                try db._refreshRemoteSchema()
            }
            if changed || schemaChanged {
                try db.notifyChanges(in: DatabaseRegion.fullDatabase)
            }
            lastFailure = nil
        } catch {
            // A later poll tries again (the leader may be changing).
            lastFailure = Date()
        }
    }
}
