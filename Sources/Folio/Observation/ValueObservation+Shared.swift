import Dispatch

extension ValueObservation {
    /// Returns a shared value observation that spares database resources
    /// by sharing a single underlying ``ValueObservation`` subscription.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking { db in
    ///     try Row.fetchAll(db, sql: "SELECT * FROM player")
    /// }
    ///
    /// let sharedObservation = observation.shared(in: dbQueue)
    ///
    /// let cancellable = sharedObservation.start { error in
    ///     // handle error
    /// } onChange: { players in
    ///     print("Fresh players: \(players)")
    /// }
    /// ```
    ///
    /// The underlying subscription is shared if and only if you start
    /// observing the database from the same `SharedValueObservation`
    /// instance:
    ///
    /// ```swift
    /// // Shared
    /// let sharedObservation = ValueObservation.tracking { db in ... }.shared(in: dbQueue)
    /// let cancellable1 = sharedObservation.start(...)
    /// let cancellable2 = sharedObservation.start(...)
    ///
    /// // NOT shared
    /// let cancellable1 = ValueObservation.tracking { db in ... }.shared(in: dbQueue).start(...)
    /// let cancellable2 = ValueObservation.tracking { db in ... }.shared(in: dbQueue).start(...)
    /// ```
    ///
    /// A shared observation starts observing the database as soon as it is
    /// subscribed. A subscription that starts while the database is
    /// observed is notified of the last fetched value first, if any. With
    /// the default `.whileObserved` extent, database observation stops
    /// when the number of subscriptions drops down to zero, and restarts on
    /// the next subscription; with `.observationLifetime`, it stops when
    /// the shared observation is deallocated and all subscriptions are
    /// cancelled (see ``SharedValueObservationExtent``).
    ///
    /// By default, fresh values are dispatched asynchronously on the main
    /// dispatch queue. With the ``ValueObservationScheduler/immediate``
    /// scheduler, the first value is notified when
    /// ``SharedValueObservation/start(onError:onChange:)`` is called, which
    /// must happen on the main thread.
    ///
    /// - Parameters:
    ///   - reader: A ``DatabaseQueue`` or ``DatabasePool``.
    ///   - scheduler: Where values and errors are notified. A serial
    ///     scheduler: all subscriptions are notified from it. By default,
    ///     fresh values are dispatched asynchronously on the main queue.
    ///   - extent: The extent of the shared database observation.
    /// - Returns: A `SharedValueObservation`.
    public func shared(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .async(onQueue: .main),
        extent: SharedValueObservationExtent = .whileObserved)
        -> SharedValueObservation<Reducer.Value>
    {
        SharedValueObservation(scheduler: scheduler, extent: extent) { onError, onChange in
            start(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
        }
    }
}
