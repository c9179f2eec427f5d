import CSQLite

/// The cancellation state of one async database access.
///
/// The task cancellation handler and the connection's dispatch queue share
/// it: the handler marks the access cancelled and interrupts the
/// connection only while the access runs, so that an interruption never
/// hits the next access of the connection.
final class DatabaseAccessCancellation: Sendable {
    private enum Phase {
        case waiting, running, finished
    }

    private struct State {
        var phase = Phase.waiting
        var isCancelled = false
    }

    private let state = Synchronized(State())

    /// Whether the task of the access was cancelled.
    var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Marks the start of the access, on the connection's queue.
    ///
    /// - Returns: False when the access was cancelled before it could
    ///   start.
    func start() -> Bool {
        state.withLock { state in
            if state.isCancelled { return false }
            state.phase = .running
            return true
        }
    }

    /// Marks the end of the access.
    func finish() {
        state.withLock { $0.phase = .finished }
    }

    /// Marks the access as cancelled, and calls `interrupt` if it runs.
    ///
    /// `interrupt` runs inside the lock, so that the access can not finish
    /// and leave the connection to another access in the meantime. This
    /// is the one exception to the rule that locks are not held across
    /// SQLite calls: `interrupt` only calls `sqlite3_interrupt`, which
    /// sets a flag and returns at once, without taking any lock or calling
    /// back (<https://www.sqlite.org/c3ref/interrupt.html>).
    func cancel(interrupt: () -> Void) {
        state.withLock { state in
            state.isCancelled = true
            if state.phase == .running {
                interrupt()
            }
        }
    }
}
