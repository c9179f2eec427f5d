/// The semi-public protocol of the types that fetch and reduce the values
/// of a ``ValueObservation``.
///
/// GRDB declares it for its companion libraries (observation publishers for
/// other reactive frameworks), and so does Folio: a reducer makes a
/// ``_ValueReducerFetcher`` that fetches on a database connection, and
/// reduces each fetched value, later, on a serial queue, into the value to
/// notify (or nil to notify nothing).
///
/// ```swift
/// // A reducer that counts the values of its base reducer.
/// struct CountingReducer<Base: _ValueReducer>: _ValueReducer {
///     var base: Base
///     var count = 0
///     func _makeFetcher() -> Base.Fetcher { base._makeFetcher() }
///     mutating func _value(_ fetched: Base.Fetcher.Value) throws -> Int? {
///         guard try base._value(fetched) != nil else { return nil }
///         count += 1
///         return count
///     }
/// }
/// ```
public protocol _ValueReducer: GRDBSendableMetatype {
    /// The type that fetches database values.
    associatedtype Fetcher: _ValueReducerFetcher

    /// The type of notified values.
    associatedtype Value: Sendable

    /// Returns a value that fetches database values. It is called once per
    /// started observation.
    func _makeFetcher() -> Fetcher

    /// Returns the value to notify for a fetched value, or nil to notify
    /// nothing.
    ///
    /// - Parameter fetched: A fetched value.
    /// - Returns: The value to notify, or nil.
    /// - Throws: An error that stops the observation.
    mutating func _value(_ fetched: Fetcher.Value) throws -> Value?
}

/// The semi-public protocol of the values that fetch the database values of
/// a ``_ValueReducer``: ``fetch(_:)`` runs on a database connection,
/// concurrently with the reductions of previously fetched values.
public protocol _ValueReducerFetcher: Sendable {
    /// The type of fetched database values.
    associatedtype Value

    /// Fetches a database value.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The fetched value.
    /// - Throws: The error of the fetch.
    func fetch(_ db: Database) throws -> Value
}

/// A type that fetches and reduces the values of a ``ValueObservation``.
///
/// You do not adopt it: observations build their reducers with
/// ``ValueObservation/tracking(_:)``, ``ValueObservation/map(_:)``, and
/// ``ValueObservation/removeDuplicates()``:
///
/// ```swift
/// let observation = ValueObservation
///     .tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") }
///     .removeDuplicates()
/// ```
///
/// Its fetcher (`_ValueReducer/_makeFetcher()`) runs on a database
/// connection, and `_ValueReducer/_value(_:)` runs later, on a serial
/// queue of the observation, without blocking the database.
public protocol ValueReducer: _ValueReducer { }

/// The namespace of the built-in ``ValueReducer`` types.
public enum ValueReducers {
    /// The reducer of ``ValueObservation/tracking(_:)``: notifies all
    /// fetched values.
    public struct Fetch<Value: Sendable>: ValueReducer {
        /// The fetcher of ``ValueReducers/Fetch``: runs the closure of the
        /// observation.
        public struct _Fetcher: _ValueReducerFetcher {
            let fetch: @Sendable (Database) throws -> Value

            /// Fetches a value.
            ///
            /// - Parameter db: A database connection.
            /// - Returns: The fetched value.
            /// - Throws: The error of the fetch.
            public func fetch(_ db: Database) throws -> Value {
                try fetch(db)
            }
        }

        let fetch: @Sendable (Database) throws -> Value

        /// Returns the fetcher, which runs the closure of the observation.
        public func _makeFetcher() -> _Fetcher {
            _Fetcher(fetch: fetch)
        }

        /// Returns the fetched value.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: The fetched value.
        public func _value(_ fetched: Value) -> Value? {
            fetched
        }
    }

    /// The reducer of ``ValueObservation/map(_:)``.
    public struct Map<Base: _ValueReducer, Value: Sendable>: ValueReducer {
        var base: Base
        let transform: @Sendable (Base.Value) throws -> Value

        /// Returns the fetcher of the base reducer.
        public func _makeFetcher() -> Base.Fetcher {
            base._makeFetcher()
        }

        /// Transforms the value of the base reducer.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: The transformed value, or nil.
        /// - Throws: The error of the transform.
        public mutating func _value(_ fetched: Base.Fetcher.Value) throws -> Value? {
            try base._value(fetched).map(transform)
        }
    }

    /// The reducer of ``ValueObservation/removeDuplicates(by:)``: drops
    /// values equal to the previous notified value.
    public struct RemoveDuplicates<Base: _ValueReducer>: ValueReducer {
        var base: Base
        let predicate: DuplicatePredicate<Base.Value>
        var previousValue: Base.Value?

        /// Returns the fetcher of the base reducer.
        public func _makeFetcher() -> Base.Fetcher {
            base._makeFetcher()
        }

        /// Returns the value of the base reducer, or nil when it is a
        /// duplicate of the previous one.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: A new value, or nil.
        /// - Throws: The error of the base reducer.
        public mutating func _value(_ fetched: Base.Fetcher.Value) throws -> Base.Value? {
            guard let value = try base._value(fetched) else { return nil }
            if let previousValue, predicate.isDuplicate(previousValue, value) {
                return nil
            }
            previousValue = value
            return value
        }
    }
}

/// The predicate of ``ValueObservation/removeDuplicates(by:)``.
///
/// `@unchecked Sendable`: GRDB's signature takes a `sending` closure, not
/// a `@Sendable` one. `sending` guarantees that the caller keeps no access
/// to the closure or to the state it captures: only the observation calls
/// it, from the serial reduce queue of each started observation. Started
/// observations of one `ValueObservation` share it, as they share the
/// closures of `map` and `tracking`: the predicate is meant to compare two
/// values, and a predicate that mutates captured state must not belong to
/// an observation started twice concurrently.
struct DuplicatePredicate<Value>: @unchecked Sendable {
    private let predicate: (Value, Value) -> Bool

    init(_ predicate: sending @escaping (Value, Value) -> Bool) {
        self.predicate = predicate
    }

    func isDuplicate(_ previous: Value, _ value: Value) -> Bool {
        predicate(previous, value)
    }
}
