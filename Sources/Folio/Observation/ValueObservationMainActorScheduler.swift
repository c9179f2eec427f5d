import Dispatch

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
