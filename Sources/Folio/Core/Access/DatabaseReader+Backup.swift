extension DatabaseReader {
    /// Copies the content of this database into another one, with the
    /// SQLite online backup API, and waits until the destination has the
    /// same schema and content as this database.
    ///
    /// ```swift
    /// let source: DatabaseQueue = ...      // or DatabasePool
    /// let destination: DatabaseQueue = ... // or DatabasePool
    /// try source.backup(to: destination)
    /// ```
    ///
    /// The source is read in one read access, and the destination is
    /// written in a barrier write access
    /// (``DatabaseWriter/barrierWriteWithoutTransaction(_:)-2h0fv``), so that
    /// none of its readers sees a partial copy. When the source is a
    /// ``DatabasePool``, writes can go on during the backup: they may or
    /// may not be in the copy, and they do not make it fail. When the copy
    /// runs in several steps, SQLite restarts it after each write of the
    /// source, so that a source that never stops changing is never copied.
    ///
    /// The copy runs in steps of at most `pagesPerStep` pages. `progress`
    /// is called after each step, including the last one (whose
    /// ``DatabaseBackupProgress/isCompleted`` is true). An error thrown by
    /// `progress` before the last step aborts the backup and is rethrown;
    /// an error thrown after the last step is ignored.
    ///
    /// ```swift
    /// try source.backup(to: destination, pagesPerStep: 100) { progress in
    ///     print("\(progress.completedPageCount) of \(progress.totalPageCount) pages")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - writer: The destination database. It must not be this
    ///     database.
    ///   - pagesPerStep: The number of pages copied by each step. A
    ///     negative value (the default) copies all pages in one step.
    ///   - progress: An optional function called after each step.
    /// - Throws: A ``DatabaseError`` when the backup fails (for example
    ///   `SQLITE_READONLY` for a read-only destination, or `SQLITE_MISUSE`
    ///   when the destination is the source), or the error of `progress`.
    ///
    /// See <https://www.sqlite.org/backup.html>.
    public func backup(
        to writer: any DatabaseWriter,
        pagesPerStep: CInt = -1,
        progress: ((DatabaseBackupProgress) throws -> Void)? = nil) throws
    {
        // Reading this database while writing it, from a single access
        // method call, would deadlock (a queue) or wait forever for the
        // read to end (a pool's barrier).
        guard writer.unwrappedReader !== unwrappedReader else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "the source and the destination of a backup must be distinct databases")
        }
        try read { sourceDb in
            try writer.barrierWriteWithoutTransaction { destDb in
                try sourceDb.backup(to: destDb, pagesPerStep: pagesPerStep, progress: progress)
            }
        }
    }
}

extension DatabaseReader {
    /// The reader that accesses the database: the base of type erasers.
    fileprivate var unwrappedReader: any DatabaseReader {
        if let reader = self as? AnyDatabaseReader {
            return reader.base.unwrappedReader
        }
        if let writer = self as? AnyDatabaseWriter {
            return writer.base.unwrappedReader
        }
        return self
    }
}
