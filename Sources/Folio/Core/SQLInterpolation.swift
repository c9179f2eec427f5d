import Foundation

/// The string interpolation of ``SQL`` literals: values become arguments.
///
/// ```swift
/// let literal: SQL = """
///     SELECT * FROM player
///     WHERE name = \(name) AND id IN \(ids)
///     ORDER BY \(sql: "score DESC")
///     """
/// ```
public struct SQLInterpolation: StringInterpolationProtocol {
    var elements: [SQL.Element] = []

    /// Creates an empty interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {
        elements.reserveCapacity(2 * interpolationCount + 1)
    }

    /// Appends raw SQL text.
    public mutating func appendLiteral(_ literal: String) {
        guard !literal.isEmpty else { return }
        elements.append(.sql(literal, StatementArguments()))
    }

    /// Appends trusted raw SQL and its arguments: `\(sql: "score DESC")`.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL, pasted as is.
    ///   - arguments: Its arguments.
    public mutating func appendInterpolation(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements.append(.sql(sql, arguments))
    }

    /// Appends another SQL literal: `\(literal: condition)`.
    ///
    /// - Parameter literal: An SQL literal.
    public mutating func appendInterpolation(literal: SQL) {
        elements.append(contentsOf: literal.elements)
    }

    /// Appends a value as a `?` argument; nil is NULL: `\(name)`.
    ///
    /// - Parameter value: A value, or nil.
    public mutating func appendInterpolation<T: DatabaseValueConvertible>(_ value: T?) {
        elements.append(.value(value?.databaseValue ?? .null))
    }

    /// Appends a value as a `?` argument.
    ///
    /// - Parameter value: A value, or nil.
    public mutating func appendInterpolation(_ value: (any DatabaseValueConvertible)?) {
        elements.append(.value(value?.databaseValue ?? .null))
    }

    /// Appends a blob as a `?` argument.
    ///
    /// - Parameter data: Bytes, or nil.
    public mutating func appendInterpolation(_ data: Data?) {
        elements.append(.value(data?.databaseValue ?? .null))
    }

    /// Appends a blob as one `?` argument: `Data` is a collection of
    /// bytes, but it is not expanded as `(?, ?, ...)`.
    ///
    /// - Parameter data: Bytes.
    public mutating func appendInterpolation(_ data: Data) {
        elements.append(.value(data.databaseValue))
    }

    /// Appends a list of values, as `(?, ?, ?)` arguments: `IN \(ids)`.
    ///
    /// An empty sequence renders `()`, which SQLite accepts in `IN ()`
    /// (always false).
    ///
    /// - Parameter sequence: Values.
    public mutating func appendInterpolation<S: Sequence>(_ sequence: S) where S.Element: DatabaseValueConvertible {
        elements.append(.values(sequence.map(\.databaseValue)))
    }

    /// Appends the name of a collation: `COLLATE \(.localizedCaseInsensitiveCompare)`.
    ///
    /// - Parameter collation: A collation.
    public mutating func appendInterpolation(_ collation: DatabaseCollation) {
        elements.append(.sql(collation.name.databaseIdentifierToken, StatementArguments()))
    }

    /// Appends the name of a function: `\(myFunction)(score)`.
    ///
    /// - Parameter function: A custom SQL function.
    public mutating func appendInterpolation(_ function: DatabaseFunction) {
        elements.append(.sql(function.name.databaseIdentifierToken, StatementArguments()))
    }
}
