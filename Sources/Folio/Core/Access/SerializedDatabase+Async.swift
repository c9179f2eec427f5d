import CSQLite
import Dispatch
import Foundation
import Synchronization

// The async accesses of a connection: they run on its queue without
// blocking the cooperative thread pool (see SerializedDatabase.swift).

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
    ///
    /// The function does not escape: the queue gives it back before the
    /// access returns (see ``LentBlock``).
    func execute<T: Sendable>(
        _ block: @Sendable (Database, DatabaseAccessCancellation) throws -> T)
        async throws -> T
    {
        try Task.checkCancellation()
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            // The function runs in the calling task, on the queue: it sees
            // the task-local values and the cancellation of the caller.
            return try await executeInCallingTask(block)
        }
        return try await withoutActuallyEscaping(block) { block in
            try await execute(LentBlock(block))
        }
    }

    /// Runs a function on the queue, inside the calling task, through a
    /// ``ConnectionTaskExecutor``: the task hops to the queue, runs the
    /// function, and hops back.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private func executeInCallingTask<T: Sendable>(
        _ block: @Sendable (Database, DatabaseAccessCancellation) throws -> T)
        async throws -> T
    {
        let cancellation = DatabaseAccessCancellation()
        let executor = ConnectionTaskExecutor(self)
        return try await withTaskCancellationHandler {
            try await withTaskExecutorPreference(executor) {
                // On the queue, under the access lock (see enqueueJob).
                guard cancellation.start() else {
                    throw CancellationError()
                }
                let result = Result { try runCancellableLocked(cancellation, block) }
                cancellation.finish()
                switch result {
                case .success(let value):
                    return value
                case .failure(let error):
                    throw cancellation.isCancelled ? CancellationError() : error
                }
            }
        } onCancel: {
            cancellation.cancel { self.interrupt() }
        }
    }

    /// Runs a job of a ``ConnectionTaskExecutor`` on the queue, under the
    /// access lock, counted as work put on the queue.
    func enqueueJob(_ job: @escaping @Sendable () -> Void) {
        willEnqueue()
        queue.async {
            self.withAccessLock {
                defer { self.didDequeue() }
                job()
            }
        }
    }

    /// Runs a function on the queue from async code, with the same
    /// cancellation behavior as the method above.
    func execute<T: Sendable>(_ block: @Sendable (Database) throws -> T) async throws -> T {
        try await execute { db, _ in try block(db) }
    }

    /// Runs a function in a transaction on the queue from async code. The
    /// transaction is rolled back when the task is cancelled before it
    /// commits.
    func executeWrite<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
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

    private func execute<T: Sendable>(_ lent: LentBlock<T>) async throws -> T {
        let cancellation = DatabaseAccessCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                willEnqueue()
                queue.async {
                    guard cancellation.start() else {
                        lent.giveBack()
                        self.didDequeue()
                        continuation.resume(throwing: CancellationError())
                        return
                    }
                    let result = self.run(lent, cancellation)
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

    /// Takes the function out of `lent` and runs it. Not inlined: the
    /// function is released when this method returns, before the access
    /// resumes.
    @inline(never)
    private func run<T>(_ lent: LentBlock<T>, _ cancellation: DatabaseAccessCancellation) -> Result<T, any Error> {
        let block = lent.take()
        return Result { try runCancellable(cancellation, block) }
    }

    /// Runs `block` with the connection, while the connection knows about
    /// the cancellation of the access. Must run on the queue.
    private func runCancellable<T>(
        _ cancellation: DatabaseAccessCancellation,
        _ block: (Database, DatabaseAccessCancellation) throws -> T) throws -> T
    {
        try withAccessLock {
            defer { didDequeue() }
            return try runCancellableLocked(cancellation, block)
        }
    }

    /// The body of ``runCancellable(_:_:)``, under the access lock.
    private func runCancellableLocked<T>(
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
        let result: T
        do {
            result = try block(db, cancellation)
        } catch {
            rollBackTransactionLeftOpenQuietly(db)
            throw error
        }
        try rollBackTransactionLeftOpen(db)
        return result
    }
}
