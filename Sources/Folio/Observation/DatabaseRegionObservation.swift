
/// An observation that notifies the transactions that modify a database
/// region.
///
/// ```swift
/// let observation = DatabaseRegionObservation(
///     tracking: SQLRequest<Row>(sql: "SELECT * FROM player"))
///
/// let cancellable = observation.start(in: dbQueue) { error in
///     // Handle error
/// } onChange: { db in
///     print("Players were changed")
/// }
///
/// try dbQueue.write { db in
///     try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
/// }
/// // Prints "Players were changed"
/// ```
///
/// `onChange` runs on the writer connection, right after the commit, before
/// any other write can happen: it may read the database in the state left
/// by the transaction. Most applications prefer ``ValueObservation``,
/// which notifies values, and does not delay writes.
///
/// Changes that SQLite can not report (see ``TransactionObserver``) are
/// not detected, unless ``Database/notifyChanges(in:)`` notifies them.
public struct DatabaseRegionObservation: Sendable {
    let regions: [any DatabaseRegionConvertible]

    /// Creates an observation of the given regions.
    ///
    /// ```swift
    /// let observation = DatabaseRegionObservation(
    ///     tracking: SQLRequest<Row>(sql: "SELECT * FROM player"),
    ///     SQLRequest<Row>(sql: "SELECT * FROM team"))
    /// ```
    ///
    /// - Parameter regions: Requests or regions.
    public init(tracking regions: any DatabaseRegionConvertible...) {
        self.regions = regions
    }

    /// Creates an observation of the given regions.
    ///
    /// ```swift
    /// let observation = DatabaseRegionObservation(tracking: [DatabaseRegion.fullDatabase])
    /// ```
    ///
    /// - Parameter regions: Requests or regions.
    public init(tracking regions: [any DatabaseRegionConvertible]) {
        self.regions = regions
    }

    /// Starts the observation. It is active when the method returns, even
    /// when called from inside a database access.
    ///
    /// ```swift
    /// let cancellable = observation.start(in: dbPool) { error in
    ///     // Handle error
    /// } onChange: { db in
    ///     // Called on the writer queue, after each impactful commit
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - writer: A ``DatabaseQueue`` or ``DatabasePool``.
    ///   - onError: Called when the region can not be computed.
    ///   - onChange: Called after each commit that modified the region,
    ///     with the writer connection.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    @preconcurrency
    public func start(
        in writer: any DatabaseWriter,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Database) -> Void)
        -> AnyDatabaseCancellable
    {
        let regions = self.regions
        // Before the observer is added: the watch reads the data version
        // first, on the writer's queue.
        let externalChangeWatch = (writer as? any ExternalChangeWatching)?.retainExternalChangeWatch()
        let observer: DatabaseRegionObserver
        do {
            observer = try writer.unsafeReentrantWrite { db in
                var region = DatabaseRegion()
                for convertible in regions {
                    region.formUnion(try convertible.databaseRegion(db))
                }
                let observer = DatabaseRegionObserver(region: region, onChange: onChange)
                observer.keep(externalChangeWatch)
                db.add(transactionObserver: observer)
                return observer
            }
        } catch {
            onError(error)
            return AnyDatabaseCancellable { }
        }
        return AnyDatabaseCancellable {
            observer.cancel()
            writer.asyncWriteWithoutTransaction { db in
                db.remove(transactionObserver: observer)
            }
        }
    }
}

/// The transaction observer of a ``DatabaseRegionObservation``.
private final class DatabaseRegionObserver: TransactionObserver, Sendable {
    private struct State {
        var isCancelled = false
        var isModified = false
        /// Keeps the watch of external commits running, when the writer
        /// observes them (``Configuration/observesExternalChanges``).
        var externalChangeWatch: ExternalChangeWatch?
    }

    private let region: DatabaseRegion
    private let onChange: @Sendable (Database) -> Void
    private let state = Synchronized(State())

    init(region: DatabaseRegion, onChange: @escaping @Sendable (Database) -> Void) {
        self.region = region
        self.onChange = onChange
    }

    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            state.externalChangeWatch = nil
        }
    }

    /// Keeps the watch of external commits running until cancelled.
    func keep(_ watch: ExternalChangeWatch?) {
        state.withLock { $0.externalChangeWatch = watch }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        region.isModified(byEventsOfKind: eventKind)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        if region.isModified(by: event) {
            state.withLock { $0.isModified = true }
            stopObservingDatabaseChangesUntilNextTransaction()
        }
    }

    func databaseDidChange() {
        state.withLock { $0.isModified = true }
    }

    func databaseDidCommit(_ db: Database) {
        let notifies = state.withLock { state in
            defer { state.isModified = false }
            return state.isModified && !state.isCancelled
        }
        if notifies {
            onChange(db)
        }
    }

    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.isModified = false }
    }
}

extension DatabaseRegionObserver: ExternalCommitObserver {
    /// Another connection committed: the changed region is unknown, so the
    /// observation is notified.
    func databaseDidCommitExternally(_ db: Database) {
        if !state.withLock({ $0.isCancelled }) {
            onChange(db)
        }
    }
}
