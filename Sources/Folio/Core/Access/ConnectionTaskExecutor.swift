import Dispatch

/// A task executor that runs the jobs of a task on the dispatch queue of a
/// connection, so that the function of an async access runs inside the
/// task that called it: it sees the caller's `@TaskLocal` values and
/// `Task.isCancelled`, as GRDB's async accesses do, while it keeps the
/// serialization of the connection's queue (see
/// ``SerializedDatabase/execute(_:)-(@Sendable(Database,DatabaseAccessCancellation)throws->T)``).
///
/// Each job is counted as work put on the queue, and runs under the
/// access lock, as the functions of ``SerializedDatabase/async(_:)`` do.
///
/// `@unchecked Sendable`: its only state is the connection, a `Sendable`
/// class.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ConnectionTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let connection: SerializedDatabase

    init(_ connection: SerializedDatabase) {
        self.connection = connection
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        connection.enqueueJob { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
