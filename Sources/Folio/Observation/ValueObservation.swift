/// An observation that tracks the results of database requests, and
/// notifies fresh values whenever the database changes.
///
/// ```swift
/// let observation = ValueObservation.tracking { db in
///     try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name")
/// }
///
/// // With Swift concurrency:
/// for try await names in observation.values(in: dbPool) {
///     print("Fresh names", names)
/// }
///
/// // With callbacks:
/// let cancellable = observation.start(
///     in: dbPool,
///     scheduling: .async(onQueue: .main))
/// { error in
///     // Handle error
/// } onChange: { names in
///     print("Fresh names", names)
/// }
/// ```
///
/// ## Behavior
///
/// - The initial value is notified first.
/// - Only committed changes are notified.
/// - A fresh value is fetched only when a committed transaction has
///   modified the *region* read by the previous fetch: the tables,
///   columns, and rows its statements have read. Writes to other tables
///   or columns do not trigger any fetch. The region is computed again at
///   each fetch (see ``trackingConstantRegion(_:)`` for an alternative).
/// - A fresh value is fetched immediately after each change, as in GRDB:
///   each transaction that modifies the region gives its own value, as
///   long as the observer keeps up. Changes are coalesced only when the
///   observer lags (a fetch that does not end within five seconds, or an
///   observation that ``requiresWriteAccess`` on a burst of writes):
///   consecutive values may then be identical, or intermediate states
///   skipped. Use ``removeDuplicates()`` to filter out identical values.
/// - On a ``DatabaseQueue``, the fresh value is fetched right after the
///   commit, on the writer connection. On a ``DatabasePool``, it is
///   fetched on a reader connection, concurrently with writes: a
///   transaction that modifies the region waits, before its commit, only
///   until the fetch of the previous change has read the database.
/// - The observation stops when the cancellable returned by `start` is
///   cancelled or deallocated, or after an error. It retains the database
///   connection until it stops.
///
/// Changes that SQLite can not report (see ``TransactionObserver``) are
/// not detected, unless ``Database/notifyChanges(in:)`` notifies them.
///
/// ## Topics
/// - ``tracking(_:)``
/// - ``trackingConstantRegion(_:)``
/// - ``tracking(region:_:fetch:)``
/// - ``tracking(regions:fetch:)``
/// - ``values(in:scheduling:bufferingPolicy:)``
/// - ``map(_:)``
/// - ``removeDuplicates()``
/// - ``removeDuplicates(by:)``
/// - ``shared(in:scheduling:extent:)``
/// - ``requiresWriteAccess``
/// - ``handleEvents(willStart:willFetch:willTrackRegion:databaseDidChange:didReceiveValue:didFail:didCancel:)``
/// - ``print(_:to:)``
public struct ValueObservation<Reducer: ValueReducer>: Sendable {
    /// Creates the reducer of each started observation.
    var makeReducer: @Sendable () -> Reducer

    /// How the observed region is known.
    var trackingMode: ValueObservationTrackingMode

    /// The closures of ``handleEvents(willStart:willFetch:willTrackRegion:databaseDidChange:didReceiveValue:didFail:didCancel:)``
    /// that the observer calls (the reducer calls the others).
    var events = ValueObservationEvents()

    /// A boolean value indicating whether the observation requires write
    /// access when it fetches fresh values.
    ///
    /// It is false by default: fetches run in a read-only transaction, and
    /// a fetch that writes fails with `SQLITE_READONLY`. When true, the
    /// observation fetches with the writer connection, and each fetch is
    /// wrapped in a savepoint:
    ///
    /// ```swift
    /// var observation = ValueObservation.tracking { db in
    ///     // Write access allowed
    ///     try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS cache(value)")
    ///     ...
    /// }
    /// observation.requiresWriteAccess = true
    /// ```
    ///
    /// Changes that the fetch itself commits do not trigger a new fetch. A
    /// reader that is not a writer, such as a ``DatabaseSnapshot``, has no
    /// write access to give: the fetch then runs in a read access.
    ///
    /// On a ``DatabasePool``, this disables the optimization that fetches
    /// fresh values on reader connections, concurrently with writes: the
    /// fetches are serialized with writes.
    public var requiresWriteAccess = false

    /// Returns an observation of the same database region, with another
    /// reducer.
    func withReducer<R: ValueReducer>(_ makeReducer: @escaping @Sendable () -> R) -> ValueObservation<R> {
        var observation = ValueObservation<R>(makeReducer: makeReducer, trackingMode: trackingMode)
        observation.events = events
        observation.requiresWriteAccess = requiresWriteAccess
        return observation
    }
}

/// How a ``ValueObservation`` knows the region it observes.
enum ValueObservationTrackingMode: Sendable {
    /// The region read by each fetch.
    case nonConstantRegion
    /// The region read by the first fetch.
    case constantRegion
    /// Explicit regions.
    case explicitRegions([any DatabaseRegionConvertible])

    /// Whether the region is recorded from the statements of each fetch.
    var recordsEachFetch: Bool {
        if case .nonConstantRegion = self { return true }
        return false
    }
}

extension ValueObservation {
    /// Creates an observation that notifies the values returned by
    /// `fetch`, whenever the database region it reads is modified.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking { db in
    ///     try Row.fetchAll(db, sql: "SELECT * FROM player WHERE score > ?", arguments: [1000])
    /// }
    /// ```
    ///
    /// The observed region is recorded at each fetch, so that it follows
    /// the statements the fetch runs:
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking { db -> [Row] in
    ///     guard let teamID = try Int64.fetchOne(db, sql: "SELECT teamId FROM config") else {
    ///         return []
    ///     }
    ///     return try Row.fetchAll(db, sql: "SELECT * FROM player WHERE teamId = ?", arguments: [teamID])
    /// }
    /// ```
    ///
    /// - Parameter fetch: A function that fetches the observed value. It
    ///   runs in a read-only transaction.
    /// - Returns: An observation.
    @preconcurrency
    public static func tracking<Value: Sendable>(
        _ fetch: @escaping @Sendable (Database) throws -> Value)
        -> ValueObservation<Reducer>
        where Reducer == ValueReducers.Fetch<Value>
    {
        ValueObservation(
            makeReducer: { ValueReducers.Fetch(fetch: fetch) },
            trackingMode: .nonConstantRegion)
    }

    /// Creates an observation that notifies the values returned by
    /// `fetch`, whenever the region read by its first fetch is modified.
    ///
    /// It is cheaper than ``tracking(_:)``, because the region is recorded
    /// once. Use it only when all fetches read the same region: an
    /// observation that reads a table only in some conditions would miss
    /// changes.
    ///
    /// ```swift
    /// // Always reads the same columns of the same table:
    /// let observation = ValueObservation.trackingConstantRegion { db in
    ///     try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player")
    /// }
    /// ```
    ///
    /// - Parameter fetch: A function that fetches the observed value. It
    ///   runs in a read-only transaction.
    /// - Returns: An observation.
    @preconcurrency
    public static func trackingConstantRegion<Value: Sendable>(
        _ fetch: @escaping @Sendable (Database) throws -> Value)
        -> ValueObservation<Reducer>
        where Reducer == ValueReducers.Fetch<Value>
    {
        ValueObservation(
            makeReducer: { ValueReducers.Fetch(fetch: fetch) },
            trackingMode: .constantRegion)
    }

    /// Creates an observation that notifies the values returned by
    /// `fetch`, whenever one of the given regions is modified.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking(
    ///     region: SQLRequest<Row>(sql: "SELECT score FROM player"),
    ///     fetch: { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") })
    /// ```
    ///
    /// - Parameters:
    ///   - region: A region.
    ///   - otherRegions: Other regions.
    ///   - fetch: A function that fetches the observed value.
    /// - Returns: An observation.
    @preconcurrency
    public static func tracking<Value: Sendable>(
        region: any DatabaseRegionConvertible,
        _ otherRegions: any DatabaseRegionConvertible...,
        fetch: @escaping @Sendable (Database) throws -> Value)
        -> ValueObservation<Reducer>
        where Reducer == ValueReducers.Fetch<Value>
    {
        tracking(regions: [region] + otherRegions, fetch: fetch)
    }

    /// Creates an observation that notifies the values returned by
    /// `fetch`, whenever one of the given regions is modified.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking(
    ///     regions: [DatabaseRegion.fullDatabase],
    ///     fetch: { db in try Int.fetchOne(db, sql: "PRAGMA user_version") })
    /// ```
    ///
    /// - Parameters:
    ///   - regions: Regions.
    ///   - fetch: A function that fetches the observed value.
    /// - Returns: An observation.
    @preconcurrency
    public static func tracking<Value: Sendable>(
        regions: [any DatabaseRegionConvertible],
        fetch: @escaping @Sendable (Database) throws -> Value)
        -> ValueObservation<Reducer>
        where Reducer == ValueReducers.Fetch<Value>
    {
        ValueObservation(
            makeReducer: { ValueReducers.Fetch(fetch: fetch) },
            trackingMode: .explicitRegions(regions))
    }
}

extension ValueObservation {
    /// Returns an observation that notifies transformed values.
    ///
    /// The transform runs outside of database accesses, so that it does
    /// not delay them.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try String.fetchAll(db, sql: "SELECT name FROM player") }
    ///     .map { names in names.joined(separator: ", ") }
    /// ```
    ///
    /// - Parameter transform: A function that transforms values. An error
    ///   it throws stops the observation.
    /// - Returns: An observation.
    public func map<T: Sendable>(
        _ transform: @escaping @Sendable (Reducer.Value) throws -> T)
        -> ValueObservation<ValueReducers.Map<Reducer, T>>
    {
        let makeBase = makeReducer
        return withReducer { ValueReducers.Map(base: makeBase(), transform: transform) }
    }

    /// Returns an observation that does not notify a value equivalent to
    /// the previous one.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Row.fetchAll(db, sql: "SELECT * FROM player") }
    ///     .removeDuplicates { $0.count == $1.count }
    /// ```
    ///
    /// The predicate runs on a serial queue of each started observation,
    /// outside of database accesses.
    ///
    /// - Parameter predicate: A function that returns true when the second
    ///   value is a duplicate of the first.
    /// - Returns: An observation.
    public func removeDuplicates(
        by predicate: sending @escaping (Reducer.Value, Reducer.Value) -> Bool)
        -> ValueObservation<ValueReducers.RemoveDuplicates<Reducer>>
    {
        let makeBase = makeReducer
        let predicate = DuplicatePredicate(predicate)
        return withReducer { ValueReducers.RemoveDuplicates(base: makeBase(), predicate: predicate) }
    }
}

extension ValueObservation where Reducer.Value: Equatable {
    /// Returns an observation that does not notify a value equal to the
    /// previous one.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") }
    ///     .removeDuplicates()
    /// ```
    ///
    /// - Returns: An observation.
    public func removeDuplicates() -> ValueObservation<ValueReducers.RemoveDuplicates<Reducer>> {
        removeDuplicates(by: ==)
    }
}

extension ValueObservation {
    /// Starts the observation: values and errors are notified by the
    /// scheduler.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "observation")
    /// let cancellable = observation.start(
    ///     in: dbQueue,
    ///     scheduling: .async(onQueue: queue))
    /// { error in
    ///     // Called on queue
    /// } onChange: { value in
    ///     // Called on queue
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - reader: A ``DatabaseQueue`` or ``DatabasePool``. A reader that is
    ///     not a writer notifies one value only.
    ///   - scheduler: Where values and errors are notified, such as
    ///     `.async(onQueue:)` or `.task`.
    ///   - onError: Called with the error that stops the observation.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    @preconcurrency
    public func start(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        startObserver(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
    }

    /// Starts the observation, and notifies values and errors on the main
    /// actor.
    ///
    /// ```swift
    /// @MainActor func startObservation() {
    ///     cancellable = observation.start(in: dbQueue) { error in
    ///         // Called on the main actor
    ///     } onChange: { value in
    ///         // Called on the main actor
    ///     }
    /// }
    /// ```
    ///
    /// With the `.immediate` scheduling, the initial value is fetched and
    /// notified before the method returns.
    ///
    /// - Parameters:
    ///   - reader: A ``DatabaseQueue`` or ``DatabasePool``.
    ///   - scheduler: `.mainActor` (the default) or `.immediate`.
    ///   - onError: Called with the error that stops the observation.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    @MainActor
    @preconcurrency
    public func start(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationMainActorScheduler = .mainActor,
        onError: @escaping @MainActor @Sendable (any Error) -> Void,
        onChange: @escaping @MainActor @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        // Main actor schedulers run notifications on the main thread, and
        // the immediate initial value is notified from this method, which
        // runs on the main actor.
        startObserver(
            in: reader,
            scheduling: scheduler,
            onError: { error in MainActor.assumeIsolated { onError(error) } },
            onChange: { value in MainActor.assumeIsolated { onChange(value) } })
    }

    func startObserver(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        let observer = ValueObserver(
            reducer: makeReducer(),
            trackingMode: trackingMode,
            events: events,
            requiresWriteAccess: requiresWriteAccess,
            scheduler: scheduler,
            onError: onError,
            onChange: onChange)
        observer.start(in: reader)
        return AnyDatabaseCancellable { observer.cancel() }
    }
}
