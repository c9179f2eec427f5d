/// `_add(observation:scheduling:onChange:)`: the semi-public entry point
/// of ``ValueObservation`` that GRDB's companion libraries build on (an
/// observation publisher for another reactive framework starts its
/// observations here).
///
/// Errors are not an argument: they reach the `didFail` closure of the
/// observation's ``ValueObservation/handleEvents(willStart:willFetch:willTrackRegion:databaseDidChange:didReceiveValue:didFail:didCancel:)``.
///
/// ```swift
/// let cancellable = dbQueue._add(
///     observation: observation.handleEvents(didFail: { error in ... }),
///     scheduling: .async(onQueue: .main),
///     onChange: { value in ... })
/// ```
extension DatabaseReader {
    /// Starts a value observation in this reader: the semi-public entry
    /// point of ``ValueObservation`` for companion libraries.
    ///
    /// - Parameters:
    ///   - observation: The observation. Its errors reach its `didFail`
    ///     event handler.
    ///   - scheduler: Where values are notified.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    public func _add<Reducer: ValueReducer>(
        observation: ValueObservation<Reducer>,
        scheduling scheduler: some ValueObservationScheduler,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        observation.startObserver(in: self, scheduling: scheduler, onError: { _ in }, onChange: onChange)
    }
}

extension DatabaseQueue {
    /// Starts a value observation in this queue: the semi-public entry
    /// point of ``ValueObservation`` for companion libraries.
    ///
    /// - Parameters:
    ///   - observation: The observation. Its errors reach its `didFail`
    ///     event handler.
    ///   - scheduler: Where values are notified.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    public func _add<Reducer: ValueReducer>(
        observation: ValueObservation<Reducer>,
        scheduling scheduler: some ValueObservationScheduler,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        observation.startObserver(in: self, scheduling: scheduler, onError: { _ in }, onChange: onChange)
    }
}

extension DatabasePool {
    /// Starts a value observation in this pool: the semi-public entry
    /// point of ``ValueObservation`` for companion libraries.
    ///
    /// - Parameters:
    ///   - observation: The observation. Its errors reach its `didFail`
    ///     event handler.
    ///   - scheduler: Where values are notified.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    public func _add<Reducer: ValueReducer>(
        observation: ValueObservation<Reducer>,
        scheduling scheduler: some ValueObservationScheduler,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        observation.startObserver(in: self, scheduling: scheduler, onError: { _ in }, onChange: onChange)
    }
}

extension DatabaseSnapshot {
    /// Starts a value observation in this snapshot, which notifies one
    /// value: the semi-public entry point of ``ValueObservation`` for
    /// companion libraries.
    ///
    /// - Parameters:
    ///   - observation: The observation. Its errors reach its `didFail`
    ///     event handler.
    ///   - scheduler: Where values are notified.
    ///   - onChange: Called with the value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    public func _add<Reducer: ValueReducer>(
        observation: ValueObservation<Reducer>,
        scheduling scheduler: some ValueObservationScheduler,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        observation.startObserver(in: self, scheduling: scheduler, onError: { _ in }, onChange: onChange)
    }
}

extension AnyDatabaseReader {
    /// Starts a value observation in the base reader: the semi-public
    /// entry point of ``ValueObservation`` for companion libraries.
    ///
    /// - Parameters:
    ///   - observation: The observation. Its errors reach its `didFail`
    ///     event handler.
    ///   - scheduler: Where values are notified.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    public func _add<Reducer: ValueReducer>(
        observation: ValueObservation<Reducer>,
        scheduling scheduler: some ValueObservationScheduler,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        base._add(observation: observation, scheduling: scheduler, onChange: onChange)
    }
}

extension AnyDatabaseWriter {
    /// Starts a value observation in the base writer: the semi-public
    /// entry point of ``ValueObservation`` for companion libraries.
    ///
    /// - Parameters:
    ///   - observation: The observation. Its errors reach its `didFail`
    ///     event handler.
    ///   - scheduler: Where values are notified.
    ///   - onChange: Called with each fresh value.
    /// - Returns: A cancellable that stops the observation when cancelled
    ///   or deallocated.
    public func _add<Reducer: ValueReducer>(
        observation: ValueObservation<Reducer>,
        scheduling scheduler: some ValueObservationScheduler,
        onChange: @escaping @Sendable (Reducer.Value) -> Void)
        -> AnyDatabaseCancellable
    {
        base._add(observation: observation, scheduling: scheduler, onChange: onChange)
    }
}
