import Dispatch

/// The engine of a started ``ValueObservation``.
///
/// The observer is a transaction observer of the writer connection. It
/// fetches on whatever connection `asyncRead` provides (a reader of a
/// pool, or the connection of a queue), reduces fetched values on its
/// own serial queue, and notifies them through the scheduler.
///
/// ## Never missing a change
///
/// A fetch does not run in the snapshot of the commit that triggered it
/// (that would delay the writer until a reader acquires it), but later.
/// The observer makes sure that no commit falls between two fetches:
///
/// - The fetch marks its start, before its read transaction acquires its
///   snapshot (read transactions are deferred: the snapshot comes with
///   the first read). A commit that happens before the mark is seen by
///   the fetch.
/// - A commit that touches the observed region after the mark asks for
///   one more fetch, which runs when the current one ends. Bursts of
///   commits thus cost one extra fetch.
/// - When the fetch computes a new region, the regions changed by the
///   commits since its start are compared with the new region: they may
///   not be visible to the fetch, and the old region did not cover them.
///   The first commit after a region change is also compared with the new
///   region, because its transaction may have started before the change.
///
/// Changed regions are over-estimated from the changes statements may
/// perform: the cost of an error is an extra fetch, never a missed one.
///
/// ## One value per transaction
///
/// GRDB's ValueObservation "fetches immediately after each change": each
/// transaction that touches the observed region gets its own fetch, and
/// its own value, as long as the observer keeps up. Folio does the same
/// without fetching on the writer of a pool (which would slow its writes):
///
/// - On a ``DatabaseQueue``, the fetch runs right after the commit, on the
///   writer connection, before the next transaction can start (as GRDB).
/// - On a ``DatabasePool``, the fetch runs on a reader. A transaction that
///   touches the observed region while the fetch of a previous one has not
///   ended waits, before it commits, until that fetch has read its
///   snapshot (at most five seconds, long enough for a loaded machine:
///   past it, the observer lags, and the changes committed until the
///   fetch ends are coalesced, without waiting). A writer whose
///   observers keep up never waits: the check is a lock and a flag.
/// - Observations that require write access fetch on the writer, in a
///   later access, and may coalesce transactions committed in a row.
///
/// The callbacks of the transactions of the writer and of other processes
/// are in `ValueObserver+Transactions.swift`; the members they use are
/// internal rather than private (`state`, `events`, `FetchMode`,
/// `scheduleFetch()`, `fetchAfterCommit(_:)`, `fetchWaitTimeout`).
final class ValueObserver<Reducer: ValueReducer>: TransactionObserver, Sendable {
    /// The observer's shared state. It does not depend on `Reducer`: as a
    /// nested type of this generic class, each lock of it asked the
    /// runtime for the generic metadata of its `Mutex` (about a fifth of
    /// the writer's instructions with 50 observations, benchmark 15).
    typealias State = ValueObserverState
    typealias FetchMode = ValueObserverFetchMode

    /// How long a commit waits for the running fetch before it lets its
    /// change be coalesced: see "One value per transaction".
    static var fetchWaitTimeout: DispatchTimeInterval { .seconds(5) }

    /// The reducer, confined to `reduceQueue`.
    ///
    /// `@unchecked Sendable`: `reducer` is only read and mutated by blocks
    /// that run on the observer's `reduceQueue`, a serial queue, which
    /// orders all accesses.
    private final class ReducerBox: @unchecked Sendable {
        var reducer: Reducer
        init(_ reducer: Reducer) { self.reducer = reducer }
    }

    /// A fetched value, handed from the connection that fetched it to the
    /// reduce queue.
    ///
    /// `@unchecked Sendable`: GRDB's fetchers may return values that are
    /// not `Sendable`. The connection that fetched a value keeps no
    /// reference to it: the value is only read by the reducer, on the
    /// serial reduce queue, after the hand-over.
    private struct Fetched: @unchecked Sendable {
        let value: Reducer.Fetcher.Value
        init(_ value: Reducer.Fetcher.Value) { self.value = value }
    }

    let state = Synchronized(State())
    /// The fetcher of the reducer: it runs on database connections.
    private let fetcher: Reducer.Fetcher
    private let reducerBox: ReducerBox
    private let reduceQueue = DispatchQueue(label: "Folio.ValueObservation")
    private let trackingMode: ValueObservationTrackingMode
    let events: ValueObservationEvents
    private let requiresWriteAccess: Bool
    private let scheduler: any ValueObservationScheduler
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Reducer.Value) -> Void

    init(
        reducer: Reducer,
        trackingMode: ValueObservationTrackingMode,
        events: ValueObservationEvents,
        requiresWriteAccess: Bool,
        scheduler: some ValueObservationScheduler,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
    {
        self.fetcher = reducer._makeFetcher()
        self.reducerBox = ReducerBox(reducer)
        self.trackingMode = trackingMode
        self.events = events
        self.requiresWriteAccess = requiresWriteAccess
        self.scheduler = scheduler
        self.onError = onError
        self.onChange = onChange
    }

    // MARK: - Life cycle

    func start(in reader: any DatabaseReader) {
        events.willStart?()
        // A read-only reader notifies one value, and tracks no region, as
        // in GRDB.
        let writer = reader.configuration.readonly ? nil : reader as? any DatabaseWriter
        let fetchMode: FetchMode
        switch (writer as? AnyDatabaseWriter)?.base ?? writer {
        case is DatabaseQueue where !requiresWriteAccess: fetchMode = .afterCommit
        case is DatabasePool where !requiresWriteAccess && reader.configuration.targetQueue == nil:
            // Readers that share a target queue with the writer may not
            // run while the writer waits for them.
            fetchMode = .concurrent
        default: fetchMode = .scheduled
        }
        // Before the initial fetch: the watch reads the data version first,
        // on the writer's queue.
        let externalChangeWatch = (writer as? any ExternalChangeWatching)?.retainExternalChangeWatch()
        state.withLock { state in
            state.reader = reader
            state.writer = writer
            state.fetchMode = fetchMode
            state.externalChangeWatch = externalChangeWatch
        }
        if scheduler.immediateInitialValue() {
            startImmediately(reader: reader, writer: writer)
        } else if let writer {
            writer.asyncWriteWithoutTransaction { [self] db in
                db.add(transactionObserver: self, extent: Self.observationExtent)
                fetchInitialValue(db, writer: writer)
            }
        } else {
            // A reader that does not write notifies one value.
            requestFetch()
        }
    }

    /// The writer keeps the observer until `cancel()` or `fail(_:)`
    /// removes it (the cancellable cancels when it is deallocated). A
    /// weak reference would give the observer a side table, and make each
    /// of its retains and releases take the runtime's slow path: about a
    /// tenth of the writer's instructions with 50 observations
    /// (benchmark 15).
    private static var observationExtent: Database.TransactionObservationExtent { .databaseLifetime }

    /// Fetches and notifies the initial value synchronously.
    private func startImmediately(reader: any DatabaseReader, writer: (any DatabaseWriter)?) {
        do {
            writer?.unsafeReentrantWrite { db in
                db.add(transactionObserver: self, extent: Self.observationExtent)
            }
            state.withLock { $0.isFetching = true }
            guard let recordsRegion = beginFetch() else { return }
            let (fetched, region): (Fetched, DatabaseRegion?)
            if requiresWriteAccess, let writer {
                (fetched, region) = try writer.unsafeReentrantWrite { db in
                    try fetchWithWriteAccess(db, recordsRegion: recordsRegion)
                }
            } else {
                (fetched, region) = try reader.read { db in
                    try fetch(db, recordsRegion: recordsRegion)
                }
            }
            trackRegion(region)
            let value = try reduceQueue.sync {
                try reducerBox.reducer._value(fetched.value)
            }
            if let value {
                onChange(value)
            }
            if fetchDidComplete() {
                scheduleFetch()
            }
        } catch {
            fail(error, immediately: true)
        }
    }

    func cancel() {
        let (writer, wasStopped, waiters) = state.withLock { state -> ((any DatabaseWriter)?, Bool, [DispatchSemaphore]) in
            let wasStopped = state.isStopped
            state.isCancelled = true
            state.reader = nil
            state.externalChangeWatch = nil
            defer {
                state.writer = nil
                state.fetchWaiters = []
            }
            return (state.writer, wasStopped, state.fetchWaiters)
        }
        waiters.forEach { $0.signal() }
        if !wasStopped {
            events.didCancel?()
        }
        writer?.asyncWriteWithoutTransaction { [self] db in
            db.remove(transactionObserver: self)
        }
    }

    private func fail(_ error: any Error, immediately: Bool = false) {
        let (writer, waiters) = state.withLock { state -> ((any DatabaseWriter)??, [DispatchSemaphore]) in
            defer { state.fetchWaiters = [] }
            if state.isStopped { return (.none, state.fetchWaiters) }
            state.isFailed = true
            state.isFetching = false
            state.reader = nil
            state.externalChangeWatch = nil
            defer { state.writer = nil }
            return (.some(state.writer), state.fetchWaiters)
        }
        waiters.forEach { $0.signal() }
        guard case .some(let writer) = writer else { return }
        events.didFail?(error)
        writer?.asyncWriteWithoutTransaction { [self] db in
            db.remove(transactionObserver: self)
        }
        if immediately {
            onError(error)
            return
        }
        // After the values that are already on their way.
        reduceQueue.async { [self] in
            scheduler.schedule { [self] in
                if !state.withLock({ $0.isCancelled }) {
                    onError(error)
                }
            }
        }
    }

    // MARK: - Fetching

    /// Schedules a fetch, unless one is already scheduled.
    /// Starts the fetch of the initial value from the write access that
    /// registered the observer, so that it sees the database as it was
    /// when the observation started: a write that was queued after
    /// ``start(in:)`` is notified as a change, after the initial value, as
    /// in GRDB. A pool fetches on a reader that has acquired its snapshot
    /// before the writer goes on; other writers fetch right here, in a
    /// read-only access (or in a savepoint, for observations that require
    /// write access).
    private func fetchInitialValue(_ db: Database, writer: any DatabaseWriter) {
        let shouldFetch = state.withLock { state in
            if state.isStopped { return false }
            state.needsFetch = true
            if state.isFetching { return false }
            state.isFetching = true
            return true
        }
        guard shouldFetch else { return }
        if !requiresWriteAccess, let pool = writer as? DatabasePool {
            // The fetch starts now, while the writer is blocked until the
            // reader has its snapshot: the changes committed after it are
            // recorded, and trigger another fetch.
            guard let recordsRegion = beginFetch() else { return }
            pool.asyncConcurrentRead { [self] result in
                switch result {
                case .success(let db):
                    do {
                        let (fetched, region) = try fetch(db, recordsRegion: recordsRegion)
                        fetchDidEnd(fetched, region: region)
                    } catch {
                        fail(error)
                    }
                case .failure(let error):
                    fail(error)
                }
            }
            return
        }
        performFetch(db, requiresWriteAccess ? .write : .readOnly)
    }

    private func requestFetch() {
        let shouldSchedule = state.withLock { state in
            if state.isStopped { return false }
            state.needsFetch = true
            if state.isFetching { return false }
            state.isFetching = true
            return true
        }
        if shouldSchedule {
            scheduleFetch()
        }
    }

    func scheduleFetch() {
        let (reader, writer) = state.withLock { ($0.reader, $0.writer) }
        guard let reader else { return }
        if requiresWriteAccess, let writer {
            writer.asyncWriteWithoutTransaction { [self] db in
                performFetch(db, .write)
            }
            return
        }
        reader.asyncRead { [self] result in
            switch result {
            case .success(let db):
                // The read transaction has started, but has not acquired
                // its snapshot yet: it is deferred.
                performFetch(db, .read)
            case .failure(let error):
                fail(error)
            }
        }
    }

    /// Records the region of a fetch, reduces and notifies its value, and
    /// fetches again if a change happened during the fetch.
    private func fetchDidEnd(_ fetched: Fetched, region: DatabaseRegion?) {
        // The fetch has read its snapshot: the commits that wait for it
        // can go on, before its value is notified (a writer that waits for
        // the value does not wait for this fetch to be marked complete).
        // They are fetched by the next fetch.
        let waiters = state.withLock { state in
            state.isLagging = false
            defer { state.fetchWaiters = [] }
            return state.fetchWaiters
        }
        waiters.forEach { $0.signal() }
        // The region is tracked before the value is notified, and the value
        // is queued for reduction before the fetch is marked complete: a
        // later fetch, which may start as soon as this one is complete,
        // then always reduces and notifies after it. Values never go
        // back in time.
        trackRegion(region)
        reduceQueue.async { [self] in
            reduceAndNotify(fetched)
        }
        if fetchDidComplete() {
            scheduleFetch()
        }
    }

    /// Fetches in a savepoint of the writer connection: the changes that
    /// the fetch commits do not trigger another fetch.
    private func fetchWithWriteAccess(_ db: Database, recordsRegion: Bool) throws -> (Fetched, DatabaseRegion?) {
        state.withLock { $0.isFetchingInWriter = true }
        defer { state.withLock { $0.isFetchingInWriter = false } }
        var result: (Fetched, DatabaseRegion?)?
        try db.inSavepoint {
            result = try fetch(db, recordsRegion: recordsRegion)
            return .commit
        }
        return result!
    }

    /// Marks the start of a fetch.
    ///
    /// - Returns: Whether the fetch computes the observed region, or nil
    ///   when the observation is stopped.
    private func beginFetch() -> Bool? {
        let (recordsRegion, waiters) = state.withLock { state -> (Bool?, [DispatchSemaphore]) in
            if state.isStopped {
                state.isFetching = false
                defer { state.fetchWaiters = [] }
                return (nil, state.fetchWaiters)
            }
            state.needsFetch = false
            // A read-only observation fetches once, and tracks nothing.
            let recordsRegion = state.writer != nil && (state.region == nil || trackingMode.recordsEachFetch)
            if recordsRegion {
                state.changesSinceFetchStart = DatabaseRegion()
            }
            return (recordsRegion, [])
        }
        waiters.forEach { $0.signal() }
        return recordsRegion
    }

    /// Fetches a value, and the observed region if needed.
    private func fetch(_ db: Database, recordsRegion: Bool) throws -> (Fetched, DatabaseRegion?) {
        guard recordsRegion else {
            return (Fetched(try fetcher.fetch(db)), nil)
        }
        switch trackingMode {
        case .nonConstantRegion, .constantRegion:
            var region = DatabaseRegion()
            let fetched = try db.recordingSelection(&region) {
                Fetched(try fetcher.fetch(db))
            }
            return (fetched, region)
        case .explicitRegions(let regions):
            var region = DatabaseRegion()
            for convertible in regions {
                region.formUnion(try convertible.databaseRegion(db))
            }
            return (Fetched(try fetcher.fetch(db)), region)
        }
    }

    /// Records the region computed by a fetch, if any.
    private func trackRegion(_ region: DatabaseRegion?) {
        guard let region else { return }
        let isNewRegion = state.withLock { state in
            guard region != state.region else { return false }
            state.region = region
            state.regionChangedSinceLastCommit = true
            return true
        }
        if isNewRegion {
            events.willTrackRegion?(region)
        }
    }

    /// Marks the end of a fetch, after its value is queued for reduction.
    ///
    /// - Returns: Whether a change happened during the fetch, which needs
    ///   another fetch (the fetch then goes on: `isFetching` stays true).
    private func fetchDidComplete() -> Bool {
        let (fetchesAgain, waiters) = state.withLock { state -> (Bool, [DispatchSemaphore]) in
            state.isLagging = false
            if let changes = state.changesSinceFetchStart {
                if let region = state.region, changes.intersects(region) {
                    state.needsFetch = true
                }
                state.changesSinceFetchStart = nil
            }
            if state.isStopped || !state.needsFetch || state.writer == nil {
                // The commits that wait for a fetch can go on. When the
                // fetch goes on instead, they wait for the next one to
                // read its snapshot, so that it does not see them.
                state.isFetching = false
                defer { state.fetchWaiters = [] }
                return (false, state.fetchWaiters)
            }
            return (true, [])
        }
        waiters.forEach { $0.signal() }
        return fetchesAgain
    }

    /// Fetches on the writer connection, right after a commit.
    func fetchAfterCommit(_ db: Database) {
        performFetch(db, .readOnly)
    }

    /// How ``performFetch(_:_:)`` reads its connection.
    private enum FetchAccess {
        /// In the read access that runs the fetch.
        case read
        /// In a read-only access to the writer connection.
        case readOnly
        /// With write access, for the observations that require it (see
        /// `fetchWithWriteAccess(_:recordsRegion:)`).
        case write
    }

    /// Begins a fetch (nothing happens when none is due), fetches in
    /// `db`, and hands the fetched value over to `fetchDidEnd`, or the
    /// error to `fail`: the one body of the fetches that the observer
    /// schedules, but the fetch of a pool's initial value, which begins
    /// before its read does.
    private func performFetch(_ db: Database, _ access: FetchAccess) {
        guard let recordsRegion = beginFetch() else { return }
        do {
            let (fetched, region): (Fetched, DatabaseRegion?)
            switch access {
            case .read:
                (fetched, region) = try fetch(db, recordsRegion: recordsRegion)
            case .readOnly:
                (fetched, region) = try db.readOnly { try fetch(db, recordsRegion: recordsRegion) }
            case .write:
                (fetched, region) = try fetchWithWriteAccess(db, recordsRegion: recordsRegion)
            }
            fetchDidEnd(fetched, region: region)
        } catch {
            fail(error)
        }
    }

    /// Reduces a fetched value, and notifies the result. Runs on
    /// `reduceQueue`.
    private func reduceAndNotify(_ fetched: Fetched) {
        do {
            guard let value = try reducerBox.reducer._value(fetched.value) else { return }
            scheduler.schedule { [self] in
                if !state.withLock({ $0.isCancelled }) {
                    onChange(value)
                }
            }
        } catch {
            fail(error)
        }
    }
}
