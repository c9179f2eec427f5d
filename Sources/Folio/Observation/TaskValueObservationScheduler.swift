import Dispatch

/// A scheduler that notifies values asynchronously on the cooperative
/// thread pool, in order.
///
/// ```swift
/// observation.start(in: dbQueue, scheduling: .task) { ... }
/// ```
public struct TaskValueObservationScheduler: ValueObservationScheduler {
    /// Runs the actions of one scheduler in order, in a single task.
    private final class Serializer: Sendable {
        let continuation: AsyncStream<@Sendable () -> Void>.Continuation

        init(priority: TaskPriority?) {
            let (stream, continuation) = AsyncStream.makeStream(of: (@Sendable () -> Void).self)
            self.continuation = continuation
            Task(priority: priority) {
                for await action in stream {
                    action()
                }
            }
        }

        deinit {
            continuation.finish()
        }
    }

    private let serializer: Serializer

    init(priority: TaskPriority?) {
        serializer = Serializer(priority: priority)
    }

    /// Returns false: the initial value is notified asynchronously.
    ///
    /// - Returns: False.
    public func immediateInitialValue() -> Bool { false }

    /// Runs the action in a task, after the actions scheduled before.
    ///
    /// - Parameter action: The notification.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        serializer.continuation.yield(action)
    }
}

extension ValueObservationScheduler where Self == TaskValueObservationScheduler {
    /// A scheduler that notifies values and errors on the cooperative
    /// thread pool. The default of ``ValueObservation/values(in:scheduling:bufferingPolicy:)``.
    ///
    /// ```swift
    /// observation.start(in: dbQueue, scheduling: .task) { ... }
    /// ```
    public static var task: TaskValueObservationScheduler {
        TaskValueObservationScheduler(priority: nil)
    }

    /// A scheduler that notifies values and errors on the cooperative
    /// thread pool, with the given priority.
    ///
    /// ```swift
    /// observation.start(in: dbQueue, scheduling: .task(priority: .high)) { ... }
    /// ```
    ///
    /// - Parameter priority: A task priority.
    /// - Returns: A scheduler.
    public static func task(priority: TaskPriority) -> TaskValueObservationScheduler {
        TaskValueObservationScheduler(priority: priority)
    }
}
