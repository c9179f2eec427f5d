import Foundation

/// An SQL literal: SQL text with values bound as arguments.
///
/// Build it with string interpolation. Interpolated values become `?`
/// parameters and are never pasted into the SQL text, so that SQL
/// injection is impossible:
///
/// ```swift
/// let name = "O'Brien"
/// let ids: [Int64] = [1, 2, 3]
/// try db.execute(literal: "UPDATE player SET name = \(name) WHERE id IN \(ids)")
/// // UPDATE player SET name = ? WHERE id IN (?, ?, ?)
/// ```
///
/// Trusted SQL goes in with `\(sql:)`, other literals with `\(literal:)`:
///
/// ```swift
/// let order = "score DESC"
/// let request: SQL = "SELECT * FROM player ORDER BY \(sql: order)"
/// ```
///
/// Literals concatenate with `+`, and join with `Swift/Collection/joined(separator:)`.
public struct SQL: Sendable {
    /// A piece of an SQL literal.
    enum Element: Sendable {
        /// SQL text with its own arguments.
        case sql(String, StatementArguments)
        /// One value, rendered as `?`.
        case value(DatabaseValue)
        /// A list of values, rendered as `(?, ?, ...)`.
        case values([DatabaseValue])
        /// SQL that depends on the database (table names, columns...).
        case deferred(@Sendable (Database, inout StatementArguments) throws -> String)
    }

    var elements: [Element]

    init(elements: [Element]) {
        self.elements = elements
    }

    /// Creates a literal from raw SQL and its arguments.
    ///
    /// ```swift
    /// let query = SQL(sql: "SELECT * FROM player WHERE id = ?", arguments: [1])
    /// ```
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: The arguments of the SQL.
    public init(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements = [.sql(sql, arguments)]
    }

    /// Whether the literal has no SQL and no value.
    public var isEmpty: Bool {
        elements.allSatisfy {
            if case let .sql(sql, arguments) = $0 { return sql.isEmpty && arguments.isEmpty }
            return false
        }
    }

    /// Appends another literal.
    ///
    /// - Parameter other: An SQL literal.
    public mutating func append(literal other: SQL) {
        elements.append(contentsOf: other.elements)
    }

    /// Appends raw SQL and its arguments.
    ///
    /// - Parameters:
    ///   - sql: Raw SQL.
    ///   - arguments: Its arguments.
    public mutating func append(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements.append(.sql(sql, arguments))
    }

    /// Returns the concatenation of two literals.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        SQL(elements: lhs.elements + rhs.elements)
    }

    /// Appends a literal.
    public static func += (lhs: inout SQL, rhs: SQL) {
        lhs.append(literal: rhs)
    }

    /// Returns the SQL text and arguments.
    ///
    /// ```swift
    /// let literal: SQL = "SELECT * FROM player WHERE name = \("Arthur")"
    /// let (sql, arguments) = try literal.build(db)
    /// // sql: "SELECT * FROM player WHERE name = ?"
    /// // arguments: ["Arthur"]
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: SQL text and arguments.
    /// - Throws: An error when a part of the literal can not be rendered.
    public func build(_ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        var arguments = StatementArguments()
        var sql = ""
        for element in elements {
            switch element {
            case let .sql(text, elementArguments):
                sql += text
                arguments += elementArguments
            case let .value(value):
                sql += "?"
                arguments.values.append(value)
            case let .values(values):
                sql += "(" + databaseQuestionMarks(count: values.count) + ")"
                arguments.values.append(contentsOf: values)
            case let .deferred(render):
                sql += try render(db, &arguments)
            }
        }
        return (sql, arguments)
    }
}

extension SQL: ExpressibleByStringInterpolation {
    /// Creates a literal from raw SQL, when the literal is a single
    /// extended grapheme cluster.
    ///
    /// ```swift
    /// let sql = SQL(extendedGraphemeClusterLiteral: "*")
    /// try db.execute(literal: "SELECT " + sql + " FROM player")
    /// ```
    ///
    /// See <https://www.sqlite.org/lang.html>.
    ///
    /// - Parameter value: Raw SQL.
    public init(extendedGraphemeClusterLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a literal from raw SQL, when the literal is a single
    /// Unicode scalar.
    ///
    /// ```swift
    /// let sql = SQL(unicodeScalarLiteral: "*")
    /// try db.execute(literal: "SELECT " + sql + " FROM player")
    /// ```
    ///
    /// See <https://www.sqlite.org/lang.html>.
    ///
    /// - Parameter value: Raw SQL.
    public init(unicodeScalarLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a literal from raw SQL.
    public init(stringLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a literal from an interpolated string.
    public init(stringInterpolation: SQLInterpolation) {
        self.init(elements: stringInterpolation.elements)
    }
}

extension Sequence where Element == SQL {
    /// Returns the literals of a sequence joined with a separator.
    ///
    /// ```swift
    /// let conditions = ["a", "b"].lazy.map { SQL("\(identifier: $0) > 0") }
    /// let whereClause = conditions.joined(separator: " AND ")
    /// ```
    ///
    /// - Parameter separator: Raw SQL between literals.
    /// - Returns: A literal.
    public func joined(separator: String = "") -> SQL {
        var result = SQL(elements: [])
        var first = true
        for literal in self {
            if !first, !separator.isEmpty {
                result.append(sql: separator)
            }
            first = false
            result.append(literal: literal)
        }
        return result
    }
}

extension Collection where Element == SQL {
    /// Returns the literals joined with a separator.
    ///
    /// ```swift
    /// let conditions: [SQL] = ["a = \(1)", "b = \(2)"]
    /// let whereClause = conditions.joined(separator: " AND ")
    /// ```
    ///
    /// - Parameter separator: Raw SQL between literals.
    /// - Returns: A literal.
    public func joined(separator: String = "") -> SQL {
        var result = SQL(elements: [])
        var first = true
        for literal in self {
            if !first, !separator.isEmpty {
                result.append(sql: separator)
            }
            first = false
            result.append(literal: literal)
        }
        return result
    }
}

/// Returns `count` question marks separated by commas: `?, ?, ?`.
///
/// ```swift
/// let sql = "SELECT * FROM player WHERE id IN (\(databaseQuestionMarks(count: ids.count)))"
/// ```
///
/// - Parameter count: The number of question marks.
/// - Returns: A string such as `"?, ?, ?"`.
public func databaseQuestionMarks(count: Int) -> String {
    guard count > 0 else { return "" }
    return Array(repeating: "?", count: count).joined(separator: ", ")
}
