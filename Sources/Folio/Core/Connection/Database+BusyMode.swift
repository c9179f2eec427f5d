import CSQLite
import Foundation

extension Database {
    /// A function that tells whether a connection should try again to
    /// access a database locked by another connection.
    ///
    /// It receives the number of times it was already called for the same
    /// locking event, and returns true to try again, false to fail with
    /// `SQLITE_BUSY`.
    ///
    /// ```swift
    /// let callback: Database.BusyCallback = { attempts in
    ///     attempts < 10 // try ten times, then give up
    /// }
    /// var config = Configuration()
    /// config.busyMode = .callback(callback)
    /// ```
    ///
    /// See ``BusyMode`` and <https://www.sqlite.org/c3ref/busy_handler.html>.
    public typealias BusyCallback = @Sendable (Int) -> Bool

    /// How a connection behaves when it accesses a database that another
    /// connection has locked.
    ///
    /// When several connections use the same database file (two pools or
    /// queues, or two processes), one of them may find the database locked
    /// by another one. The busy mode of ``Configuration/busyMode`` decides
    /// what happens then:
    ///
    /// ```swift
    /// // Wait up to one second before failing with SQLITE_BUSY
    /// var config = Configuration()
    /// config.busyMode = .timeout(1)
    /// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite", configuration: config)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/busy_timeout.html>,
    /// <https://www.sqlite.org/c3ref/busy_handler.html>,
    /// <https://www.sqlite.org/lang_transaction.html> and
    /// <https://www.sqlite.org/wal.html>.
    public enum BusyMode: Sendable {
        /// The `SQLITE_BUSY` error is thrown at once.
        ///
        /// ```swift
        /// config.busyMode = .immediateError
        /// ```
        case immediateError

        /// The connection waits for the lock, and throws `SQLITE_BUSY`
        /// only when the database stays locked for more than the given
        /// number of seconds.
        ///
        /// ```swift
        /// config.busyMode = .timeout(5)
        /// ```
        ///
        /// See <https://www.sqlite.org/c3ref/busy_timeout.html>.
        case timeout(TimeInterval)

        /// The callback decides, each time the database is found locked,
        /// whether to try again (true) or throw `SQLITE_BUSY` (false). It
        /// receives the number of previous attempts for the same lock.
        ///
        /// ```swift
        /// config.busyMode = .callback { attempts in attempts < 3 }
        /// ```
        ///
        /// See <https://www.sqlite.org/c3ref/busy_handler.html>.
        case callback(Database.BusyCallback)
    }

    /// Installs the busy mode of the configuration on the connection.
    func setUpBusyMode() {
        guard let connection = sqliteConnection else { return }
        switch configuration.busyMode {
        case .immediateError:
            break
        case .timeout(let seconds):
            let milliseconds = (seconds * 1000).rounded()
            // NaN and negative durations do not wait; huge ones wait as
            // long as SQLite can.
            let clamped = milliseconds.isNaN ? 0 : min(Double(CInt.max), max(0, milliseconds))
            sqlite3_busy_timeout(connection, CInt(clamped))
        case .callback(let callback):
            let box = Unmanaged.passRetained(BusyCallbackBox(callback))
            busyCallbackBox = box
            sqlite3_busy_handler(connection, { context, attempts in
                guard let context else { return 0 }
                let box = Unmanaged<BusyCallbackBox>.fromOpaque(context).takeUnretainedValue()
                return box.callback(Int(attempts)) ? 1 : 0
            }, box.toOpaque())
        }
    }
}

/// Keeps a busy callback alive while SQLite may call it.
final class BusyCallbackBox {
    let callback: Database.BusyCallback
    init(_ callback: @escaping Database.BusyCallback) {
        self.callback = callback
    }
}
