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

/// A scheduler that notifies values on the main actor: ``mainActor`` or
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
public protocol ValueObservationMainActorScheduler: ValueObservationScheduler { }

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
