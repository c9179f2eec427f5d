/// The progress of a database backup, reported after each step of
/// ``Database/backup(to:pagesPerStep:progress:)`` and
/// ``DatabaseReader/backup(to:pagesPerStep:progress:)``.
///
/// ```swift
/// try source.backup(to: destination, pagesPerStep: 100) { progress in
///     print("\(progress.completedPageCount) of \(progress.totalPageCount) pages copied")
/// }
/// ```
///
/// See <https://www.sqlite.org/c3ref/backup_finish.html#sqlite3backupremaining>.
public struct DatabaseBackupProgress: Sendable {
    /// The number of pages that remain to be copied, as reported by
    /// `sqlite3_backup_remaining()` after the last step.
    ///
    /// ```swift
    /// let remaining = progress.remainingPageCount
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/backup_finish.html#sqlite3backupremaining>.
    public let remainingPageCount: Int

    /// The number of pages of the source database, as reported by
    /// `sqlite3_backup_pagecount()` after the last step.
    ///
    /// ```swift
    /// let total = progress.totalPageCount
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/backup_finish.html#sqlite3backuppagecount>.
    public let totalPageCount: Int

    /// The number of pages copied so far: ``totalPageCount`` minus
    /// ``remainingPageCount``.
    ///
    /// ```swift
    /// let fraction = Double(progress.completedPageCount) / Double(progress.totalPageCount)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/backup_finish.html#sqlite3backupremaining>.
    public var completedPageCount: Int {
        totalPageCount - remainingPageCount
    }

    /// Whether the backup is complete: the last step copied the last pages
    /// (`sqlite3_backup_step()` returned `SQLITE_DONE`).
    ///
    /// An error thrown by the progress function of a complete backup is
    /// ignored: the backup is not aborted.
    ///
    /// ```swift
    /// if progress.isCompleted { print("done") }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/backup_finish.html#sqlite3backupstep>.
    public let isCompleted: Bool

    init(remainingPageCount: Int, totalPageCount: Int, isCompleted: Bool) {
        self.remainingPageCount = remainingPageCount
        self.totalPageCount = totalPageCount
        self.isCompleted = isCompleted
    }
}
