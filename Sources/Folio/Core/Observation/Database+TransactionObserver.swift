extension Database {
    /// Adds a transaction observer to the connection.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     db.add(transactionObserver: observer)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - transactionObserver: An observer.
    ///   - extent: How long the observer is notified. Default:
    ///     ``TransactionObservationExtent/observerLifetime``.
    public func add(
        transactionObserver: some TransactionObserver,
        extent: TransactionObservationExtent = .observerLifetime)
    {
        let broker: DatabaseObservationBroker
        if let observationBroker {
            broker = observationBroker
        } else {
            broker = DatabaseObservationBroker(database: self)
            installTransactionHooks(broker)
            observationBroker = broker
            updateObservesStatements()
        }
        broker.add(transactionObserver, extent: extent)
    }

    /// Removes a transaction observer from the connection.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     db.remove(transactionObserver: observer)
    /// }
    /// ```
    ///
    /// - Parameter transactionObserver: An observer.
    public func remove(transactionObserver: some TransactionObserver) {
        observationBroker?.remove(transactionObserver)
        deactivateObservationBrokerIfUnused()
    }

    /// Drops the broker and the SQLite hooks when no observer is left.
    func deactivateObservationBrokerIfUnused() {
        guard let observationBroker, observationBroker.isUnused else { return }
        uninstallTransactionHooks()
        self.observationBroker = nil
        updateObservesStatements()
    }

    /// Runs functions when the current transaction ends, or the next one
    /// when no transaction is open, even if it changes nothing. The
    /// transactions of read-only accesses (``readOnly(_:)``) are ignored.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.execute(sql: "INSERT INTO player ...")
    ///     db.afterNextTransaction { _ in
    ///         print("Committed")
    ///     } onRollback: { _ in
    ///         print("Rolled back")
    ///     }
    /// }
    /// ```
    ///
    /// Both functions run on the writer's dispatch queue, serialized with
    /// all database updates.
    ///
    /// - Parameters:
    ///   - onCommit: A function called after a commit.
    ///   - onRollback: A function called after a rollback.
    public func afterNextTransaction(
        onCommit: @escaping @Sendable (Database) -> Void,
        onRollback: @escaping @Sendable (Database) -> Void = { _ in })
    {
        add(
            transactionObserver: TransactionCompletionObserver(onCommit: onCommit, onRollback: onRollback),
            extent: .nextTransaction)
    }

    /// Notifies transaction observers of changes that SQLite could not
    /// report: changes made by other connections, changes of
    /// `WITHOUT ROWID` tables, schema changes...
    ///
    /// Observers of the region get ``TransactionObserver/databaseDidChange()``
    /// at once, and are told about the commit of the transaction. Called
    /// outside of a transaction, the commit is notified at once.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.notifyChanges(in: DatabaseRegion.fullDatabase)
    ///     try db.notifyChanges(in: SQLRequest<Row>(sql: "SELECT * FROM player"))
    /// }
    /// ```
    ///
    /// - Parameter region: The changed region.
    /// - Throws: A ``DatabaseError`` when the region can not be computed.
    public func notifyChanges(in region: some DatabaseRegionConvertible) throws {
        let region = try region.databaseRegion(self)
        guard let observationBroker else { return }
        observationBroker.notifyChanges(in: region)
        if !isInsideTransaction {
            observationBroker.notifyImplicitCommit()
        }
    }
}

/// The observer of ``Database/afterNextTransaction(onCommit:onRollback:)``.
private final class TransactionCompletionObserver: TransactionObserver {
    let onCommit: @Sendable (Database) -> Void
    let onRollback: @Sendable (Database) -> Void

    init(onCommit: @escaping @Sendable (Database) -> Void, onRollback: @escaping @Sendable (Database) -> Void) {
        self.onCommit = onCommit
        self.onRollback = onRollback
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) { }
    func databaseDidCommit(_ db: Database) { onCommit(db) }
    func databaseDidRollback(_ db: Database) { onRollback(db) }
}
