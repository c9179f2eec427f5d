
/// A type that stops a database observation.
///
/// ```swift
/// let cancellable: any DatabaseCancellable = observation.start(in: dbQueue,
///     scheduling: .async(onQueue: .main))
/// { error in ... } onChange: { value in ... }
/// cancellable.cancel()
/// ```
public protocol DatabaseCancellable: Sendable {
    /// Stops the observation. Calling it several times has no effect.
    func cancel()
}
