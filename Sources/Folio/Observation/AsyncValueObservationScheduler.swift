import Dispatch

/// A scheduler that notifies values asynchronously on a dispatch queue.
///
/// ```swift
/// let queue = DispatchQueue(label: "observation")
/// observation.start(in: dbQueue, scheduling: .async(onQueue: queue)) { ... }
/// ```
///
/// The queue should be serial, so that values are notified in order.
public struct AsyncValueObservationScheduler: ValueObservationScheduler {
    let queue: DispatchQueue

    /// Creates a scheduler that notifies values on `queue`. Prefer the
    /// ``ValueObservationScheduler/async(onQueue:)`` shorthand.
    ///
    /// ```swift
    /// let scheduler = AsyncValueObservationScheduler(queue: DispatchQueue(label: "observation"))
    /// ```
    ///
    /// - Parameter queue: A serial dispatch queue.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Returns false: the initial value is notified asynchronously.
    ///
    /// - Returns: False.
    public func immediateInitialValue() -> Bool { false }

    /// Runs the action asynchronously on the queue.
    ///
    /// - Parameter action: The notification.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }
}

extension ValueObservationScheduler where Self == AsyncValueObservationScheduler {
    /// A scheduler that notifies values and errors asynchronously on a
    /// serial dispatch queue.
    ///
    /// ```swift
    /// observation.start(in: dbQueue, scheduling: .async(onQueue: .main)) { ... }
    /// ```
    ///
    /// - Parameter queue: A serial dispatch queue.
    /// - Returns: A scheduler.
    public static func async(onQueue queue: DispatchQueue) -> AsyncValueObservationScheduler {
        AsyncValueObservationScheduler(queue: queue)
    }
}
