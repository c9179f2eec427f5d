import CSQLite
import Foundation
import Synchronization

// Suspended databases (Configuration.observesSuspensionNotifications).
//
// While suspended, a connection refuses the statements that would acquire
// a lock on the database file, so that the process holds no lock when the
// system suspends it. The connection queues and pools observe the
// notifications, interrupt the statements that run, and flip the state
// below; the connection checks it before each statement starts, in
// `Database.observedStep`, which runs only for connections that observe
// the notifications.

extension Database {
    /// The notification that suspends the databases opened with
    /// ``Configuration/observesSuspensionNotifications``.
    ///
    /// A suspended database does its best to acquire no lock on the
    /// database file: the statements that run are interrupted, and until
    /// ``resumeNotification`` is posted, the statements that would lock
    /// the database throw a ``DatabaseError`` with the code
    /// `SQLITE_INTERRUPT` ("Database is suspended"). Reads of databases in
    /// WAL mode go on. Use ``DatabaseError/isInterruptionError`` to catch
    /// those errors:
    ///
    /// ```swift
    /// // When the application is about to be suspended:
    /// NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
    ///
    /// do {
    ///     try dbPool.write { db in ... }
    /// } catch let error as DatabaseError where error.isInterruptionError {
    ///     // The database is suspended: try again after it resumes.
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/interrupt.html> and
    /// <https://www.sqlite.org/lockingv3.html>.
    public static let suspendNotification = Notification.Name("Folio.Database.suspendNotification")

    /// The notification that resumes the databases suspended by
    /// ``suspendNotification``.
    ///
    /// ```swift
    /// // When the application comes back to the foreground:
    /// NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
    /// ```
    ///
    /// See <https://www.sqlite.org/lockingv3.html>.
    public static let resumeNotification = Notification.Name("Folio.Database.resumeNotification")

    /// Creates the suspension state of a connection that observes the
    /// suspension notifications: called once the connection is set up.
    func setUpSuspension() throws {
        guard configuration.observesSuspensionNotifications else { return }
        let journalMode = try String.fetchOne(self, sql: "PRAGMA journal_mode")
        suspension = DatabaseSuspension(isWAL: journalMode?.lowercased() == "wal")
        updateObservesStatements()
    }

    /// Throws "Database is suspended" unless the statement can run in a
    /// suspended database: it must not acquire a lock on the database
    /// file. Rollbacks always run, and so do the statements that end a
    /// transaction that has not written; the statements of a transaction
    /// that has written do not (they would keep its lock), nor writes,
    /// nor `BEGIN IMMEDIATE` and `BEGIN EXCLUSIVE`. Reads run in WAL mode
    /// only, and statements that read no table always run.
    ///
    /// See <https://www.sqlite.org/c3ref/txn_state.html>.
    func checkNotSuspended(_ statement: Statement) throws {
        guard let suspension, suspension.isSuspended else { return }
        let authorization = statement.authorization
        let transactionState = sqliteConnection.map { sqlite3_txn_state($0, nil) } ?? SQLITE_TXN_NONE
        switch authorization.transactionEffect {
        case .rollbackTransaction?, .rollbackSavepoint?:
            return
        case .commitTransaction?, .releaseSavepoint?:
            if transactionState != SQLITE_TXN_WRITE { return }
        case .beginTransaction?:
            let sql = statement.sql.uppercased()
            if !sql.contains("IMMEDIATE") && !sql.contains("EXCLUSIVE") { return }
        case .beginSavepoint?:
            return
        case nil:
            if transactionState != SQLITE_TXN_WRITE, statement.isReadonly, suspension.isWAL || authorization.reads.isEmpty {
                return
            }
        }
        throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "Database is suspended", sql: statement.sql)
    }
}

/// Whether a connection is suspended. It is set from any thread (by the
/// observer of the notifications) and read by the connection before each
/// statement starts.
final class DatabaseSuspension: Sendable {
    private let suspended = Atomic<Bool>(false)

    /// Whether the database was in WAL mode when the connection opened:
    /// reads may then go on while the connection is suspended.
    let isWAL: Bool

    init(isWAL: Bool) {
        self.isWAL = isWAL
    }

    var isSuspended: Bool {
        suspended.load(ordering: .acquiring)
    }

    func suspend() {
        suspended.store(true, ordering: .releasing)
    }

    func resume() {
        suspended.store(false, ordering: .releasing)
    }
}
