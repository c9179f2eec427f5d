import Dispatch
import Synchronization

/// The dispatch-queue-specific keys that tell which connection, or which
/// pool, the current queue belongs to, to detect reentrant accesses.
///
/// The keys are global, and never deallocated; the values are identifiers
/// that are never reused. A key per connection would not do: libdispatch
/// identifies a key by its address, which a new key may reuse once the
/// old one is deallocated, while the old connection's dispatch queue,
/// which still holds a value for that address, is alive (a queue lives
/// until it has run its last block, after the connection that owns it
/// has gone). A new connection would then see itself as accessed from
/// that queue, and stop the program with a false "not reentrant" error.
enum AccessKeys {
    /// The identifier of the connection (``SerializedDatabase``) whose
    /// queue runs the current code.
    static let connection = DispatchSpecificKey<UInt64>()

    /// The identifier of the ``DatabasePool`` whose connection's queue
    /// runs the current code.
    static let pool = DispatchSpecificKey<UInt64>()

    /// The last identifier given by ``makeIdentifier()``.
    private static let lastIdentifier = Atomic<UInt64>(0)

    /// Returns an identifier that no other connection or pool of the
    /// process has, or will ever have.
    static func makeIdentifier() -> UInt64 {
        lastIdentifier.add(1, ordering: .relaxed).newValue
    }
}
