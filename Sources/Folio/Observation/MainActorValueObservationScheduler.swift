import Dispatch

/// A scheduler that notifies values on the main actor, asynchronously.
///
/// ```swift
/// observation.start(in: dbQueue, scheduling: .mainActor) { ... }
/// ```
public struct MainActorValueObservationScheduler: ValueObservationMainActorScheduler {
    /// Returns false: the initial value is notified asynchronously.
    ///
    /// - Returns: False.
    public func immediateInitialValue() -> Bool { false }

    /// Runs the action asynchronously on the main queue.
    ///
    /// - Parameter action: The notification.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async(execute: action)
    }
}

extension ValueObservationMainActorScheduler where Self == MainActorValueObservationScheduler {
    /// A scheduler that notifies values and errors asynchronously on the
    /// main actor. The default of
    /// ``ValueObservation/start(in:scheduling:onError:onChange:)``.
    ///
    /// ```swift
    /// observation.start(in: dbQueue, scheduling: .mainActor) { ... }
    /// ```
    public static var mainActor: MainActorValueObservationScheduler {
        MainActorValueObservationScheduler()
    }
}
