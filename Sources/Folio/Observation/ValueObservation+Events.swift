extension ValueObservation {
    /// Performs the specified closures when observation events occur.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    ///     .handleEvents(
    ///         willFetch: { print("will fetch") },
    ///         didReceiveValue: { count in print("count: \(count)") })
    /// ```
    ///
    /// All closures run on unspecified dispatch queues: don't make any
    /// assumption. The events of one started observation happen in this
    /// order: `willStart`; then, for each fetch, `willFetch`,
    /// `willTrackRegion` when the fetch tracks a new region, and
    /// `didReceiveValue`; `databaseDidChange` when a committed transaction
    /// impacts the tracked region, before the fetch it triggers; and
    /// finally `didFail` or `didCancel`. `didCancel` is not called after a
    /// failure.
    ///
    /// - Parameters:
    ///   - willStart: The closure to execute when the observation starts.
    ///   - willFetch: The closure to execute when the observed value is
    ///     about to be fetched.
    ///   - willTrackRegion: The closure to execute when the observation
    ///     starts tracking a database region.
    ///   - databaseDidChange: The closure to execute after the observation
    ///     was impacted by a database change.
    ///   - didReceiveValue: The closure to execute on fresh values.
    ///   - didFail: The closure to execute when the observation fails.
    ///   - didCancel: The closure to execute when the observation is
    ///     cancelled.
    /// - Returns: A `ValueObservation` that performs the specified closures
    ///   when ValueObservation events occur.
    public func handleEvents(
        willStart: (@Sendable () -> Void)? = nil,
        willFetch: (@Sendable () -> Void)? = nil,
        willTrackRegion: (@Sendable (DatabaseRegion) -> Void)? = nil,
        databaseDidChange: (@Sendable () -> Void)? = nil,
        didReceiveValue: (@Sendable (Reducer.Value) -> Void)? = nil,
        didFail: (@Sendable (any Error) -> Void)? = nil,
        didCancel: (@Sendable () -> Void)? = nil)
        -> ValueObservation<ValueReducers.Trace<Reducer>>
    {
        let makeBase = makeReducer
        var observation = withReducer {
            ValueReducers.Trace(base: makeBase(), willFetch: willFetch, didReceiveValue: didReceiveValue)
        }
        observation.events = events.followed(by: ValueObservationEvents(
            willStart: willStart,
            willTrackRegion: willTrackRegion,
            databaseDidChange: databaseDidChange,
            didFail: didFail,
            didCancel: didCancel))
        return observation
    }

    /// Prints log messages for all observation events.
    ///
    /// ```swift
    /// let cancellable = ValueObservation
    ///     .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    ///     .print("Observe player count")
    ///     .start(in: dbQueue, onError: { _ in }, onChange: { _ in })
    ///
    /// // Prints:
    /// // Observe player count: start
    /// // Observe player count: fetch
    /// // Observe player count: tracked region: player(*)
    /// // Observe player count: value: 0
    /// // Observe player count: database did change
    /// // Observe player count: fetch
    /// // Observe player count: value: 1
    /// ```
    ///
    /// The messages are `start`, `fetch`, `tracked region: <region>`,
    /// `database did change`, `value: <value>`, `failure: <error>` and
    /// `cancel`, in the order described by
    /// ``handleEvents(willStart:willFetch:willTrackRegion:databaseDidChange:didReceiveValue:didFail:didCancel:)``.
    /// A region is printed as described by ``DatabaseRegion/description``.
    ///
    /// - Parameters:
    ///   - prefix: A string, empty by default, with which to prefix all
    ///     log messages, followed by `": "`.
    ///   - stream: A stream for text output that receives messages, as
    ///     `Swift.print(_:to:)` writes them: each message, then a new line
    ///     character. By default, messages are printed to the standard
    ///     output. Messages are written one at a time.
    /// - Returns: A `ValueObservation` that prints log messages.
    public func print(
        _ prefix: String = "",
        to stream: sending (any TextOutputStream)? = nil)
        -> ValueObservation<ValueReducers.Trace<Reducer>>
    {
        let linePrefix = prefix.isEmpty ? "" : "\(prefix): "
        let output = Synchronized(stream)
        let log: @Sendable (String) -> Void = { message in
            let line = linePrefix + message
            let printed = output.withLock { stream -> Bool in
                guard stream != nil else { return false }
                // As `Swift.print(_:to:)` writes, and GRDB with it: the
                // line, then the new line character, in two writes.
                stream!.write(line)
                stream!.write("\n")
                return true
            }
            if !printed {
                Swift.print(line)
            }
        }
        return handleEvents(
            willStart: { log("start") },
            willFetch: { log("fetch") },
            willTrackRegion: { region in log("tracked region: \(region)") },
            databaseDidChange: { log("database did change") },
            didReceiveValue: { value in log("value: \(value)") },
            didFail: { error in log("failure: \(error)") },
            didCancel: { log("cancel") })
    }
}
