/// A shared value observation spares database resources by sharing a
/// single underlying ``ValueObservation`` subscription.
///
/// You build a `SharedValueObservation` with the ``ValueObservation``
/// method ``ValueObservation/shared(in:scheduling:extent:)``:
///
/// ```swift
/// let observation = ValueObservation.tracking { db in
///     try Row.fetchAll(db, sql: "SELECT * FROM player")
/// }
///
/// let sharedObservation = observation.shared(in: dbQueue)
///
/// let cancellable = sharedObservation.start { error in
///     // handle error
/// } onChange: { players in
///     print("Fresh players: \(players)")
/// }
///
/// for try await players in sharedObservation.values() {
///     print("Fresh players: \(players)")
/// }
/// ```
///
/// When a database change happens, a fresh value is fetched once, and
/// notified to all subscriptions, in the order they started. A
/// subscription that starts while the database is observed is first
/// notified of the last fetched value, if any. An error is notified to
/// all subscriptions, and ends them; what happens next depends on the
/// ``SharedValueObservationExtent``.
///
/// ## Topics
/// - ``start(onError:onChange:)``
/// - ``values(bufferingPolicy:)``
public final class SharedValueObservation<Element: Sendable>: Sendable {
    /// One subscription: its callbacks, and whether it was cancelled.
    private final class Subscription: Sendable {
        let onError: @Sendable (any Error) -> Void
        let onChange: @Sendable (Element) -> Void
        private let cancelled = Synchronized(false)

        init(onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Element) -> Void) {
            self.onError = onError
            self.onChange = onChange
        }

        var isCancelled: Bool { cancelled.withLock { $0 } }

        func cancel() { cancelled.withLock { $0 = true } }

        func notifyChange(_ value: Element) {
            if !isCancelled { onChange(value) }
        }

        func notifyError(_ error: any Error) {
            if !isCancelled { onError(error) }
        }
    }

    private struct State {
        /// The current subscriptions, by order of start.
        var subscriptions: [Int: Subscription] = [:]
        var nextSubscriptionID = 0
        /// Whether the database is observed (or failed, with the
        /// `.observationLifetime` extent).
        var isObserving = false
        /// Identifies the current database observation: callbacks of a
        /// stopped one are ignored.
        var generation = 0
        var cancellable: AnyDatabaseCancellable?
        var lastValue: Element?
        /// The error of the database observation, kept with the
        /// `.observationLifetime` extent only.
        var failure: (any Error)?

        func orderedSubscriptions() -> [Subscription] {
            subscriptions.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    private enum RegistrationAction {
        case none
        case startObservation(generation: Int)
        case notifyValue(Element)
        case notifyError(any Error)
    }

    private let scheduler: any ValueObservationScheduler
    private let extent: SharedValueObservationExtent
    private let startObservation: @Sendable (
        _ onError: @escaping @Sendable (any Error) -> Void,
        _ onChange: @escaping @Sendable (Element) -> Void) -> AnyDatabaseCancellable
    private let state = Synchronized(State())

    init(
        scheduler: some ValueObservationScheduler,
        extent: SharedValueObservationExtent,
        startObservation: @escaping @Sendable (
            _ onError: @escaping @Sendable (any Error) -> Void,
            _ onChange: @escaping @Sendable (Element) -> Void) -> AnyDatabaseCancellable)
    {
        self.scheduler = scheduler
        self.extent = extent
        self.startObservation = startObservation
    }

    deinit {
        let cancellable = state.withLock { state in
            defer { state.cancellable = nil }
            return state.cancellable
        }
        cancellable?.cancel()
    }

    /// Starts observing the database.
    ///
    /// The observation lasts until the returned cancellable is cancelled
    /// or deallocated.
    ///
    /// ```swift
    /// let sharedObservation = ValueObservation
    ///     .tracking { db in try Row.fetchAll(db, sql: "SELECT * FROM player") }
    ///     .shared(in: dbQueue)
    ///
    /// let cancellable = sharedObservation.start { error in
    ///     // handle error
    /// } onChange: { players in
    ///     print("fresh players: \(players)")
    /// }
    /// ```
    ///
    /// Both closures run where the scheduler of the shared observation
    /// notifies values.
    ///
    /// - Parameters:
    ///   - onError: The closure to execute when the observation fails.
    ///   - onChange: The closure to execute on receipt of a fresh value.
    /// - Returns: A DatabaseCancellable that can stop the observation.
    @preconcurrency
    public func start(
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Element) -> Void)
        -> AnyDatabaseCancellable
    {
        let subscription = Subscription(onError: onError, onChange: onChange)
        let id = state.withLock { state in
            defer { state.nextSubscriptionID += 1 }
            return state.nextSubscriptionID
        }
        if scheduler.immediateInitialValue() {
            register(subscription, id: id)
        } else {
            // Registration runs on the scheduler, like the notifications
            // of the database observation: a new subscription is notified
            // of the last value before the values that follow it.
            scheduler.schedule { [self] in
                register(subscription, id: id)
            }
        }
        return AnyDatabaseCancellable { [self] in
            unregister(subscription, id: id)
        }
    }

    /// Returns an asynchronous sequence of observed values.
    ///
    /// ```swift
    /// let sharedObservation = ValueObservation
    ///     .tracking { db in try Row.fetchAll(db, sql: "SELECT * FROM player") }
    ///     .shared(in: dbQueue, scheduling: .task)
    ///
    /// for try await players in sharedObservation.values() {
    ///     print("Fresh players: \(players)")
    /// }
    /// ```
    ///
    /// Each iteration is a subscription, which ends when the iteration
    /// ends or its task is cancelled.
    ///
    /// - Parameter bufferingPolicy: How values that are not consumed yet
    ///   are buffered. Default: `.unbounded`.
    /// - Returns: An asynchronous sequence.
    public func values(
        bufferingPolicy: AsyncValueObservation<Element>.BufferingPolicy = .unbounded)
        -> AsyncValueObservation<Element>
    {
        AsyncValueObservation(bufferingPolicy: bufferingPolicy) { [self] onError, onChange in
            start(onError: onError, onChange: onChange)
        }
    }

    // MARK: - Subscriptions

    private func register(_ subscription: Subscription, id: Int) {
        let action = state.withLock { state -> RegistrationAction in
            if subscription.isCancelled { return .none }
            if let failure = state.failure { return .notifyError(failure) }
            state.subscriptions[id] = subscription
            if !state.isObserving {
                state.isObserving = true
                state.generation += 1
                return .startObservation(generation: state.generation)
            }
            if let lastValue = state.lastValue { return .notifyValue(lastValue) }
            return .none
        }
        switch action {
        case .none:
            break
        case .notifyValue(let value):
            subscription.notifyChange(value)
        case .notifyError(let error):
            subscription.notifyError(error)
        case .startObservation(let generation):
            // The callbacks do not retain the shared observation, which
            // stops the database observation when it is deallocated.
            let cancellable = startObservation(
                { [weak self] error in self?.observationDidFail(error, generation: generation) },
                { [weak self] value in self?.observationDidChange(value, generation: generation) })
            let obsolete = state.withLock { state -> AnyDatabaseCancellable? in
                guard state.isObserving, state.generation == generation, state.failure == nil else {
                    // Stopped, or failed, while it was starting.
                    return cancellable
                }
                state.cancellable = cancellable
                return nil
            }
            obsolete?.cancel()
        }
    }

    private func unregister(_ subscription: Subscription, id: Int) {
        subscription.cancel()
        let cancellable = state.withLock { state -> AnyDatabaseCancellable? in
            guard state.subscriptions.removeValue(forKey: id) != nil else { return nil }
            guard extent == .whileObserved, state.subscriptions.isEmpty, state.isObserving else { return nil }
            state.isObserving = false
            state.lastValue = nil
            defer { state.cancellable = nil }
            return state.cancellable
        }
        cancellable?.cancel()
    }

    // MARK: - Database observation

    private func observationDidChange(_ value: Element, generation: Int) {
        let subscriptions = state.withLock { state -> [Subscription] in
            guard state.isObserving, state.generation == generation else { return [] }
            state.lastValue = value
            return state.orderedSubscriptions()
        }
        for subscription in subscriptions {
            subscription.notifyChange(value)
        }
    }

    private func observationDidFail(_ error: any Error, generation: Int) {
        let (subscriptions, stoppedCancellable) = state.withLock { state -> ([Subscription], AnyDatabaseCancellable?) in
            guard state.isObserving, state.generation == generation else { return ([], nil) }
            let subscriptions = state.orderedSubscriptions()
            state.subscriptions = [:]
            state.lastValue = nil
            switch extent {
            case .whileObserved:
                state.isObserving = false
            case .observationLifetime:
                state.failure = error
            }
            // The database observation has stopped: its cancellable is
            // released outside of the lock.
            defer { state.cancellable = nil }
            return (subscriptions, state.cancellable)
        }
        withExtendedLifetime(stoppedCancellable) { }
        for subscription in subscriptions {
            subscription.notifyError(error)
        }
    }
}
