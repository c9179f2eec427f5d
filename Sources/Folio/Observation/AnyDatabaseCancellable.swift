/// A cancellable that runs a function when cancelled or deallocated,
/// returned by ``ValueObservation`` and ``DatabaseRegionObservation``.
///
/// ```swift
/// let cancellable = AnyDatabaseCancellable {
///     print("Cancelled")
/// }
/// cancellable.cancel() // Prints "Cancelled"
/// ```
///
/// Keep a reference to it as long as the observation must go on: the
/// observation stops when it is deallocated.
public final class AnyDatabaseCancellable: DatabaseCancellable {
    private let cancelAction: Synchronized<(@Sendable () -> Void)?>

    /// Creates a cancellable that runs `cancel` once, when cancelled or
    /// deallocated.
    ///
    /// - Parameter cancel: The function that stops an observation.
    public init(cancel: @escaping @Sendable () -> Void) {
        cancelAction = Synchronized(cancel)
    }

    /// Creates a cancellable that cancels another one.
    ///
    /// ```swift
    /// let erased = AnyDatabaseCancellable(cancellable)
    /// ```
    ///
    /// - Parameter cancellable: A cancellable.
    public convenience init(_ cancellable: some DatabaseCancellable) {
        self.init(cancel: cancellable.cancel)
    }

    deinit {
        cancel()
    }

    /// Stops the observation, unless it is already stopped.
    public func cancel() {
        // Run the function outside of the lock.
        let action = cancelAction.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
