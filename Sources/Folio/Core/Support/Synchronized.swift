import Synchronization

/// A value protected by a `Synchronization.Mutex`, for the short shared
/// state of the types that cross threads.
///
/// ```swift
/// let count = Synchronized(0)
/// count.withLock { $0 += 1 }
/// ```
///
/// It adds one thing to `Mutex`: an atomic counter, incremented with
/// release ordering before each unlock and loaded with acquire ordering
/// after each lock. The mutex already orders critical sections, but on
/// Linux a contended `Mutex` hands the lock over in the kernel
/// (`FUTEX_LOCK_PI`), in library code that the thread sanitizer does not
/// see: it then reports races between critical sections that do not
/// exist. The counter, compiled in this module, shows the ordering to the
/// sanitizer, for the cost of two uncontended atomic operations.
///
/// The closure given to ``withLock(_:)`` must be short: never call
/// SQLite, block, or run user code inside it.
final class Synchronized<Value>: Sendable {
    private let mutex: Mutex<Value>
    private let handOffs = Atomic<Int>(0)

    init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result
    {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            _ = handOffs.load(ordering: .acquiring)
            defer { handOffs.wrappingAdd(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
