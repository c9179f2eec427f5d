import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches a database file for the commits of other connections (other
/// processes, other pools or queues on the same file), and tells the
/// writer's observations about them, when the configuration sets
/// ``Configuration/observesExternalChanges``.
///
/// Detection: a commit by another connection changes `PRAGMA data_version`
/// on the writer connection. On Linux, an inotify watch of the database's
/// folder reports writes to the database file and its `-wal` file (the
/// folder, not the files, so that a `-wal` file created or deleted later
/// is seen too), and each batch of writes makes the writer check
/// `data_version`, on its own queue. Where inotify is not available (other
/// systems, a file system without notifications, a watch that fails), the
/// writer checks `data_version` every ``pollingInterval``. An idle process
/// uses no CPU with inotify: the watch is a file descriptor that a
/// dispatch source waits for.
///
/// Life cycle: the watch starts when the first observation of the writer
/// retains it (``retain()``), and ends when the last one releases it, or
/// when the writer closes. Several external commits that land while a
/// check is pending or running are coalesced into one notification.
final class ExternalChangeWatcher: @unchecked Sendable {
    // @unchecked Sendable: the mutable state (`watchCount`, `source`,
    // `descriptor`, `isCheckPending`, `followUpTimer`, `followUpStep`,
    // `isClosed`) is
    // only read and written under `lock`; `path` and `writer` are
    // constants.

    /// How often the writer checks `data_version` when inotify is not
    /// available: 250 milliseconds.
    static let pollingInterval = DispatchTimeInterval.milliseconds(250)

    /// Set by tests only, to check the polling that replaces inotify where
    /// it is not available.
    static let testingDisablesNotifications = Synchronized(false)

    private let lock = NSLock()
    private let path: String
    private let writer: SerializedDatabase
    private let queue = DispatchQueue(label: "Folio.ExternalChangeWatcher")
    private var watchCount = 0
    private var source: (any DispatchSourceProtocol)?
    private var descriptor: Int32 = -1
    private var isCheckPending = false
    /// Re-checks after a file event (see ``scheduleFollowUps()``).
    private var followUpTimer: (any DispatchSourceTimer)?
    private var followUpStep = 0
    private var isClosed = false

    /// Whether the watch uses file system notifications (inotify), rather
    /// than polling. For tests.
    private(set) var usesNotifications = false

    /// Creates a watcher of the database file at `path`, whose writer is
    /// `writer`. Nothing is watched until ``retain()``.
    init(path: String, writer: SerializedDatabase) {
        self.path = path
        self.writer = writer
    }

    deinit {
        stopWatching()
    }

    /// Starts the watch if it is not running, and returns a token that
    /// keeps it running until the token is deallocated.
    func retain() -> ExternalChangeWatch {
        lock.lock()
        defer { lock.unlock() }
        watchCount += 1
        if watchCount == 1 && !isClosed {
            startWatching()
        }
        return ExternalChangeWatch(self)
    }

    /// Called when a token is deallocated.
    fileprivate func release() {
        lock.lock()
        defer { lock.unlock() }
        watchCount -= 1
        if watchCount == 0 {
            stopWatching()
        }
    }

    /// Stops the watch for good: the writer closes.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        stopWatching()
    }

    /// Whether a watch runs. For tests.
    var isWatching: Bool {
        lock.lock()
        defer { lock.unlock() }
        return source != nil
    }

    // MARK: - Watching (called with `lock` held)

    private func startWatching() {
        // The observations that retain the watch read the data version
        // that the checks compare with when they add themselves to the
        // writer (`DatabaseObservationBroker.recordBaselineDataVersion()`).
        #if os(Linux)
        if !Self.testingDisablesNotifications.withLock({ $0 }) && startNotifications() { return }
        #endif
        startPolling()
    }

    private func stopWatching() {
        source?.cancel()   // the cancel handler closes the descriptor
        source = nil
        followUpTimer?.cancel()
        followUpTimer = nil
        descriptor = -1
        usesNotifications = false
    }

    #if os(Linux)
    /// Watches the database's folder with inotify. Returns false when
    /// inotify is not available.
    private func startNotifications() -> Bool {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            Glibc.close(fd)
            return false
        }
        let name = url.lastPathComponent
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            if Self.drain(fd, touching: name) {
                self.lock.lock()
                self.scheduleCheck()
                self.scheduleFollowUps()
                self.lock.unlock()
            }
        }
        source.setCancelHandler {
            Glibc.close(fd)
        }
        descriptor = fd
        self.source = source
        usesNotifications = true
        source.resume()
        return true
    }

    /// Reads the pending inotify events, and returns whether one of them
    /// is about the database file or its `-wal` or `-journal` file.
    private static func drain(_ fd: Int32, touching name: String) -> Bool {
        var touched = false
        let bufferSize = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer, bufferSize)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if nameLength > 0 {
                    let namePointer = (buffer + offset + MemoryLayout<inotify_event>.size)
                        .assumingMemoryBound(to: CChar.self)
                    let eventName = String(cString: namePointer)
                    if eventName == name || eventName == name + "-wal" || eventName == name + "-journal" {
                        touched = true
                    }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
        return touched
    }
    #endif

    /// Checks `data_version` every ``pollingInterval``.
    private func startPolling() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.pollingInterval, repeating: Self.pollingInterval, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.lock()
            self.scheduleCheck()
            self.lock.unlock()
        }
        source = timer
        usesNotifications = false
        timer.resume()
    }

    // MARK: - Checking

    /// The delays of the checks that follow a file event, in milliseconds.
    ///
    /// A writer's file event comes when it writes the frames of a
    /// transaction to the `-wal` file, a moment before the commit is
    /// visible (the writer then syncs the file, with
    /// `synchronous = FULL`, and updates the shared-memory index, which
    /// makes no file event). The check that the event starts may run in
    /// between and see no new data version: the follow-ups check again,
    /// until 341 ms after the last event.
    private static let followUpDelays = [1, 4, 16, 64, 256]

    /// Starts, or starts again, the checks that follow a file event.
    /// Called with `lock` held.
    private func scheduleFollowUps() {
        guard !isClosed, source != nil else { return }
        followUpStep = 0
        let timer: any DispatchSourceTimer
        if let followUpTimer {
            timer = followUpTimer
        } else {
            timer = DispatchSource.makeTimerSource(queue: queue)
            timer.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                defer { self.lock.unlock() }
                self.scheduleCheck()
                self.followUpStep += 1
                if self.followUpStep < Self.followUpDelays.count, let timer = self.followUpTimer {
                    timer.schedule(deadline: .now() + .milliseconds(Self.followUpDelays[self.followUpStep]))
                }
            }
            followUpTimer = timer
            timer.resume()
        }
        timer.schedule(deadline: .now() + .milliseconds(Self.followUpDelays[0]))
    }

    /// Schedules a check of `data_version` on the writer's queue, unless
    /// one is pending already (it will see this change too). Called with
    /// `lock` held.
    private func scheduleCheck() {
        guard !isCheckPending, !isClosed else { return }
        isCheckPending = true
        writer.async { [weak self] db in
            guard let self else { return }
            self.lock.lock()
            // A change that happens from now on needs another check.
            self.isCheckPending = false
            self.lock.unlock()
            db.checkExternalCommit()
        }
    }
}

/// Keeps an ``ExternalChangeWatcher`` watching while it exists.
final class ExternalChangeWatch: Sendable {
    private let watcher: ExternalChangeWatcher

    fileprivate init(_ watcher: ExternalChangeWatcher) {
        self.watcher = watcher
    }

    deinit {
        watcher.release()
    }
}

/// A database writer whose observations can hear external commits: a
/// ``DatabasePool``, or a ``DatabaseQueue`` on a file, when its
/// configuration sets ``Configuration/observesExternalChanges``.
protocol ExternalChangeWatching {
    /// Returns a token that keeps the watch running, or nil when the
    /// writer does not observe external changes.
    func retainExternalChangeWatch() -> ExternalChangeWatch?
}

extension ExternalChangeWatcher {
    /// Whether a path names a database file, rather than an in-memory
    /// database (":memory:", a `mode=memory` URI) or a temporary one ("").
    static func isFilePath(_ path: String) -> Bool {
        if path.isEmpty || path == ":memory:" { return false }
        if path.hasPrefix("file:") {
            return !path.contains("mode=memory") && !path.hasPrefix("file::memory:")
        }
        return true
    }
}
