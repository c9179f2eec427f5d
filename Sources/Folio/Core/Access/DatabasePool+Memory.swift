extension DatabasePool {
    /// Frees as much memory as possible: the writer releases its memory,
    /// and reader connections are closed (they open again on demand).
    ///
    /// It waits for current reads to end, and delays new reads until it
    /// is done: see ``releaseMemoryEventually()`` for an alternative.
    ///
    /// ```swift
    /// dbPool.releaseMemory()
    /// ```
    public func releaseMemory() {
        // Only a closed pool makes these fail: it has no memory to
        // release. (The signature, GRDB's, does not throw.)
        _ = try? writer.sync { db in db.releaseMemory() }
        _ = try? readerPool.withBarrier { readerPool.invalidate() }
    }

    /// Frees memory without waiting: idle reader connections are closed at
    /// once, busy ones when their read ends, and the writer releases its
    /// memory after the current writes.
    ///
    /// ```swift
    /// dbPool.releaseMemoryEventually()
    /// ```
    public func releaseMemoryEventually() {
        readerPool.invalidate()
        writer.async { db in db.releaseMemory() }
    }

    /// Closes the reader connections, so that future reads use new
    /// connections. Connections that run a read are closed when it ends.
    ///
    /// Call it when something changed that existing connections can not
    /// see, such as a new encryption key.
    ///
    /// ```swift
    /// dbPool.invalidateReadOnlyConnections()
    /// ```
    public func invalidateReadOnlyConnections() {
        readerPool.invalidate()
    }
}
