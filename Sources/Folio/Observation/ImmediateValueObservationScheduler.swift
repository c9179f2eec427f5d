import Dispatch

/// A scheduler that notifies the initial value synchronously when the
/// observation starts, and other values asynchronously on the main
/// actor.
///
/// ```swift
/// observation.start(in: dbQueue, scheduling: .immediate) { ... }
/// // The initial value has been notified here.
/// ```
public struct ImmediateValueObservationScheduler: ValueObservationMainActorScheduler {
    /// Returns true: the initial value is notified when the observation
    /// starts.
    ///
    /// - Returns: True.
    public func immediateInitialValue() -> Bool { true }

    /// Runs the action asynchronously on the main queue.
    ///
    /// - Parameter action: The notification.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async(execute: action)
    }
}

extension ValueObservationMainActorScheduler where Self == ImmediateValueObservationScheduler {
    /// A scheduler that notifies the initial value synchronously, on the
    /// main actor, when the observation starts, and the other values
    /// asynchronously on the main actor.
    ///
    /// The initial fetch blocks the main thread: keep it fast.
    ///
    /// ```swift
    /// observation.start(in: dbQueue, scheduling: .immediate) { ... }
    /// ```
    public static var immediate: ImmediateValueObservationScheduler {
        ImmediateValueObservationScheduler()
    }
}
