extension DatabaseQueue {
    /// Frees as much memory as possible, once the current database
    /// accesses are done (see ``Database/releaseMemory()``).
    ///
    /// ```swift
    /// dbQueue.releaseMemory()
    /// ```
    public func releaseMemory() {
        // Only a closed connection makes this fail: it has no memory to
        // release. (The signature, GRDB's, does not throw.)
        _ = try? writer.sync { db in db.releaseMemory() }
    }
}
