/// A scheduler that notifies all values on the main actor,
/// asynchronously: ``ValueObservationScheduler/mainActor``, the default
/// scheduler of `ValueObservation/start(in:scheduling:onError:onChange:)`.
///
/// ```swift
/// let cancellable = observation.start(in: dbQueue, scheduling: .mainActor) { error in
///     // Called on the main actor
/// } onChange: { value in
///     // Called on the main actor, asynchronously
/// }
/// ```
///
/// The main actor runs on the main dispatch queue. In a command-line tool
/// or a test, something must run it (`dispatchMain()`, `RunLoop.main`, or
/// an `await` from the main actor) for values to be notified.
public final class DelayedMainActorValueObservationScheduler: ValueObservationMainActorScheduler, Sendable {
    init() { }

    /// Returns false: the initial value is notified asynchronously.
    ///
    /// ```swift
    /// ValueObservationScheduler.mainActor.immediateInitialValue() // false
    /// ```
    ///
    /// - Returns: False.
    public func immediateInitialValue() -> Bool { false }

    /// Runs the action on the main actor, asynchronously, after the
    /// actions scheduled before.
    ///
    /// ```swift
    /// ValueObservationScheduler.mainActor.scheduleOnMainActor {
    ///     // On the main actor
    /// }
    /// ```
    ///
    /// - Parameter action: The notification.
    public func scheduleOnMainActor(_ action: @escaping @MainActor @Sendable () -> Void) {
        enqueueOnMainActor(action)
    }
}

extension ValueObservationScheduler where Self == DelayedMainActorValueObservationScheduler {
    /// A scheduler that notifies all values on the main actor,
    /// asynchronously.
    ///
    /// ```swift
    /// let cancellable = observation.start(in: dbQueue, scheduling: .mainActor) { error in
    ///     // Called on the main actor
    /// } onChange: { value in
    ///     // Called on the main actor
    /// }
    /// ```
    public static var mainActor: DelayedMainActorValueObservationScheduler {
        DelayedMainActorValueObservationScheduler()
    }
}
