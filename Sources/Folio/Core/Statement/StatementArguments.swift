/// The values bound to the `?` and named (`:name`, `$name`, `@name`)
/// parameters of a statement.
///
/// ```swift
/// try db.execute(
///     sql: "INSERT INTO player (name, score) VALUES (?, ?)",
///     arguments: ["Arthur", 1000])
///
/// try db.execute(
///     sql: "INSERT INTO player (name, score) VALUES (:name, :score)",
///     arguments: ["name": "Arthur", "score": 1000])
/// ```
///
/// Binding checks the arguments against the statement: a missing value, a
/// value too many, or an unknown name throws a ``DatabaseError`` with the
/// SQL. See <https://www.sqlite.org/lang_expr.html#varparam>.
public struct StatementArguments: Hashable, Sendable, CustomStringConvertible {
    /// The positional values, in order, unless ``literal`` holds them.
    var storedValues: [DatabaseValue]

    /// The positional values of an array literal (`[1, "Arthur"]`), kept
    /// as the literal built them until they are read: a statement binds
    /// them from there (``Statement/setArguments(_:)``), without the
    /// `[DatabaseValue]` array that ``values`` would build. When it is
    /// not nil, ``storedValues`` is empty.
    var literal: LiteralArgumentValues?

    /// The named values, keyed by name without prefix.
    var namedValues: [String: DatabaseValue]

    /// The positional values, in order. Reading it converts the values of
    /// an array literal; modifying it converts them once, for good.
    var values: [DatabaseValue] {
        get {
            if let literal { return literal.databaseValues }
            return storedValues
        }
        _modify {
            if let literal {
                storedValues = literal.databaseValues
                self.literal = nil
            }
            yield &storedValues
        }
    }

    /// The number of positional values.
    var positionalCount: Int {
        if let literal { return literal.elements.count }
        return storedValues.count
    }

    /// Whether there are no arguments at all.
    public var isEmpty: Bool {
        positionalCount == 0 && namedValues.isEmpty
    }

    /// Creates empty arguments.
    public init() {
        storedValues = []
        namedValues = [:]
    }

    /// Whether two arguments hold the same positional and named values.
    public static func == (lhs: StatementArguments, rhs: StatementArguments) -> Bool {
        lhs.values == rhs.values && lhs.namedValues == rhs.namedValues
    }

    /// Hashes the positional and named values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(namedValues)
    }

    /// Creates positional arguments from database values, without copying
    /// them: the generic `init(_:)`
    /// maps each value through a key path (about 800 instructions per
    /// value, measured with the 200k values of `insertAll`'s benchmark).
    init(databaseValues values: [DatabaseValue]) {
        self.storedValues = values
        namedValues = [:]
    }

    /// Creates positional arguments from a sequence of values.
    ///
    /// ```swift
    /// let ids: [Int64] = [1, 2, 3]
    /// let arguments = StatementArguments(ids)
    /// try db.execute(sql: "DELETE FROM player WHERE id IN (?, ?, ?)", arguments: arguments)
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/bind_blob.html>.
    ///
    /// - Parameter values: A sequence of values.
    public init(_ values: some Sequence<some DatabaseValueConvertible>) {
        self.storedValues = values.map(\.databaseValue)
        namedValues = [:]
    }

    /// Creates positional arguments from a sequence of optional values.
    ///
    /// ```swift
    /// let values: [(any DatabaseValueConvertible)?] = ["foo", 1, nil]
    /// try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: StatementArguments(values))
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/bind_blob.html>.
    ///
    /// - Parameter values: A sequence of values, nil standing for NULL.
    public init(_ values: some Sequence<(any DatabaseValueConvertible)?>) {
        self.storedValues = values.map { $0?.databaseValue ?? .null }
        namedValues = [:]
    }

    /// Creates positional arguments from an array of values of any type,
    /// or returns nil when a value does not adopt
    /// ``DatabaseValueConvertible``.
    ///
    /// ```swift
    /// let array: [Any] = ["Arthur", 1000]
    /// let arguments = StatementArguments(array)    // ["Arthur", 1000]
    /// let invalid = StatementArguments([NSObject()]) // nil
    /// ```
    ///
    /// A nil optional of a convertible type is NULL. See
    /// <https://www.sqlite.org/c3ref/bind_blob.html>.
    ///
    /// - Parameter array: An array of values.
    public init?(_ array: [Any]) {
        var values: [DatabaseValue] = []
        values.reserveCapacity(array.count)
        for element in array {
            guard let value = DatabaseValue(value: element) else { return nil }
            values.append(value)
        }
        self.storedValues = values
        namedValues = [:]
    }

    /// Creates named arguments from a dictionary.
    ///
    /// ```swift
    /// let values: [String: (any DatabaseValueConvertible)?] = ["firstName": nil, "lastName": "Miller"]
    /// try db.execute(
    ///     sql: "INSERT INTO person VALUES (:firstName, :lastName)",
    ///     arguments: StatementArguments(values))
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/bind_parameter_name.html>.
    ///
    /// - Parameter dictionary: Values keyed by parameter name, without the
    ///   `:`, `$` or `@` prefix.
    public init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        storedValues = []
        namedValues = dictionary.mapValues { $0?.databaseValue ?? .null }
    }

    /// Creates named arguments from a sequence of (name, value) pairs.
    ///
    /// ```swift
    /// let pairs: [(String, (any DatabaseValueConvertible)?)] = [("name", "Arthur"), ("score", nil)]
    /// let arguments = StatementArguments(pairs) // ["name": "Arthur", "score": NULL]
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/bind_parameter_name.html>.
    ///
    /// - Parameter keysAndValues: (name, value) pairs; later names win.
    public init(_ keysAndValues: some Sequence<(String, (any DatabaseValueConvertible)?)>) {
        storedValues = []
        namedValues = [:]
        for (key, value) in keysAndValues {
            namedValues[key] = value?.databaseValue ?? .null
        }
    }

    /// Creates named arguments from a dictionary of values of any type, or
    /// returns nil when a key is not a string, or a value does not adopt
    /// ``DatabaseValueConvertible``.
    ///
    /// ```swift
    /// let dictionary: [AnyHashable: Any] = ["name": "Arthur", "score": 1000]
    /// let arguments = StatementArguments(dictionary) // ["name": "Arthur", "score": 1000]
    /// let invalid = StatementArguments([1: "Arthur"] as [AnyHashable: Any]) // nil
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/bind_parameter_name.html>.
    ///
    /// - Parameter dictionary: Values keyed by parameter name, without the
    ///   `:`, `$` or `@` prefix.
    public init?(_ dictionary: [AnyHashable: Any]) {
        var namedValues: [String: DatabaseValue] = [:]
        namedValues.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            guard let name = key.base as? String, let value = DatabaseValue(value: element) else { return nil }
            namedValues[name] = value
        }
        storedValues = []
        self.namedValues = namedValues
    }

    /// Appends statement arguments: positional values are concatenated,
    /// and named values are inserted or replaced.
    ///
    /// ```swift
    /// var arguments: StatementArguments = ["foo": 1, "bar": 2]
    /// let replacedValues = arguments.append(contentsOf: ["foo": 3, "baz": 4])
    /// print(arguments)      // [bar:2, baz:4, foo:3]
    /// print(replacedValues) // ["foo": 1]
    ///
    /// var positional: StatementArguments = [1]
    /// _ = positional.append(contentsOf: [2, 3]) // [1, 2, 3]
    /// ```
    ///
    /// Named and positional arguments can be mixed. See
    /// <https://www.sqlite.org/lang_expr.html#varparam>.
    ///
    /// - Parameter arguments: Other arguments.
    /// - Returns: The named values that were replaced, keyed by name.
    public mutating func append(contentsOf arguments: StatementArguments) -> [String: DatabaseValue] {
        values.append(contentsOf: arguments.values)
        var replacedValues: [String: DatabaseValue] = [:]
        for (name, value) in arguments.namedValues {
            if let replaced = namedValues.updateValue(value, forKey: name) {
                replacedValues[name] = replaced
            }
        }
        return replacedValues
    }

    /// Returns the concatenation of two arguments (see
    /// ``append(contentsOf:)``).
    public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
        var result = lhs
        _ = result.append(contentsOf: rhs)
        return result
    }

    /// Appends arguments (see ``append(contentsOf:)``).
    public static func += (lhs: inout StatementArguments, rhs: StatementArguments) {
        _ = lhs.append(contentsOf: rhs)
    }

    /// A description as GRDB writes it: `[1, "Arthur"]`, or
    /// `["name": "Arthur"]` for named arguments (in the order of their
    /// names).
    public var description: String {
        let named = namedValues.keys.sorted().map { "\(String(reflecting: $0)): \(namedValues[$0]!)" }
        let positional = values.map(\.description)
        return "[" + (named + positional).joined(separator: ", ") + "]"
    }
}

extension StatementArguments: ExpressibleByArrayLiteral {
    /// Creates positional arguments: `[1, "Arthur", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        // The literal's values are kept, and converted when bound (see
        // `literal`).
        storedValues = []
        literal = LiteralArgumentValues(elements: elements)
        namedValues = [:]
    }
}

/// The values of an array literal of ``StatementArguments``, converted to
/// database values when they are bound or read.
///
/// Measured on workload 5 of the benchmarks (`execute(arguments: [x, ...])`
/// with ten integers): converting them at once into a `[DatabaseValue]`
/// cost ~940 instructions per execution (moving each existential out of
/// the literal, the array of database values, its release).
///
/// Binding them converts and binds one value after the other (~376
/// instructions less per execution, 15,665,198 instead of 17,167,922 for
/// the guard's 4,000 executions). A value's `databaseValue` is read when
/// the arguments are bound or read (as ``StatementArguments/values``),
/// not when the literal is built.
///
/// `@unchecked Sendable`: the elements are values of
/// ``DatabaseValueConvertible`` types that the literal copied, and
/// nothing mutates them; only their `databaseValue` is read.
struct LiteralArgumentValues: @unchecked Sendable {
    let elements: [(any DatabaseValueConvertible)?]

    /// The database values, in order.
    var databaseValues: [DatabaseValue] {
        elements.map { $0?.databaseValue ?? .null }
    }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
    /// Creates named arguments: `["name": "Arthur", "score": 1000]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(elements)
    }
}
