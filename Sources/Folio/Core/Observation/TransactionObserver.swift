/// A type that tracks the changes and transactions of a database
/// connection.
///
/// `TransactionObserver` is the low-level protocol behind
/// ``ValueObservation`` and ``DatabaseRegionObservation``. An observer is
/// told about each change (insert, update, delete) before it is
/// committed, and about each commit and rollback:
///
/// ```swift
/// final class PlayerObserver: TransactionObserver {
///     var playerTableWasModified = false
///
///     func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
///         eventKind.tableName == "player"
///     }
///
///     func databaseDidChange(with event: DatabaseEvent) {
///         playerTableWasModified = true
///         // No need to hear about other changes of this transaction:
///         stopObservingDatabaseChangesUntilNextTransaction()
///     }
///
///     func databaseDidCommit(_ db: Database) {
///         if playerTableWasModified { print("Players have changed") }
///         playerTableWasModified = false
///     }
///
///     func databaseDidRollback(_ db: Database) {
///         playerTableWasModified = false
///     }
/// }
///
/// let observer = PlayerObserver()
/// dbQueue.add(transactionObserver: observer)
/// ```
///
/// The order of the callbacks:
///
/// ```swift
/// try dbQueue.write { db in
///     try db.execute(sql: "INSERT ...") // 1. didChange
///     try db.execute(sql: "UPDATE ...") // 2. didChange
/// }                                     // 3. willCommit, 4. didCommit
///
/// try dbQueue.writeWithoutTransaction { db in
///     try db.execute(sql: "INSERT ...") // 1. didChange, 2. willCommit, 3. didCommit
/// }
/// ```
///
/// Changes made inside a savepoint are notified when the savepoint is
/// released, and never when it is rolled back.
///
/// Every explicit transaction ends in a notification, even one that
/// changed nothing: `BEGIN; COMMIT` and `SAVEPOINT x; RELEASE x` give
/// `databaseWillCommit` then `databaseDidCommit`, `BEGIN; ROLLBACK` gives
/// `databaseDidRollback`. An observer added while a transaction is open
/// hears how it ends. Only the transactions of read-only accesses
/// (``DatabaseReader/read(_:)-2nuwg``, ``Database/readOnly(_:)``) are not
/// notified:
///
/// ```swift
/// try dbQueue.write { db in }                          // 1. willCommit, 2. didCommit
/// try dbQueue.writeWithoutTransaction { db in
///     try db.execute(sql: "BEGIN; ROLLBACK")           // 3. didRollback
/// }
/// try dbQueue.read { db in try Player.fetchAll(db) }  // nothing
/// ```
///
/// An error thrown by ``databaseWillCommit()`` turns the commit into a
/// rollback, and is thrown by the statement that tried to commit.
///
/// All callbacks run on the queue of the writer connection, serialized
/// with database accesses. `databaseDidChange` and `databaseWillCommit`
/// must not use the connection; `databaseDidCommit` and
/// `databaseDidRollback` may.
///
/// Undetected changes: changes made by other connections, changes of
/// `WITHOUT ROWID` tables and of the schema, and the deletions performed
/// by `ON CONFLICT REPLACE`. Call ``Database/notifyChanges(in:)`` to
/// notify them.
///
/// See <https://www.sqlite.org/c3ref/commit_hook.html> and
/// <https://www.sqlite.org/c3ref/update_hook.html>.
///
/// ## Topics
/// - ``observes(eventsOfKind:)``
/// - ``databaseDidChange(with:)``
/// - ``databaseDidChange()``
/// - ``stopObservingDatabaseChangesUntilNextTransaction()``
/// - ``databaseWillCommit()``
/// - ``databaseDidCommit(_:)``
/// - ``databaseDidRollback(_:)``
public protocol TransactionObserver: AnyObject {
    /// Returns whether the observer wants ``databaseDidChange(with:)`` to
    /// be called for changes of the given kind.
    ///
    /// It is called before each statement that may change the database,
    /// once per kind of change the statement may perform (including the
    /// changes of triggers and foreign key actions):
    ///
    /// ```swift
    /// func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    ///     eventKind.tableName == "player"
    /// }
    /// ```
    ///
    /// - Parameter eventKind: A kind of change.
    /// - Returns: Whether changes of this kind are observed.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool

    /// Called by ``Database/notifyChanges(in:)`` for changes that SQLite
    /// could not report.
    ///
    /// ```swift
    /// func databaseDidChange() {
    ///     needsRefresh = true
    /// }
    /// ```
    func databaseDidChange()

    /// Called for each changed row whose kind is observed, before the
    /// change is committed. It must not use the database connection.
    ///
    /// ```swift
    /// func databaseDidChange(with event: DatabaseEvent) {
    ///     changedRowIDs.insert(event.rowID)
    /// }
    /// ```
    ///
    /// - Parameter event: The change.
    func databaseDidChange(with event: DatabaseEvent)

    /// Called before a transaction that changed the database commits. It
    /// must not use the database connection.
    ///
    /// ```swift
    /// func databaseWillCommit() throws {
    ///     guard isValid else { throw ValidationError() }
    /// }
    /// ```
    ///
    /// - Throws: An error that turns the commit into a rollback. The
    ///   statement that tried to commit throws it.
    func databaseWillCommit() throws

    /// Called after a transaction that changed the database has
    /// committed.
    ///
    /// ```swift
    /// func databaseDidCommit(_ db: Database) {
    ///     print("Committed")
    /// }
    /// ```
    ///
    /// - Parameter db: The connection, which may be used.
    func databaseDidCommit(_ db: Database)

    /// Called after a transaction that changed the database was rolled
    /// back.
    ///
    /// ```swift
    /// func databaseDidRollback(_ db: Database) {
    ///     pendingChanges.removeAll()
    /// }
    /// ```
    ///
    /// - Parameter db: The connection, which may be used.
    func databaseDidRollback(_ db: Database)
}

extension TransactionObserver {
    /// Does nothing: the default for observers that do not need to
    /// validate transactions.
    ///
    /// ```swift
    /// try observer.databaseWillCommit() // does nothing
    /// ```
    public func databaseWillCommit() throws { }

    /// Does nothing: the default for observers that do not handle
    /// ``Database/notifyChanges(in:)``.
    ///
    /// ```swift
    /// observer.databaseDidChange() // does nothing
    /// ```
    public func databaseDidChange() { }

    /// Stops calls to ``databaseDidChange(with:)`` until the current
    /// transaction ends. Call it from `databaseDidChange(with:)` when
    /// further changes of the transaction do not matter: SQLite then
    /// changes rows without calling the observer.
    ///
    /// ```swift
    /// func databaseDidChange(with event: DatabaseEvent) {
    ///     playerTableWasModified = true
    ///     stopObservingDatabaseChangesUntilNextTransaction()
    /// }
    /// ```
    ///
    /// It has no effect when called from elsewhere than a
    /// `databaseDidChange` callback.
    public func stopObservingDatabaseChangesUntilNextTransaction() {
        DatabaseObservationBroker.current?.stopObservingDatabaseChangesUntilNextTransaction(self)
    }
}

extension Database {
    /// How long a transaction observer is notified.
    ///
    /// ```swift
    /// db.add(transactionObserver: observer, extent: .nextTransaction)
    /// ```
    public enum TransactionObservationExtent: Sendable {
        /// Until the observer is deallocated: the connection holds a weak
        /// reference to it. The default.
        case observerLifetime

        /// Until the end of the current transaction, or of the next one
        /// when no transaction is open. The connection holds a strong
        /// reference to the observer until then.
        case nextTransaction

        /// Until the connection closes. The connection holds a strong
        /// reference to the observer.
        case databaseLifetime
    }
}
