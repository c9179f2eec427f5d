import CSQLite
import Foundation

/// A transaction observer registered on a connection.
final class TransactionObserverEntry {
    private weak var weakObserver: (any TransactionObserver)?
    private var strongObserver: (any TransactionObserver)?
    let identifier: ObjectIdentifier
    let extent: Database.TransactionObservationExtent

    /// Set by `stopObservingDatabaseChangesUntilNextTransaction()`.
    var isDisabled = false

    init(_ observer: some TransactionObserver, extent: Database.TransactionObservationExtent) {
        identifier = ObjectIdentifier(observer)
        self.extent = extent
        if case .observerLifetime = extent {
            weakObserver = observer
        } else {
            strongObserver = observer
        }
    }

    /// The observer, or nil when it was deallocated.
    var observer: (any TransactionObserver)? {
        strongObserver ?? weakObserver
    }
}

/// Dispatches the changes and transactions of one connection to its
/// transaction observers.
///
/// The broker is fed by the SQLite hooks (see `Database+Observation.swift`)
/// and by ``Database/observedStep(_:)``, and it only exists while the
/// connection has observers. Everything happens on the connection's
/// queue.
///
/// - Before a statement runs, observers are asked which of the changes
///   the statement may perform they observe (the statement's
///   ``StatementAuthorization/eventKinds``).
/// - Each change reported by the update hook goes to the observers
///   interested in its kind, or is buffered while a savepoint is open.
/// - The commit hook asks observers whether the transaction may commit.
/// - When a statement ends the transaction, observers are told about the
///   commit or rollback, outside of SQLite hooks, so that they can use the
///   connection. SQLite calls the commit hook only for transactions that
///   wrote: the broker tracks whether an explicit transaction is open, and
///   asks observers whether a transaction that did not write may commit
///   after its `COMMIT` or `RELEASE` ran.
final class DatabaseObservationBroker {
    private struct Savepoint {
        var name: String
        /// The number of buffered events when the savepoint started.
        var eventCount: Int
    }

    private struct BufferedEvent {
        var event: DatabaseEvent
        var entries: [TransactionObserverEntry]
    }

    unowned let database: Database
    private(set) var entries: [TransactionObserverEntry] = []

    /// The statement whose `sqlite3_step` runs, to which the changes
    /// reported by the update hook belong.
    var steppingStatement: Unmanaged<Statement>?

    /// The region changed by the transaction whose commit is being
    /// notified, for observers that need it in `databaseDidCommit`.
    private(set) var committedRegion = DatabaseRegion()

    /// The number of dispatch loops running: observers are only removed
    /// from `entries` when it is zero.
    private var dispatchDepth = 0

    /// Whether an explicit transaction is open: its end is notified to
    /// observers, whether it wrote or not.
    private var isInsideExplicitTransaction: Bool

    // Transaction state, reset when the transaction ends.
    private var transactionDidChange = false
    private var commitHookDidRun = false
    private var rollbackHookDidRun = false
    private var commitError: (any Error)?
    private var changedKinds: [DatabaseEventKind] = []
    private var lastRecordedStatement: ObjectIdentifier?
    private var notifiedRegion = DatabaseRegion()
    private var savepoints: [Savepoint] = []
    private var bufferedEvents: [BufferedEvent] = []

    /// The last `PRAGMA data_version` of the connection, read when the
    /// first ``ExternalCommitObserver`` was added and at each check for
    /// external commits (`Database+ExternalChanges.swift`).
    var baselineDataVersion: Int64?

    /// Creates the broker of a connection. When a transaction is open,
    /// observers are told how it ends.
    init(database: Database) {
        self.database = database
        isInsideExplicitTransaction = database.isInsideTransaction
    }

    /// Whether the broker can be dropped.
    var isUnused: Bool {
        dispatchDepth == 0 && entries.allSatisfy { $0.observer == nil }
    }

    func add(_ observer: some TransactionObserver, extent: Database.TransactionObservationExtent) {
        entries.removeAll { $0.observer == nil }
        entries.append(TransactionObserverEntry(observer, extent: extent))
        if database.configuration.observesExternalChanges && observer is any ExternalCommitObserver {
            recordBaselineDataVersion()
        }
    }

    func remove(_ observer: some TransactionObserver) {
        let identifier = ObjectIdentifier(observer)
        for entry in entries where entry.identifier == identifier {
            // The statement that runs may still list the entry among the
            // interested observers: disabled entries get nothing.
            entry.isDisabled = true
        }
        entries.removeAll { $0.identifier == identifier || $0.observer == nil }
    }

    func stopObservingDatabaseChangesUntilNextTransaction(_ observer: some TransactionObserver) {
        let identifier = ObjectIdentifier(observer)
        for entry in entries where entry.identifier == identifier {
            entry.isDisabled = true
        }
    }

    // MARK: - Statements

    /// Called before the first step of a statement.
    func statementWillStart(_ statement: Statement) {
        let authorization = statement.authorization
        if let effect = authorization.transactionEffect {
            prepare(effect)
        }
        if authorization.isWrite {
            transactionDidChange = true
        }
        let kinds = authorization.eventKinds
        guard !kinds.isEmpty else { return }
        let statementIdentifier = ObjectIdentifier(statement)
        if lastRecordedStatement != statementIdentifier {
            // A loop that runs one statement records its kinds once.
            lastRecordedStatement = statementIdentifier
            changedKinds.append(contentsOf: kinds)
        }
        var interests: [[TransactionObserverEntry]] = []
        interests.reserveCapacity(kinds.count)
        for kind in kinds {
            var interested: [TransactionObserverEntry] = []
            for entry in entries where !entry.isDisabled {
                if let observer = entry.observer, observer.observes(eventsOfKind: kind) {
                    interested.append(entry)
                }
            }
            interests.append(interested)
        }
        statement.observerInterests = interests
    }

    /// Called when a statement is done, or has failed. Notifies the end of
    /// the transaction, if the statement has ended it.
    ///
    /// Every explicit transaction (opened by `BEGIN` or by a savepoint
    /// outside of any transaction) ends in a notification, even when it
    /// did not write, except during a read-only access
    /// (``Database/readOnly(_:)``). A statement that runs outside of any
    /// explicit transaction is notified when it writes.
    ///
    /// - Returns: The error thrown by an observer that prevented the
    ///   commit, if any.
    @discardableResult
    func statementDidFinish(_ statement: Statement, succeeded: Bool) -> (any Error)? {
        let effect = statement.authorization.transactionEffect
        if succeeded, let effect {
            apply(effect)
        }
        if !statement.observerInterests.isEmpty {
            // Do not keep observers alive from the statement cache.
            statement.observerInterests = []
        }
        guard let connection = database.sqliteConnection, sqlite3_get_autocommit(connection) != 0 else {
            isInsideExplicitTransaction = true
            if !succeeded {
                // A failed COMMIT leaves the transaction open.
                commitHookDidRun = false
                let error = commitError
                commitError = nil
                if let error, case .releaseSavepoint? = effect {
                    return rollBackRefusedRelease(error)
                }
            }
            return nil
        }
        // No transaction is open: the statement has ended it, or ran
        // outside of any transaction.
        let endsExplicitTransaction = isInsideExplicitTransaction
        isInsideExplicitTransaction = false
        var error = commitError
        let committed: Bool
        if succeeded && commitHookDidRun {
            committed = true
        } else if endsExplicitTransaction {
            if database.isReadOnlyAccess && !commitHookDidRun {
                // GRDB does not notify the transactions of read-only
                // accesses.
                resetTransactionState()
                return nil
            }
            switch effect {
            case .commitTransaction? where succeeded, .releaseSavepoint? where succeeded:
                // SQLite does not call the commit hook for a transaction
                // that did not write: observers are asked here.
                if let willCommitError = willCommit() {
                    error = willCommitError
                    committed = false
                } else {
                    committed = true
                }
            default:
                committed = false
            }
        } else {
            // A statement outside of any explicit transaction, that did
            // not commit: its implicit transaction is notified only when
            // it wrote, and was rolled back.
            guard transactionDidChange && (rollbackHookDidRun || commitHookDidRun) else {
                resetTransactionState()
                return error
            }
            committed = false
        }
        let region = committed ? changedRegion() : DatabaseRegion()
        resetTransactionState()
        if committed {
            notifyCommit(changedRegion: region)
        } else {
            notifyRollback()
        }
        return error
    }

    /// Rolls back the transaction whose commit by `RELEASE SAVEPOINT` an
    /// observer refused: SQLite undoes the changes, but leaves a
    /// transaction open, unlike a refused `COMMIT`.
    ///
    /// - Parameter error: The error of the observer.
    /// - Returns: `error`.
    private func rollBackRefusedRelease(_ error: any Error) -> any Error {
        do {
            // Observers are told about the rollback when it ends the
            // transaction.
            try database.executeCleanup(sql: "ROLLBACK TRANSACTION")
        } catch {
            // The error of the observer is the one the caller needs; the
            // transaction stays open, as `isInsideTransaction` tells.
        }
        return error
    }

    // MARK: - SQLite hooks

    /// The commit hook: returns non-zero to turn the commit into a
    /// rollback.
    func commitHook() -> CInt {
        // Changes buffered by open savepoints are committed as well.
        flushBufferedEvents()
        savepoints.removeAll()
        if let error = willCommit() {
            commitError = error
            return 1
        }
        commitHookDidRun = true
        return 0
    }

    /// Asks observers whether the transaction may commit.
    ///
    /// - Returns: The error of the first observer that refuses, if any.
    private func willCommit() -> (any Error)? {
        for entry in entries {
            guard let observer = entry.observer else { continue }
            do {
                try observer.databaseWillCommit()
            } catch {
                return error
            }
        }
        return nil
    }

    func rollbackHook() {
        rollbackHookDidRun = true
    }

    func updateHook(
        _ operation: CInt,
        _ databaseName: UnsafePointer<CChar>,
        _ tableName: UnsafePointer<CChar>,
        _ rowID: Int64)
    {
        transactionDidChange = true
        guard let kind = DatabaseEvent.Kind(rawValue: operation) else { return }
        if let statement = steppingStatement?.takeUnretainedValue() {
            let kinds = statement.authorization.eventKinds
            let interests = statement.observerInterests
            for index in kinds.indices where index < interests.count && kinds[index].matches(kind, tableName) {
                let interested = interests[index]
                if interested.isEmpty { return }
                let event = DatabaseEvent(
                    kind: kind,
                    rowID: rowID,
                    tableName: kinds[index].tableName,
                    databaseName: Self.databaseName(databaseName))
                notify(event, to: interested)
                return
            }
        }
        // A change that the statement authorization did not predict.
        let name = String(cString: tableName)
        let eventKind: DatabaseEventKind
        switch kind {
        case .insert: eventKind = .insert(tableName: name)
        case .delete: eventKind = .delete(tableName: name)
        case .update: eventKind = .update(tableName: name, columnNames: [])
        }
        changedKinds.append(eventKind)
        lastRecordedStatement = nil
        let interested = entries.filter { entry in
            !entry.isDisabled && entry.observer?.observes(eventsOfKind: eventKind) == true
        }
        guard !interested.isEmpty else { return }
        let event = DatabaseEvent(
            kind: kind, rowID: rowID, tableName: name,
            databaseName: Self.databaseName(databaseName))
        notify(event, to: interested)
    }

    private static func databaseName(_ cString: UnsafePointer<CChar>) -> String {
        strcmp(cString, "main") == 0 ? "main" : String(cString: cString)
    }

    // MARK: - Explicit notifications

    /// Notifies changes that SQLite can not report
    /// (``Database/notifyChanges(in:)``).
    func notifyChanges(in region: DatabaseRegion) {
        transactionDidChange = true
        notifiedRegion.formUnion(region)
        var kinds: [DatabaseEventKind] = []
        for (table, tableRegion) in region.tableRegions ?? [:] {
            if let columns = tableRegion.columns {
                kinds.append(.update(tableName: table, columnNames: columns))
            } else {
                kinds.append(.insert(tableName: table))
            }
        }
        // `stopObservingDatabaseChangesUntilNextTransaction()` works from
        // `databaseDidChange()` as from `databaseDidChange(with:)`.
        whileDispatching {
            for entry in entries where !entry.isDisabled {
                guard let observer = entry.observer else { continue }
                if region.isFullDatabase || kinds.contains(where: { observer.observes(eventsOfKind: $0) }) {
                    observer.databaseDidChange()
                }
            }
        }
    }

    /// Notifies a commit of the changes notified outside of any
    /// transaction.
    func notifyImplicitCommit() {
        let region = changedRegion()
        resetTransactionState()
        notifyCommit(changedRegion: region)
    }

    // MARK: - Dispatch

    /// The broker that notifies `databaseDidChange(with:)` on the current
    /// thread, for `stopObservingDatabaseChangesUntilNextTransaction()`.
    static var current: DatabaseObservationBroker? {
        get {
            pthread_getspecific(currentBrokerKey).map {
                Unmanaged<DatabaseObservationBroker>.fromOpaque($0).takeUnretainedValue()
            }
        }
        set {
            pthread_setspecific(currentBrokerKey, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
        }
    }

    private func notify(_ event: DatabaseEvent, to interested: [TransactionObserverEntry]) {
        if savepoints.isEmpty {
            dispatch(event, to: interested)
        } else {
            bufferedEvents.append(BufferedEvent(event: event, entries: interested))
        }
    }

    private func dispatch(_ event: DatabaseEvent, to interested: [TransactionObserverEntry]) {
        whileDispatching {
            for entry in interested where !entry.isDisabled {
                entry.observer?.databaseDidChange(with: event)
            }
        }
    }

    /// Runs `body`, which notifies observers, with this broker as the
    /// ``current`` one and `dispatchDepth` incremented.
    @inline(__always)
    private func whileDispatching(_ body: () -> Void) {
        let previous = Self.current
        Self.current = self
        dispatchDepth += 1
        defer {
            dispatchDepth -= 1
            Self.current = previous
        }
        body()
    }

    private func flushBufferedEvents() {
        guard !bufferedEvents.isEmpty else { return }
        let events = bufferedEvents
        bufferedEvents.removeAll()
        for buffered in events {
            dispatch(buffered.event, to: buffered.entries)
        }
    }

    private func notifyCommit(changedRegion: DatabaseRegion) {
        let notified = takeEntriesToNotify()
        dispatchDepth += 1
        for entry in notified {
            guard let observer = entry.observer else { continue }
            committedRegion = changedRegion
            observer.databaseDidCommit(database)
        }
        committedRegion = DatabaseRegion()
        dispatchDepth -= 1
        removeEntriesAfterTransaction()
    }

    private func notifyRollback() {
        let notified = takeEntriesToNotify()
        dispatchDepth += 1
        for entry in notified {
            entry.observer?.databaseDidRollback(database)
        }
        dispatchDepth -= 1
        removeEntriesAfterTransaction()
    }

    /// The observers to tell about the end of the transaction. The
    /// observers of the next transaction only (`.nextTransaction`) leave
    /// ``entries`` before they are notified: a transaction that their
    /// `databaseDidCommit` or `databaseDidRollback` runs is not theirs,
    /// and does not notify them again (which recursed until the stack
    /// overflowed).
    private func takeEntriesToNotify() -> [TransactionObserverEntry] {
        let notified = entries
        if notified.contains(where: { $0.extent == .nextTransaction }) {
            entries.removeAll { $0.extent == .nextTransaction }
        }
        return notified
    }

    /// Removes the deallocated observers after the end of a transaction
    /// was notified, and the broker when no observer is left.
    private func removeEntriesAfterTransaction() {
        entries.removeAll { $0.observer == nil }
        database.deactivateObservationBrokerIfUnused()
    }

    // MARK: - Transaction state

    /// The region changed by the current transaction (over-estimated: the
    /// changes a statement may perform count, even if it did not).
    private func changedRegion() -> DatabaseRegion {
        var region = notifiedRegion
        for kind in changedKinds {
            region.formUnion(kind.modifiedRegion)
        }
        return region
    }

    private func resetTransactionState() {
        transactionDidChange = false
        commitHookDidRun = false
        rollbackHookDidRun = false
        commitError = nil
        changedKinds.removeAll(keepingCapacity: true)
        lastRecordedStatement = nil
        notifiedRegion = DatabaseRegion()
        savepoints.removeAll()
        bufferedEvents.removeAll()
        for entry in entries {
            entry.isDisabled = false
        }
    }

    /// Handles a transaction or savepoint statement before it runs.
    private func prepare(_ effect: TransactionEffect) {
        switch effect {
        case .commitTransaction:
            flushBufferedEvents()
        case .releaseSavepoint(let name) where savepointIndex(name) == 0:
            // Releasing the outermost savepoint makes its changes part of
            // the transaction (or commits them).
            flushBufferedEvents()
        default:
            break
        }
    }

    /// Handles a transaction or savepoint statement that has succeeded.
    private func apply(_ effect: TransactionEffect) {
        switch effect {
        case .beginTransaction:
            break
        case .commitTransaction, .rollbackTransaction:
            savepoints.removeAll()
            bufferedEvents.removeAll()
        case .beginSavepoint(let name):
            savepoints.append(Savepoint(name: name, eventCount: bufferedEvents.count))
        case .releaseSavepoint(let name):
            if let index = savepointIndex(name) {
                savepoints.removeSubrange(index...)
                if savepoints.isEmpty {
                    flushBufferedEvents()
                }
            }
        case .rollbackSavepoint(let name):
            if let index = savepointIndex(name) {
                bufferedEvents.removeSubrange(savepoints[index].eventCount...)
                savepoints.removeSubrange((index + 1)...)
            }
        }
    }

    private func savepointIndex(_ name: String) -> Int? {
        // Savepoint names compare as in SQLite (see String+DatabaseNames.swift).
        savepoints.lastIndex { $0.name.isSameDatabaseName(as: name) }
    }
}

/// The thread-specific key of ``DatabaseObservationBroker/current``.
private let currentBrokerKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

extension DatabaseEventKind {
    /// Whether a change reported by the update hook has this kind.
    func matches(_ kind: DatabaseEvent.Kind, _ tableName: UnsafePointer<CChar>) -> Bool {
        switch (self, kind) {
        case (.insert(let name), .insert), (.delete(let name), .delete), (.update(let name, _), .update):
            return name.withCString { sqlite3_stricmp($0, tableName) == 0 }
        default:
            return false
        }
    }
}
