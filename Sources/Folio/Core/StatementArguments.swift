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

    /// Creates positional arguments from a sequence of values.
    ///
    /// ```swift
    /// let ids: [Int64] = [1, 2, 3]
    /// let arguments = StatementArguments(ids)
    /// ```
    ///
    /// - Parameter sequence: A sequence of values.
    public init<S: Sequence>(_ sequence: S) where S.Element: DatabaseValueConvertible {
        values = sequence.map(\.databaseValue)
        namedValues = [:]
    }

    /// Creates positional arguments from a sequence of optional values.
    ///
    /// - Parameter sequence: A sequence of values, nil standing for NULL.
    public init<S: Sequence>(_ sequence: S) where S.Element == (any DatabaseValueConvertible)? {
        values = sequence.map { $0?.databaseValue ?? .null }
        namedValues = [:]
    }

    /// Creates named arguments from a dictionary.
    ///
    /// - Parameter dictionary: Values keyed by parameter name, without the
    ///   `:`, `$` or `@` prefix.
    public init(_ dictionary: [String: (any DatabaseValueConvertible)?]) {
        values = []
        namedValues = dictionary.mapValues { $0?.databaseValue ?? .null }
    }

    /// Creates named arguments from a sequence of (name, value) pairs.
    ///
    /// - Parameter sequence: (name, value) pairs; later names win.
    public init<S: Sequence>(_ sequence: S) where S.Element == (String, (any DatabaseValueConvertible)?) {
        values = []
        namedValues = [:]
        for (key, value) in sequence {
            namedValues[key] = value?.databaseValue ?? .null
        }
    }

    /// Appends the values of other arguments: positional values go after
    /// these, and named values are merged, the other arguments winning.
    ///
    /// - Parameter arguments: Other arguments.
    public mutating func append(contentsOf arguments: StatementArguments) {
        values.append(contentsOf: arguments.values)
        namedValues.merge(arguments.namedValues) { _, new in new }
    }

    /// Returns the concatenation of two arguments (see
    /// ``append(contentsOf:)``).
    public static func + (lhs: StatementArguments, rhs: StatementArguments) -> StatementArguments {
        var result = lhs
        result.append(contentsOf: rhs)
        return result
    }

    /// Appends arguments (see ``append(contentsOf:)``).
    public static func += (lhs: inout StatementArguments, rhs: StatementArguments) {
        lhs.append(contentsOf: rhs)
    }

    /// A description such as `[1, 'Arthur']` or `[name:'Arthur']`.
    public var description: String {
        let positional = values.map(\.description)
        let named = namedValues.keys.sorted().map { "\($0):\(namedValues[$0]!)" }
        return "[" + (positional + named).joined(separator: ", ") + "]"
    }
}

extension StatementArguments: ExpressibleByArrayLiteral {
    /// Creates positional arguments: `[1, "Arthur", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        // Move each element out of the array, and leave nil in its place:
        // converting a moved existential copies nothing, when reading it
        // in place would copy it first.
        var elements = elements
        let count = elements.count
        let values = elements.withUnsafeMutableBufferPointer { buffer in
            [DatabaseValue](unsafeUninitializedCapacity: count) { values, initializedCount in
                guard let base = buffer.baseAddress, let valuesBase = values.baseAddress else { return }
                for index in 0..<count {
                    let value: DatabaseValue
                    if let element = (base + index).move() {
                        value = element.databaseValue
                    } else {
                        value = .null
                    }
                    (base + index).initialize(to: nil)
                    (valuesBase + index).initialize(to: value)
                }
                initializedCount = count
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
