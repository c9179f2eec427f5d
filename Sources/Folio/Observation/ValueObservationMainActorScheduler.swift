import Dispatch

/// A type that determines when `ValueObservation` notifies its fresh
/// values, on the main actor: ``ValueObservationScheduler/mainActor`` or
/// ``immediate``.
///
/// ```swift
/// @MainActor func startObservation() {
///     cancellable = observation.start(in: dbQueue, scheduling: .immediate) { error in
///         // On the main actor
///     } onChange: { value in
///         // On the main actor
///     }
/// }
/// ```
///
/// ## Topics
/// - ``immediate``
/// - ``ValueObservationScheduler/mainActor``
/// - ``ImmediateValueObservationScheduler``
/// - ``DelayedMainActorValueObservationScheduler``
public protocol ValueObservationMainActorScheduler: ValueObservationScheduler {
    /// Schedules a notification on the main actor. Notifications
    /// scheduled by one observation run in order.
    ///
    /// ```swift
    /// let scheduler: some ValueObservationMainActorScheduler = .mainActor
    /// scheduler.scheduleOnMainActor {
    ///     // On the main actor
    /// }
    /// ```
    ///
    /// - Parameter action: The notification.
    func scheduleOnMainActor(_ action: @escaping @MainActor @Sendable () -> Void)
}

extension ValueObservationMainActorScheduler {
    /// Schedules a notification on the main actor, with
    /// ``scheduleOnMainActor(_:)``.
    ///
    /// ```swift
    /// let scheduler: some ValueObservationMainActorScheduler = .mainActor
    /// scheduler.schedule {
    ///     // On the main actor
    /// }
    /// ```
    ///
    /// - Parameter action: The notification.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        scheduleOnMainActor { action() }
    }
}

/// Runs an action on the main actor, after the actions that are already
/// enqueued on the main dispatch queue: the main actor runs on the main
/// queue, which runs its blocks in order.
func enqueueOnMainActor(_ action: @escaping @MainActor @Sendable () -> Void) {
    DispatchQueue.main.async {
        MainActor.assumeIsolated { action() }
    }
}
