extension DatabaseQueue {
    /// Frees as much memory as possible, once the current database
    /// accesses are done (see ``Database/releaseMemory()``).
    ///
    /// ```swift
    /// dbQueue.releaseMemory()
    /// ```
    public func releaseMemory() {
        _ = try? writer.sync { db in db.releaseMemory() }
    }
}
