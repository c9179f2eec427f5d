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
///
/// See <https://www.sqlite.org/lang_expr.html#parameters>.
public struct SQLInterpolation: StringInterpolationProtocol {
    var elements: [SQL.Element] = []

    /// Creates an empty interpolation.
    ///
    /// Do not call this initializer: Swift calls it for the string literals
    /// of ``SQL``.
    ///
    /// ```swift
    /// let literal: SQL = "SELECT \(1)"
    /// ```
    ///
    /// - Parameters:
    ///   - literalCapacity: The approximate size of the literal segments.
    ///   - interpolationCount: The number of interpolations.
    public init(literalCapacity: Int, interpolationCount: Int) {
        elements.reserveCapacity(2 * interpolationCount + 1)
    }

    /// Appends raw SQL text.
    ///
    /// Do not call this method: Swift calls it for the literal segments of
    /// ``SQL`` literals.
    ///
    /// ```swift
    /// let literal: SQL = "SELECT * FROM player"
    /// ```
    ///
    /// - Parameter literal: Raw SQL.
    public mutating func appendLiteral(_ literal: String) {
        guard !literal.isEmpty else { return }
        elements.append(.sql(literal, StatementArguments()))
    }

    /// Appends trusted raw SQL and its arguments: `\(sql: "score DESC")`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE name = ?
    /// let literal: SQL = "SELECT * FROM player WHERE \(sql: "name = ?", arguments: ["O'Brien"])"
    /// ```
    ///
    /// - Parameters:
    ///   - sql: Raw SQL, pasted as is.
    ///   - arguments: Its arguments.
    public mutating func appendInterpolation(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements.append(.sql(sql, arguments))
    }

    /// Appends another SQL literal: `\(literal: condition)`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE name = ?
    /// let condition: SQL = "name = \("O'Brien")"
    /// let literal: SQL = "SELECT * FROM player WHERE \(literal: condition)"
    /// ```
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    public mutating func appendInterpolation(literal sqlLiteral: SQL) {
        elements.append(contentsOf: sqlLiteral.elements)
    }

    /// Appends another SQL literal: `\(condition)`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE name = ?
    /// let condition: SQL = "name = \("O'Brien")"
    /// let literal: SQL = "SELECT * FROM player WHERE \(condition)"
    /// ```
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    public mutating func appendInterpolation(_ sqlLiteral: SQL) {
        elements.append(contentsOf: sqlLiteral.elements)
    }

    /// Appends a string as a `?` argument: `\(name)`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE name = ?
    /// let literal: SQL = "SELECT * FROM player WHERE name = \("O'Brien")"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#parameters>.
    ///
    /// - Parameter string: A string.
    public mutating func appendInterpolation<S>(_ string: S) where S: StringProtocol {
        elements.append(.value(String(string).databaseValue))
    }

    /// Appends a quoted identifier, such as a table or a column name:
    /// `\(identifier: tableName)`.
    ///
    /// ```swift
    /// // INSERT INTO "group" ...
    /// let tableName = "group"
    /// let literal: SQL = "INSERT INTO \(identifier: tableName) DEFAULT VALUES"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_keywords.html>.
    ///
    /// - Parameter identifier: A name.
    public mutating func appendInterpolation(identifier: String) {
        elements.append(.sql(identifier.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the name of a collation: `COLLATE \(.localizedCaseInsensitiveCompare)`.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare
    /// let literal: SQL = "SELECT * FROM player ORDER BY name COLLATE \(DatabaseCollation.localizedCaseInsensitiveCompare)"
    /// ```
    ///
    /// See <https://www.sqlite.org/datatype3.html#collation>.
    ///
    /// - Parameter collation: A collation.
    public mutating func appendInterpolation(_ collation: DatabaseCollation) {
        elements.append(.sql(collation.name.databaseIdentifierToken, StatementArguments()))
    }

    /// Appends the name of a function: `\(myFunction)(score)`.
    ///
    /// GRDB has no such API: it is Folio's.
    ///
    /// ```swift
    /// let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { ... }
    /// let literal: SQL = "SELECT \(reverse)(name) FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/appfunc.html>.
    ///
    /// - Parameter function: A custom SQL function.
    public mutating func appendInterpolation(_ function: DatabaseFunction) {
        elements.append(.sql(function.name.databaseIdentifierToken, StatementArguments()))
    }
}
