import Foundation

/// A scheduler that notifies all values on the main actor. The first
/// value is immediately notified when the `ValueObservation` is started.
///
/// ```swift
/// observation.start(in: dbQueue, scheduling: .immediate) { ... }
/// // The initial value has been notified here.
/// ```
///
/// The observation must be started from the main thread: starting it from
/// another thread is a programmer error that stops the program.
public struct ImmediateValueObservationScheduler: ValueObservationMainActorScheduler {
    /// Creates the scheduler. Prefer the ``ValueObservationMainActorScheduler/immediate``
    /// shorthand.
    ///
    /// ```swift
    /// let scheduler = ImmediateValueObservationScheduler()
    /// ```
    public init() { }

    /// Returns true: the initial value is notified when the observation
    /// starts. It must be called on the main thread.
    ///
    /// ```swift
    /// ImmediateValueObservationScheduler().immediateInitialValue() // true
    /// ```
    ///
    /// - Precondition: The current thread is the main thread.
    /// - Returns: True.
    public func immediateInitialValue() -> Bool {
        checkProgrammerError(
            Thread.isMainThread,
            "ValueObservation was not started on the main thread, as the .immediate scheduling requires.")
        return true
    }

    /// Runs the action on the main actor, asynchronously, after the
    /// actions scheduled before.
    ///
    /// ```swift
    /// ImmediateValueObservationScheduler().scheduleOnMainActor {
    ///     // On the main actor
    /// }
    /// ```
    ///
    /// - Parameter action: The notification.
    public func scheduleOnMainActor(_ action: @escaping @MainActor @Sendable () -> Void) {
        enqueueOnMainActor(action)
    }
}

extension ValueObservationScheduler where Self == ImmediateValueObservationScheduler {
    /// A scheduler that notifies all values on the main actor. The first
    /// value is immediately notified when the `ValueObservation` is
    /// started, which must happen on the main thread.
    ///
    /// ```swift
    /// let cancellable = observation.start(
    ///     in: dbQueue,
    ///     scheduling: .immediate,
    ///     onError: { error in ... },
    ///     onChange: { value in print("fresh value: \(value)") })
    /// // <- here "fresh value" is already printed.
    /// ```
    public static var immediate: ImmediateValueObservationScheduler {
        ImmediateValueObservationScheduler()
    }
}

extension ValueObservationMainActorScheduler where Self == ImmediateValueObservationScheduler {
    /// A scheduler that notifies all values on the main actor. The first
    /// value is immediately notified when the `ValueObservation` is
    /// started, which must happen on the main actor.
    ///
    /// The initial fetch blocks the main thread: keep it fast.
    ///
    /// ```swift
    /// @MainActor func startObservation() {
    ///     cancellable = observation.start(in: dbQueue, scheduling: .immediate) { error in
    ///         // Called on the main actor
    ///     } onChange: { value in
    ///         // Called on the main actor
    ///     }
    ///     // <- here the initial value is already notified.
    /// }
    /// ```
    public static var immediate: ImmediateValueObservationScheduler {
        ImmediateValueObservationScheduler()
    }
}
