import CSQLite
import Dispatch
import Foundation
import Synchronization

/// A connection guarded by a serial dispatch queue: every use of the
/// connection happens on the queue, one at a time.
///
/// `@unchecked Sendable`: the only mutable state is the `Database`, which
/// is touched exclusively from `queue` (`sync`, `async` and `reentrantSync`
/// all run their closures on it), or, for the readers of a pool and the
/// writers that run their synchronous accesses on the calling thread, by
/// one access at a time under `accessLock`: the closures of the queue take
/// the lock too, and the accesses on the calling thread run while they hold
/// it. `connectionForInterrupt` is an immutable
/// copy of the raw pointer, used only with `sqlite3_interrupt`, which SQLite
/// documents as safe to call from any thread, and only while `isClosed`,
/// a lock, says the connection is open. `suspension` is `Sendable`, and
/// `suspensionObservers` is only written by `init` and read by `deinit`
/// and `close()`.
final class SerializedDatabase: @unchecked Sendable {
    let db: Database
    let queue: DispatchQueue
    /// The identifier of the connection in the specific data of its queue
    /// (see ``AccessKeys``).
    let accessIdentifier = AccessKeys.makeIdentifier()
    private let connectionForInterrupt: SQLiteConnection?
    private let isClosed = Synchronized(false)

    /// Whether a transaction may stay open at the end of an access (see
    /// ``Configuration/allowsUnsafeTransactions``): never for the reader
    /// connections of a pool.
    private let allowsUnsafeTransactions: Bool

    /// The suspension state of the connection, when it observes the
    /// suspension notifications.
    private let suspension: DatabaseSuspension?

    /// Whether a suspension interrupts the statement that runs: always,
    /// except for the readers of a database in WAL mode, whose reads go
    /// on.
    private let interruptsOnSuspension: Bool

    /// The observers of the suspension notifications, removed when the
    /// connection closes.
    private var suspensionObservers: [any NSObjectProtocol] = []

    /// The lock of the accesses of a pool's reader, or of a writer (of a
    /// pool or of a queue), which may run on the calling thread
    /// (``syncOnCallingThread(_:)``, ``sync(_:)``) as well as on the
    /// queue: nil for the other connections (snapshots), and for the
    /// connections that have a ``Configuration/targetQueue`` or a
    /// ``Configuration/writeTargetQueue``, whose accesses all run on the
    /// queue.
    private let accessLock: NSLock?

    /// The pool of a connection whose accesses may run on the calling
    /// thread, to detect reentrant accesses (see ``CallingThreadAccess``):
    /// nil for a ``DatabaseQueue``.
    private let accessGroup: UInt64?

    /// Whether ``sync(_:)`` and ``rethrowingSync(_:)`` run on the calling
    /// thread, under the access lock, when no work waits on the queue: the
    /// writers that have no target queue.
    private let syncsOnCallingThread: Bool

    /// The number of functions that ``async(_:)`` and the async accesses
    /// have put on the queue, and that have not run yet, for the
    /// connections whose synchronous accesses run on the calling thread. A
    /// synchronous access waits on the queue behind them while it is not
    /// zero, so that the accesses keep the order in which they were asked
    /// for. Decremented under the access lock, and read under it.
    private let pendingQueueWork = Atomic<Int>(0)

    var configuration: Configuration { db.configuration }
    var path: String { db.path }

    /// Opens a connection, and its dispatch queue.
    ///
    /// - Parameters:
    ///   - path: The path of the database.
    ///   - configuration: The configuration of the connection.
    ///   - defaultLabel: The label of the connection when the
    ///     configuration has none.
    ///   - isReader: Whether the connection only reads, as the readers of
    ///     a pool do, even if the configuration is not read-only: it then
    ///     uses the ``Configuration/targetQueue``, and never leaves a
    ///     transaction open.
    ///   - accessGroup: For the readers of a pool, the identity of the
    ///     pool: synchronous accesses may then run on the calling thread
    ///     (``syncOnCallingThread(_:)``), unless the configuration has a
    ///     ``Configuration/targetQueue``. For the writer of a pool, the
    ///     identity of the pool, which detects reentrant accesses from
    ///     inside its accesses on the calling thread.
    ///   - syncsOnCallingThread: For the writer of a pool or of a queue:
    ///     whether ``sync(_:)`` and ``rethrowingSync(_:)`` run on the
    ///     calling thread when no work waits on the queue, unless the
    ///     configuration has a ``Configuration/writeTargetQueue`` or a
    ///     ``Configuration/targetQueue``.
    ///
    /// - Parameter holdsTransaction: Whether the connection keeps a
    ///   transaction open from one access to the next on purpose (a
    ///   ``DatabaseSnapshot``): the end of an access does not check it.
    init(
        path: String,
        configuration: Configuration,
        defaultLabel: String,
        isReader: Bool = false,
        accessGroup: UInt64? = nil,
        syncsOnCallingThread: Bool = false,
        holdsTransaction: Bool = false) throws
    {
        let label = configuration.label ?? defaultLabel
        db = try Database(path: path, description: label, configuration: configuration)
        connectionForInterrupt = db.sqliteConnection
        let readsOnly = isReader || configuration.readonly
        let targetQueue = readsOnly
            ? configuration.targetQueue
            : (configuration.writeTargetQueue ?? configuration.targetQueue)
        // A target queue decides of the quality of service.
        queue = DispatchQueue(
            label: label,
            qos: targetQueue == nil ? configuration.qos : .unspecified,
            target: targetQueue)
        queue.setSpecific(key: AccessKeys.connection, value: accessIdentifier)
        allowsUnsafeTransactions = holdsTransaction || (configuration.allowsUnsafeTransactions && !isReader)
        suspension = db.suspension
        interruptsOnSuspension = !(isReader && (db.suspension?.isWAL ?? false))
        // A target queue may serialize the accesses of several
        // connections: they all keep running on the queue.
        if isReader, let accessGroup, targetQueue == nil {
            self.accessLock = NSLock()
            self.accessGroup = accessGroup
            self.syncsOnCallingThread = false
        } else if !isReader, syncsOnCallingThread, targetQueue == nil {
            self.accessLock = NSLock()
            self.accessGroup = accessGroup
            self.syncsOnCallingThread = true
        } else {
            self.accessLock = nil
            self.accessGroup = nil
            self.syncsOnCallingThread = false
        }
        if suspension != nil {
            let center = NotificationCenter.default
            suspensionObservers = [
                center.addObserver(forName: Database.suspendNotification, object: nil, queue: nil) { [weak self] _ in
                    self?.suspend()
                },
                center.addObserver(forName: Database.resumeNotification, object: nil, queue: nil) { [weak self] _ in
                    self?.suspension?.resume()
                },
            ]
        }
    }

    /// Whether the current code runs inside an access to this connection:
    /// on its queue, or in ``syncOnCallingThread(_:)``.
    var isOnQueue: Bool {
        if DispatchQueue.getSpecific(key: AccessKeys.connection) == accessIdentifier { return true }
        return accessLock != nil && CallingThreadAccess.isAccessing(self)
    }

    /// Runs `body` with the access lock of a reader, if it has one: the
    /// closures that access the connection from the queue call it, so
    /// that they never run at the same time as an access on the calling
    /// thread.
    @inline(__always)
    func withAccessLock<T>(_ body: () throws -> T) rethrows -> T {
        guard let accessLock else { return try body() }
        accessLock.lock()
        defer { accessLock.unlock() }
        return try body()
    }

    /// Takes the access lock of a connection whose synchronous accesses run
    /// on the calling thread, and returns true, when no work waits on the
    /// queue: the caller then runs its access and unlocks. Returns false,
    /// without the lock, when the access must wait on the queue behind
    /// the work that was put on it before (or when the connection runs all
    /// its accesses on its queue).
    @inline(__always)
    private func lockForCallingThreadAccess() -> Bool {
        guard syncsOnCallingThread, let accessLock else { return false }
        accessLock.lock()
        // Decremented under the lock: zero means that the functions put on
        // the queue before this access have all run.
        if pendingQueueWork.load(ordering: .acquiring) == 0 {
            return true
        }
        accessLock.unlock()
        return false
    }

    /// Counts a function that is about to be put on the queue (see
    /// ``pendingQueueWork``).
    @inline(__always)
    func willEnqueue() {
        if syncsOnCallingThread {
            pendingQueueWork.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// Counts a function of the queue that has run, or that was given up.
    @inline(__always)
    func didDequeue() {
        if syncsOnCallingThread {
            pendingQueueWork.wrappingSubtract(1, ordering: .releasing)
        }
    }

    /// Runs a function with the connection, and waits for its result: on
    /// the calling thread under the access lock, for a writer that has no
    /// target queue and no work waiting on its queue, and on the queue
    /// otherwise.
    ///
    /// - Precondition: not already on the queue (a database access method
    ///   called from inside another one): that would deadlock, so it stops
    ///   the program with an explicit message instead.
    func sync<T>(_ block: (Database) throws -> T) throws -> T {
        checkProgrammerError(
            !isOnQueue,
            "Database methods are not reentrant: do not call read, write or inDatabase from inside another access to the same database (\(db.description)).")
        if lockForCallingThreadAccess() {
            defer { accessLock?.unlock() }
            return try CallingThreadAccess.run(self, group: accessGroup) {
                try access(block)
            }
        }
        return try queue.sync {
            try withAccessLock {
                try CallingThreadAccess.runOnQueue { try access(block) }
            }
        }
    }

    /// Like ``sync(_:)``, but runs the function on the calling thread, for
    /// the reader of a pool that a lease lends to the caller alone: the
    /// access lock keeps out the closures of the queue
    /// (`releaseMemoryEventually`), and ``CallingThreadAccess`` lets the
    /// reentrancy checks see the access. Readers that have no access lock
    /// (a ``Configuration/targetQueue``) run on their queue.
    ///
    /// - Precondition: not already inside an access to the pool of the
    ///   connection, which the caller checks
    ///   (`DatabasePool.preconditionNotReentrant`): that check covers this
    ///   connection (its queue carries the pool's key, and its accesses on
    ///   the calling thread the pool's group), so that it is not checked
    ///   again here (a `DispatchQueue.getSpecific` and a look-up of the
    ///   thread's accesses, ~150 instructions per read).
    func syncOnCallingThread<T>(_ block: (Database) throws -> T) throws -> T {
        // A writer keeps the order of its accesses in sync(_:).
        guard !syncsOnCallingThread, let accessLock, let accessGroup else {
            return try sync(block)
        }
        accessLock.lock()
        defer { accessLock.unlock() }
        return try CallingThreadAccess.run(self, group: accessGroup) {
            try access(block)
        }
    }

    /// Runs an access: checks that the connection is open, runs the
    /// function, rolls back a transaction left open, and makes the
    /// cursors of the access unusable. Runs on the queue, or on the
    /// calling thread under the access lock.
    @inline(__always)
    private func access<T>(_ block: (Database) throws -> T) throws -> T {
        _ = try db.checkOpen()
        defer { db.endAccess() }
        let result: T
        do {
            result = try block(db)
        } catch {
            rollBackTransactionLeftOpenQuietly(db)
            throw error
        }
        try rollBackTransactionLeftOpen(db)
        return result
    }

    /// Runs a function on the queue, allowing calls from the queue itself.
    func reentrantSync<T>(_ block: (Database) throws -> T) throws -> T {
        if isOnQueue {
            _ = try db.checkOpen()
            return try block(db)
        }
        return try sync(block)
    }

    /// Like ``sync(_:)``, for the access methods that GRDB declares
    /// `rethrows` (`inDatabase`, `writeWithoutTransaction`...): they throw
    /// only the errors of their function, so that a closed connection is
    /// not checked here. On a closed connection, statements throw.
    func rethrowingSync<T>(_ block: (Database) throws -> T) rethrows -> T {
        checkProgrammerError(
            !isOnQueue,
            "Database methods are not reentrant: do not call read, write or inDatabase from inside another access to the same database (\(db.description)).")
        if lockForCallingThreadAccess() {
            defer { accessLock?.unlock() }
            return try CallingThreadAccess.run(self, group: accessGroup) {
                try rethrowingAccess(block)
            }
        }
        return try queue.sync {
            try withAccessLock {
                try CallingThreadAccess.runOnQueue { try rethrowingAccess(block) }
            }
        }
    }

    /// The access of ``rethrowingSync(_:)``: runs the function, rolls back
    /// a transaction left open, and makes the cursors of the access
    /// unusable.
    @inline(__always)
    private func rethrowingAccess<T>(_ block: (Database) throws -> T) rethrows -> T {
        defer { db.endAccess() }
        let result: T
        do {
            result = try block(db)
        } catch {
            rollBackTransactionLeftOpenQuietly(db)
            throw error
        }
        rollBackTransactionLeftOpenAndStop(db)
        return result
    }

    /// Like ``reentrantSync(_:)``, for the access methods that GRDB
    /// declares `rethrows` (see ``rethrowingSync(_:)``).
    func rethrowingReentrantSync<T>(_ block: (Database) throws -> T) rethrows -> T {
        if isOnQueue {
            return try block(db)
        }
        return try rethrowingSync(block)
    }

    /// Runs a function on the queue, without waiting.
    func async(_ block: @escaping @Sendable (Database) -> Void) {
        willEnqueue()
        queue.async {
            self.withAccessLock {
                defer {
                    self.db.endAccess()
                    self.didDequeue()
                }
                block(self.db)
                self.rollBackTransactionLeftOpenQuietly(self.db)
            }
        }
    }

    /// Interrupts the statement that runs, from any thread.
    func interrupt() {
        isClosed.withLock { isClosed in
            // Inside the lock, so that the connection does not close in
            // the meantime. `sqlite3_interrupt` only sets a flag.
            if !isClosed, let connectionForInterrupt {
                sqlite3_interrupt(connectionForInterrupt)
            }
        }
    }

    /// Suspends the connection (see ``Database/suspendNotification``).
    private func suspend() {
        suspension?.suspend()
        if interruptsOnSuspension {
            interrupt()
        }
    }

    /// Closes the connection.
    ///
    /// May be called from inside an access: a read that was running when
    /// its pool closed closes its connection when it gives it back, at
    /// the end of an `async` access.
    func close() {
        try? closeReportingLiveStatements()
    }

    /// Closes the connection, and throws when statements or cursors of the
    /// application are still alive (see
    /// ``Database/closeReportingLiveStatements()``): the connection is
    /// closed all the same, for the accesses.
    func closeReportingLiveStatements() throws {
        removeSuspensionObservers()
        if isOnQueue {
            try closeOnQueue()
        } else {
            try queue.sync { try withAccessLock { try closeOnQueue() } }
        }
    }

    private func closeOnQueue() throws {
        isClosed.withLock { $0 = true }
        try db.closeReportingLiveStatements()
    }

    private func removeSuspensionObservers() {
        for observer in suspensionObservers {
            NotificationCenter.default.removeObserver(observer)
        }
    }

    deinit {
        removeSuspensionObservers()
        // The queue holds no reference to self once its work is done:
        // closing here is safe.
        db.close()
    }

    // MARK: - Transactions left open

    /// Rolls back the transaction that an access left open, unless the
    /// configuration allows it (see
    /// ``Configuration/allowsUnsafeTransactions``), and throws a misuse
    /// error. Must run on the queue, at the end of an access.
    ///
    /// - Throws: A ``DatabaseError`` with the code `SQLITE_MISUSE` when a
    ///   transaction was left open, or the error of the rollback.
    func rollBackTransactionLeftOpen(_ db: Database) throws {
        guard !allowsUnsafeTransactions, db.isInsideTransaction else { return }
        try db.executeCleanup(sql: "ROLLBACK")
        throw DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "A transaction was left open at the end of a database access, and rolled back: commit or roll back transactions before the access ends, or set Configuration.allowsUnsafeTransactions")
    }

    /// Rolls back the transaction that an access left open, unless the
    /// configuration allows it, and stops the program, for the accesses
    /// that GRDB declares `rethrows` (`inDatabase`,
    /// `writeWithoutTransaction`...): they can not throw the misuse error,
    /// and a transaction left open is a programmer error that GRDB's
    /// documentation calls out (see
    /// ``Configuration/allowsUnsafeTransactions``). The rollback runs
    /// first, so that the database file holds no half-done transaction.
    func rollBackTransactionLeftOpenAndStop(_ db: Database) {
        guard !allowsUnsafeTransactions, db.isInsideTransaction else { return }
        // The rollback error, if any, can not be reported either: the
        // program stops with the misuse message below.
        _ = try? db.executeCleanup(sql: "ROLLBACK")
        fatalProgrammerError("A transaction was left open at the end of a database access (\(db.description)), and rolled back: commit or roll back transactions before the access ends, or set Configuration.allowsUnsafeTransactions")
    }

    /// Rolls back the transaction that an access left open, unless the
    /// configuration allows it, for the accesses that have another error
    /// to throw, or none to report.
    func rollBackTransactionLeftOpenQuietly(_ db: Database) {
        do {
            try rollBackTransactionLeftOpen(db)
        } catch {
            // The access has no error to report (`async`), or throws a
            // more important one: the transaction is rolled back, and
            // the misuse error is lost.
        }
    }
}
