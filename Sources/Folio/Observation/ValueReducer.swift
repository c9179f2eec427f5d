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
/// `_fetch` runs on a database connection, and `_value` runs later, on a
/// serial queue of the observation, without blocking the database.
public protocol ValueReducer: Sendable {
    /// The type of fetched values.
    associatedtype Fetched: Sendable

    /// The type of notified values.
    associatedtype Value: Sendable

    /// Fetches a value.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The fetched value.
    /// - Throws: The error of the fetch.
    func _fetch(_ db: Database) throws -> Fetched

    /// Returns the value to notify for a fetched value, or nil to notify
    /// nothing.
    ///
    /// - Parameter fetched: A fetched value.
    /// - Returns: The value to notify, or nil.
    /// - Throws: An error that stops the observation.
    mutating func _value(_ fetched: Fetched) throws -> Value?
}

/// The namespace of the built-in ``ValueReducer`` types.
public enum ValueReducers {
    /// The reducer of ``ValueObservation/tracking(_:)``: notifies all
    /// fetched values.
    public struct Fetch<Value: Sendable>: ValueReducer {
        let fetch: @Sendable (Database) throws -> Value

        /// Fetches a value.
        ///
        /// - Parameter db: A database connection.
        /// - Returns: The fetched value.
        /// - Throws: The error of the fetch.
        public func _fetch(_ db: Database) throws -> Value {
            try fetch(db)
        }

        /// Returns the fetched value.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: The fetched value.
        public mutating func _value(_ fetched: Value) -> Value? {
            fetched
        }
    }

    /// The reducer of ``ValueObservation/map(_:)``.
    public struct Map<Base: ValueReducer, Value: Sendable>: ValueReducer {
        var base: Base
        let transform: @Sendable (Base.Value) throws -> Value

        /// Fetches a value with the base reducer.
        ///
        /// - Parameter db: A database connection.
        /// - Returns: The fetched value.
        /// - Throws: The error of the fetch.
        public func _fetch(_ db: Database) throws -> Base.Fetched {
            try base._fetch(db)
        }

        /// Transforms the value of the base reducer.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: The transformed value, or nil.
        /// - Throws: The error of the transform.
        public mutating func _value(_ fetched: Base.Fetched) throws -> Value? {
            try base._value(fetched).map(transform)
        }
    }

    /// The reducer of ``ValueObservation/removeDuplicates(by:)``: drops
    /// values equal to the previous notified value.
    public struct RemoveDuplicates<Base: ValueReducer>: ValueReducer {
        var base: Base
        let predicate: DuplicatePredicate<Base.Value>
        var previousValue: Base.Value?

        /// Fetches a value with the base reducer.
        ///
        /// - Parameter db: A database connection.
        /// - Returns: The fetched value.
        /// - Throws: The error of the fetch.
        public func _fetch(_ db: Database) throws -> Base.Fetched {
            try base._fetch(db)
        }

        /// Returns the value of the base reducer, or nil when it is a
        /// duplicate of the previous one.
        ///
        /// - Parameter fetched: A fetched value.
        /// - Returns: A new value, or nil.
        /// - Throws: The error of the base reducer.
        public mutating func _value(_ fetched: Base.Fetched) throws -> Base.Value? {
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
