import Dispatch

/// A type that decides where ``ValueObservation`` notifies its values and
/// errors.
///
/// Use the built-in schedulers:
///
/// ```swift
/// // Values and errors are notified on a dispatch queue:
/// observation.start(in: dbQueue, scheduling: .async(onQueue: myQueue)) { ... }
/// // Values and errors are notified on the cooperative thread pool:
/// observation.start(in: dbQueue, scheduling: .task) { ... }
/// ```
///
/// ``ValueObservationMainActorScheduler`` lists the main actor schedulers.
public protocol ValueObservationScheduler: Sendable {
    /// Whether the initial value is fetched and notified synchronously,
    /// when the observation starts.
    ///
    /// - Returns: True for an immediate initial value.
    func immediateInitialValue() -> Bool

    /// Schedules a notification. Notifications scheduled by one
    /// observation must run in order.
    ///
    /// - Parameter action: The notification.
    func schedule(_ action: @escaping @Sendable () -> Void)
}
