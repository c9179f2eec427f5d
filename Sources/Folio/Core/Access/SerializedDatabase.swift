import CSQLite
import Dispatch

/// A connection guarded by a serial dispatch queue: every use of the
/// connection happens on the queue, one at a time.
///
/// `@unchecked Sendable`: the only mutable state is the `Database`, which
/// is touched exclusively from `queue` (`sync`, `async` and `reentrantSync`
/// all run their closures on it). `connectionForInterrupt` is an immutable
/// copy of the raw pointer, used only with `sqlite3_interrupt`, which SQLite
/// documents as safe to call from any thread.
final class SerializedDatabase: @unchecked Sendable {
    private let db: Database
    let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Void>()
    private let connectionForInterrupt: SQLiteConnection?

    var configuration: Configuration { db.configuration }
    var path: String { db.path }

    init(path: String, configuration: Configuration, defaultLabel: String) throws {
        let label = configuration.label ?? defaultLabel
        db = try Database(path: path, description: label, configuration: configuration)
        connectionForInterrupt = db.sqliteConnection
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: queueKey, value: ())
    }

    /// Whether the current code runs on the queue of this connection.
    var isOnQueue: Bool {
        DispatchQueue.getSpecific(key: queueKey) != nil
    }

    /// Runs a function on the queue, and waits for its result.
    ///
    /// - Precondition: not already on the queue (a database access method
    ///   called from inside another one): that would deadlock, so it stops
    ///   the program with an explicit message instead.
    func sync<T>(_ block: (Database) throws -> T) throws -> T {
        checkProgrammerError(
            !isOnQueue,
            "Database methods are not reentrant: do not call read, write or inDatabase from inside another access to the same database (\(db.description)).")
        return try queue.sync {
            _ = try db.checkOpen()
            defer { db.endAccess() }
            return try block(db)
        }
    }

    /// Runs a function on the queue, allowing calls from the queue itself.
    func reentrantSync<T>(_ block: (Database) throws -> T) throws -> T {
        if isOnQueue {
            _ = try db.checkOpen()
            return try block(db)
        }
        return try sync(block)
    }

    /// Runs a function on the queue, without waiting.
    func async(_ block: @escaping @Sendable (Database) -> Void) {
        queue.async {
            defer { self.db.endAccess() }
            block(self.db)
        }
    }

    /// Interrupts the statement that runs, from any thread.
    func interrupt() {
        if let connectionForInterrupt {
            sqlite3_interrupt(connectionForInterrupt)
        }
    }

    /// Closes the connection.
    func close() {
        queue.sync {
            db.close()
        }
    }

    deinit {
        // The queue holds no reference to self once its work is done:
        // closing here is safe.
        db.close()
    }
}

extension SerializedDatabase {
    /// Runs a function on the queue from async code, without blocking the
    /// cooperative thread pool.
    ///
    /// Cancellation of the current task prevents the function from
    /// starting, interrupts the statement that runs
    /// (<https://www.sqlite.org/c3ref/interrupt.html>), and makes the
    /// statements that follow fail, except rollbacks. The access then
    /// throws `CancellationError`. An access that completes before
    /// cancellation is noticed returns its result.
    func execute<T: Sendable>(
        _ block: @escaping @Sendable (Database, DatabaseAccessCancellation) throws -> T)
        async throws -> T
    {
        try Task.checkCancellation()
        let cancellation = DatabaseAccessCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    guard cancellation.start() else {
                        continuation.resume(throwing: CancellationError())
                        return
                    }
                    let result = Result { try self.runCancellable(cancellation, block) }
                    cancellation.finish()
                    switch result {
                    case .success(let value):
                        continuation.resume(returning: value)
                    case .failure(let error):
                        continuation.resume(throwing: cancellation.isCancelled ? CancellationError() : error)
                    }
                }
            }
        } onCancel: {
            cancellation.cancel { self.interrupt() }
        }
    }

    /// Runs a function on the queue from async code, with the same
    /// cancellation behavior as the method above.
    func execute<T: Sendable>(_ block: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await execute { db, _ in try block(db) }
    }

    /// Runs a function in a transaction on the queue from async code. The
    /// transaction is rolled back when the task is cancelled before it
    /// commits.
    func executeWrite<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await execute { db, cancellation in
            try db.inTransactionReturning { db in
                let value = try updates(db)
                if cancellation.isCancelled {
                    throw CancellationError()
                }
                return value
            }
        }
    }

    /// Runs `block` with the connection, while the connection knows about
    /// the cancellation of the access. Must run on the queue.
    private func runCancellable<T>(
        _ cancellation: DatabaseAccessCancellation,
        _ block: (Database, DatabaseAccessCancellation) throws -> T) throws -> T
    {
        defer {
            db.accessCancellation = nil
            db.updateObservesStatements()
            db.endAccess()
        }
        _ = try db.checkOpen()
        db.accessCancellation = cancellation
        db.updateObservesStatements()
        return try block(db, cancellation)
    }
}
