/// The closures of ``ValueObservation/handleEvents(willStart:willFetch:willTrackRegion:databaseDidChange:didReceiveValue:didFail:didCancel:)``
/// that the observer calls: `willFetch` and `didReceiveValue` are called
/// by the ``ValueReducers/Trace`` reducer.
///
/// An observation without `handleEvents` or `print` has no closure: the
/// observer tests one optional per event, and does nothing else.
struct ValueObservationEvents: Sendable {
    var willStart: (@Sendable () -> Void)?
    var willTrackRegion: (@Sendable (DatabaseRegion) -> Void)?
    var databaseDidChange: (@Sendable () -> Void)?
    var didFail: (@Sendable (any Error) -> Void)?
    var didCancel: (@Sendable () -> Void)?

    /// Returns events that run the closures of `self`, then the ones of
    /// `other`.
    func followed(by other: ValueObservationEvents) -> ValueObservationEvents {
        ValueObservationEvents(
            willStart: Self.chain(willStart, other.willStart),
            willTrackRegion: Self.chain(willTrackRegion, other.willTrackRegion),
            databaseDidChange: Self.chain(databaseDidChange, other.databaseDidChange),
            didFail: Self.chain(didFail, other.didFail),
            didCancel: Self.chain(didCancel, other.didCancel))
    }

    private static func chain<T>(
        _ first: (@Sendable (T) -> Void)?,
        _ second: (@Sendable (T) -> Void)?)
        -> (@Sendable (T) -> Void)?
    {
        guard let first else { return second }
        guard let second else { return first }
        return { first($0); second($0) }
    }

    private static func chain(
        _ first: (@Sendable () -> Void)?,
        _ second: (@Sendable () -> Void)?)
        -> (@Sendable () -> Void)?
    {
        guard let first else { return second }
        guard let second else { return first }
        return { first(); second() }
    }
}
