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
    /// The positional values, in order.
    var values: [DatabaseValue]

    /// The named values, keyed by name without prefix.
    var namedValues: [String: DatabaseValue]

    /// Whether there are no arguments at all.
    public var isEmpty: Bool {
        values.isEmpty && namedValues.isEmpty
    }

    /// Creates empty arguments.
    public init() {
        values = []
        namedValues = [:]
    }

    /// Creates positional arguments from database values, without copying
    /// them: the generic `init(_:)`
    /// maps each value through a key path (about 800 instructions per
    /// value, measured with the 200k values of `insertAll`'s benchmark).
    init(databaseValues values: [DatabaseValue]) {
        self.values = values
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
        self.values = values.map(\.databaseValue)
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
        self.values = values.map { $0?.databaseValue ?? .null }
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
        self.values = values
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
        values = []
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
        values = []
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
        values = []
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
        // Move each element out of the array, and leave nil in its place:
        // converting a moved existential copies nothing, when reading it
        // in place would copy it first.
        // Move each element out of the array, and leave nil in its place:
        // converting a moved existential copies nothing, when reading it
        // in place would copy it first, through the generic value
        // witnesses of `Optional`. The values array grows with
        // `reserveCapacity(_:)` and `append`, which the compiler
        // specializes for `DatabaseValue`: `Array(unsafeUninitializedCapacity:)`
        // allocated through the standard library's generic code, which
        // looks up the type metadata of the array storage at each call.
        var elements = elements
        let count = elements.count
        var values: [DatabaseValue] = []
        values.reserveCapacity(count)
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<count {
                if let element = (base + index).move() {
                    values.append(element.databaseValue)
                } else {
                    values.append(.null)
                }
                (base + index).initialize(to: nil)
            }
        }
        self.values = values
        namedValues = [:]
    }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
    /// Creates named arguments: `["name": "Arthur", "score": 1000]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(elements)
    }
}
