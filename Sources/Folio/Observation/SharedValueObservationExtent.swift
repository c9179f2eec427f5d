/// The extent of the shared subscription to a ``SharedValueObservation``.
///
/// ```swift
/// let sharedObservation = ValueObservation
///     .tracking { db in try Row.fetchAll(db, sql: "SELECT * FROM player") }
///     .shared(in: dbQueue, extent: .observationLifetime)
/// ```
public enum SharedValueObservationExtent: Hashable, Sendable {
    /// The ``SharedValueObservation`` starts a single database observation,
    /// which stops when the `SharedValueObservation` is deallocated and all
    /// subscriptions terminated.
    ///
    /// This extent prevents the shared observation from recovering from
    /// database errors: the subscriptions that start after an error are
    /// notified of this error. To recover from database errors, you must
    /// create a new shared `SharedValueObservation` instance.
    ///
    /// ```swift
    /// let sharedObservation = observation.shared(in: dbQueue, extent: .observationLifetime)
    /// ```
    case observationLifetime

    /// The ``SharedValueObservation`` stops database observation when the
    /// number of subscriptions drops down to zero. Database observation
    /// restarts on the next subscription.
    ///
    /// Database errors can be recovered by resubscribing to the shared
    /// observation.
    ///
    /// ```swift
    /// let sharedObservation = observation.shared(in: dbQueue, extent: .whileObserved)
    /// ```
    case whileObserved
}
