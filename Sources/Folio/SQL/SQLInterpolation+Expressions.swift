// SQL interpolation of the query vocabulary: expressions, columns,
// orderings, subqueries, coding keys and collations (record types, tables
// and common table expressions are in
// QueryInterface/SQLInterpolation+QueryInterface.swift).
// See <https://www.sqlite.org/lang_select.html>.
//
// ```swift
// let request: SQLRequest<Player> = """
//     SELECT \(columnsOf: Player.self) FROM \(Player.self)
//     WHERE \(Column("score")) > \(1000)
//     ORDER BY \(Column("name").collating(.localizedCaseInsensitiveCompare))
//     """
// ```

extension SQLInterpolation {
    /// Appends an expression, a column, or a subquery used as a value:
    /// `\(Column("score") + bonus)`. Values are bound as arguments, and
    /// operations are parenthesized.
    ///
    /// ```swift
    /// // SELECT ("score" + ?) AS points FROM player
    /// let literal: SQL = "SELECT \(Column("score") + bonus) AS points FROM player"
    ///
    /// // An SQL function missing from the query interface:
    /// func date(_ value: some SQLSpecificExpressible) -> SQLExpression {
    ///     SQL("DATE(\(value))").sqlExpression
    /// }
    /// ```
    ///
    /// - Parameter expression: An expression.
    public mutating func appendInterpolation(_ expression: some SQLSpecificExpressible) {
        let expression = expression.sqlExpression
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try expression.sql(&context, wrapped: true)
            arguments += context.arguments
            return sql
        })
    }

    /// Appends the SQL of a request, without parentheses:
    /// `(\(subquery))`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score = (SELECT MAX("score") FROM "player")
    /// let maximumScore = Player.select { max($0.score) }
    /// let request: SQLRequest<Player> = "SELECT * FROM player WHERE score = (\(maximumScore))"
    /// ```
    ///
    /// - Parameter subquery: A request.
    public mutating func appendInterpolation(_ subquery: some SQLSubqueryable) {
        let subquery = subquery.sqlSubquery
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try subquery.sql(&context)
            arguments += context.arguments
            return sql
        })
    }

    /// Appends an ordering term: `ORDER BY \(Column("name").desc)`.
    ///
    /// - Parameter ordering: An ordering.
    public mutating func appendInterpolation(_ ordering: SQLOrdering) {
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try ordering.sql(&context)
            arguments += context.arguments
            return sql
        })
    }

    /// Appends the quoted column name of a coding key:
    /// `\(CodingKeys.score)`.
    ///
    /// - Parameter codingKey: A coding key.
    public mutating func appendInterpolation(_ codingKey: some CodingKey) {
        elements.append(.sql(codingKey.stringValue.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the name of a built-in collation: `COLLATE \(.nocase)`.
    ///
    /// - Parameter collation: A collation name.
    public mutating func appendInterpolation(_ collation: Database.CollationName) {
        elements.append(.sql(collation.rawValue.databaseIdentifierToken, StatementArguments()))
    }
}
