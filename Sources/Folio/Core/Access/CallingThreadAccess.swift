import Foundation

/// The access to a connection that the current thread runs outside of the
/// connection's dispatch queue, if it is the innermost access of the
/// thread.
///
/// The synchronous reads of a ``DatabasePool``, and the synchronous
/// accesses of the writer of a pool or of a ``DatabaseQueue``, run their
/// closure on the thread that calls them, under the connection's access
/// lock, instead of hopping through `DispatchQueue.sync` (see
/// ``SerializedDatabase/syncOnCallingThread(_:)`` and
/// ``SerializedDatabase/sync(_:)``). The queue-specific
/// keys that detect reentrant accesses (`DispatchQueue.getSpecific`) do
/// not see such an access: this thread-specific stack does.
///
/// It answers as `DispatchQueue.getSpecific` does for the queues: only the
/// innermost access counts. An access that runs on a connection's queue
/// from inside a read on the calling thread (a backup into another
/// database, from inside a read of the pool) pushes a boundary, under
/// which the read is no longer the current access, as the read's queue
/// was no longer the current queue.
///
/// The entries live on the stack of the accessing thread, pushed and
/// popped around each access: a thread that runs no access on the calling
/// thread pays one `pthread_getspecific` per check.
enum CallingThreadAccess {
    /// One access of the current thread, or a boundary. Lives on the
    /// accessing thread's stack for the duration of the access.
    private struct Entry {
        /// The accessed connection (not retained: the access retains it),
        /// or nil for an access on a connection's queue.
        let connection: Unmanaged<SerializedDatabase>?
        /// The pool of the connection, to detect reentrant accesses to
        /// the other connections of the pool.
        let group: UInt64?
        /// The entry that was innermost when this one was pushed.
        let previous: UnsafeMutableRawPointer?
    }

    /// Runs `body` while the current thread is marked as accessing
    /// `connection`, a connection of the pool identified by `group` (nil
    /// for the connection of a ``DatabaseQueue``), outside of its queue.
    static func run<T>(
        _ connection: SerializedDatabase,
        group: UInt64?,
        _ body: () throws -> T) rethrows -> T
    {
        try push(Entry(connection: .passUnretained(connection), group: group, previous: pthread_getspecific(entryKey)), body)
    }

    /// Runs `body`, an access on a connection's queue, so that the access
    /// on the calling thread that it may be nested in is not the current
    /// access. Costs one `pthread_getspecific` when there is none.
    @inline(__always)
    static func runOnQueue<T>(_ body: () throws -> T) rethrows -> T {
        guard let previous = pthread_getspecific(entryKey) else {
            return try body()
        }
        return try push(Entry(connection: nil, group: nil, previous: previous), body)
    }

    private static func push<T>(_ entry: Entry, _ body: () throws -> T) rethrows -> T {
        var entry = entry
        return try withUnsafeMutablePointer(to: &entry) { entryPointer in
            pthread_setspecific(entryKey, UnsafeMutableRawPointer(entryPointer))
            defer { pthread_setspecific(entryKey, entryPointer.pointee.previous) }
            return try body()
        }
    }

    /// The innermost entry of the current thread.
    private static var current: Entry? {
        pthread_getspecific(entryKey)?.assumingMemoryBound(to: Entry.self).pointee
    }

    /// Whether the innermost access of the current thread is an access to
    /// `connection` outside of its queue.
    static func isAccessing(_ connection: SerializedDatabase) -> Bool {
        guard let current = current?.connection else { return false }
        return current.toOpaque() == Unmanaged.passUnretained(connection).toOpaque()
    }

    /// The connection of the pool identified by `group` that the innermost
    /// access of the current thread uses outside of its queue, if any.
    static func connection(inGroup group: UInt64) -> SerializedDatabase? {
        guard let current, current.group == group else { return nil }
        return current.connection?.takeUnretainedValue()
    }
}

/// The thread-specific key of the innermost ``CallingThreadAccess`` entry
/// of the current thread.
private let entryKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
