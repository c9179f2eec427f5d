extension ValueReducers {
    /// A `ValueReducer` that handles ``ValueObservation`` events.
    ///
    /// It is the reducer of the observations returned by
    /// ``ValueObservation/handleEvents(willStart:willFetch:willTrackRegion:databaseDidChange:didReceiveValue:didFail:didCancel:)``
    /// and ``ValueObservation/print(_:to:)``:
    ///
    /// ```swift
    /// let observation: ValueObservation<ValueReducers.Trace<ValueReducers.Fetch<Int>>> =
    ///     ValueObservation
    ///         .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    ///         .print()
    /// ```
    ///
    /// It calls `willFetch` before each fetch of its base reducer, and
    /// `didReceiveValue` with each value of its base reducer. The other
    /// events are handled by the started observation.
    public struct Trace<Base: _ValueReducer>: ValueReducer {
        /// The fetcher of ``ValueReducers/Trace``: calls `willFetch`, then
        /// the fetcher of the base reducer.
        public struct _Fetcher: _ValueReducerFetcher {
            let base: Base.Fetcher
            let willFetch: (@Sendable () -> Void)?

            /// Fetches a value with the base fetcher, after calling
            /// `willFetch`.
            ///
            /// - Parameter db: A database connection.
            /// - Returns: The fetched value.
            /// - Throws: The error of the fetch.
            public func fetch(_ db: Database) throws -> Base.Fetcher.Value {
                willFetch?()
                return try base.fetch(db)
            }
        }

        var base: Base
        let willFetch: (@Sendable () -> Void)?
        let didReceiveValue: (@Sendable (Base.Value) -> Void)?

        /// Returns a fetcher that calls `willFetch` before each fetch of
        /// the base reducer.
        public func _makeFetcher() -> _Fetcher {
            _Fetcher(base: base._makeFetcher(), willFetch: willFetch)
        }

        /// Returns the value of the base reducer, after calling
        /// `didReceiveValue` with it.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: The value of the base reducer, or nil.
        /// - Throws: The error of the base reducer.
        public mutating func _value(_ fetched: Base.Fetcher.Value) throws -> Base.Value? {
            guard let value = try base._value(fetched) else { return nil }
            didReceiveValue?(value)
            return value
        }
    }
}
