extension DatabasePool {
    /// Frees as much memory as possible: the writer releases its memory,
    /// and reader connections are closed (they open again on demand), or
    /// release their memory when ``Configuration/persistentReadOnlyConnections``
    /// is true.
    ///
    /// It waits for current reads to end, and delays new reads until it
    /// is done: see ``releaseMemoryEventually()`` for an alternative.
    ///
    /// ```swift
    /// dbPool.releaseMemory()
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_release_memory.html>.
    public func releaseMemory() {
        // Only a closed pool makes these fail: it has no memory to
        // release. (The signature, GRDB's, does not throw.)
        _ = try? writer.sync { db in db.releaseMemory() }
        _ = try? readerPool.withBarrier {
            if configuration.persistentReadOnlyConnections {
                for reader in readerPool.idleReaders() {
                    // Fails only for a connection closed meanwhile, which
                    // holds no memory.
                    _ = try? reader.sync { db in db.releaseMemory() }
                }
            } else {
                readerPool.invalidate()
            }
        }
    }

    /// Frees memory without waiting: idle reader connections are closed at
    /// once, busy ones when their read ends (or they release their memory
    /// after their current read, when
    /// ``Configuration/persistentReadOnlyConnections`` is true), and the
    /// writer releases its memory after the current writes.
    ///
    /// ```swift
    /// dbPool.releaseMemoryEventually()
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/db_release_memory.html>.
    public func releaseMemoryEventually() {
        if configuration.persistentReadOnlyConnections {
            for reader in readerPool.allReaders() {
                reader.async { db in db.releaseMemory() }
            }
        } else {
            readerPool.invalidate()
        }
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
