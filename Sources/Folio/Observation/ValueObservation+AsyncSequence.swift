extension ValueObservation {
    /// Returns an asynchronous sequence of the observed values.
    ///
    /// ```swift
    /// let observation = ValueObservation.tracking { db in
    ///     try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    /// }
    /// for try await count in observation.values(in: dbPool) {
    ///     print("Player count: \(count)")
    /// }
    /// ```
    ///
    /// Each iteration starts its own observation, which stops when the
    /// iteration ends, or when its task is cancelled. The sequence throws
    /// the error that stops the observation.
    ///
    /// - Parameters:
    ///   - reader: A ``DatabaseQueue`` or ``DatabasePool``.
    ///   - scheduler: Where values are produced. Default: `.task`.
    ///   - bufferingPolicy: How values that are not consumed yet are
    ///     buffered. Default: `.unbounded`.
    /// - Returns: An asynchronous sequence.
    public func values(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .task,
        bufferingPolicy: AsyncValueObservation<Reducer.Value>.BufferingPolicy = .unbounded)
        -> AsyncValueObservation<Reducer.Value>
    {
        AsyncValueObservation(bufferingPolicy: bufferingPolicy) { onError, onChange in
            start(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
        }
    }
}

/// An asynchronous sequence of the values of a ``ValueObservation``,
/// returned by ``ValueObservation/values(in:scheduling:bufferingPolicy:)``.
///
/// ```swift
/// for try await players in observation.values(in: dbQueue) {
///     print("Fresh players", players)
/// }
/// ```
public struct AsyncValueObservation<Element: Sendable>: AsyncSequence, Sendable {
    /// How values that are not consumed yet are buffered.
    public typealias BufferingPolicy = AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy

    /// The error that stops the observation: any error thrown by the
    /// fetch, such as a ``DatabaseError``.
    public typealias Failure = any Error

    private let bufferingPolicy: BufferingPolicy
    private let startObservation: @Sendable (
        _ onError: @escaping @Sendable (any Error) -> Void,
        _ onChange: @escaping @Sendable (Element) -> Void) -> AnyDatabaseCancellable

    init(
        bufferingPolicy: BufferingPolicy,
        start: @escaping @Sendable (
            _ onError: @escaping @Sendable (any Error) -> Void,
            _ onChange: @escaping @Sendable (Element) -> Void) -> AnyDatabaseCancellable)
    {
        self.bufferingPolicy = bufferingPolicy
        self.startObservation = start
    }

    /// Starts an observation, and returns an iterator of its values.
    ///
    /// - Returns: An iterator.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self,
            throwing: (any Error).self,
            bufferingPolicy: bufferingPolicy)
        let cancellable = startObservation(
            { error in continuation.finish(throwing: error) },
            { value in continuation.yield(value) })
        continuation.onTermination = { _ in
            cancellable.cancel()
        }
        return Iterator(base: stream.makeAsyncIterator())
    }

    /// The type of the iterator of the sequence.
    public typealias AsyncIterator = Iterator

    /// An iterator of observed values.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.AsyncIterator

        /// Returns the next value, waiting for a database change if needed.
        ///
        /// - Returns: The next value, or nil when the task is cancelled.
        /// - Throws: The error that stopped the observation.
        public mutating func next() async throws -> Element? {
            try await base.next()
        }
    }
}
