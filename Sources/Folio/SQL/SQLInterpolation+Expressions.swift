// SQL interpolation of the query interface values: record types, tables,
// columns, expressions, orderings, subqueries and common table
// expressions. See <https://www.sqlite.org/lang_select.html>.
//
// ```swift
// let request: SQLRequest<Player> = """
//     SELECT \(columnsOf: Player.self) FROM \(Player.self)
//     WHERE \(Column("score")) > \(1000)
//     ORDER BY \(Column("name").collating(.localizedCaseInsensitiveCompare))
//     """
// ```

extension SQLInterpolation {
    /// Appends the quoted table name of a record type: `\(Player.self)`.
    ///
    /// ```swift
    /// // SELECT * FROM "player"
    /// let request: SQLRequest<Player> = "SELECT * FROM \(Player.self)"
    /// ```
    ///
    /// - Parameter recordType: A record type.
    public mutating func appendInterpolation<T: TableRecord>(_ recordType: T.Type) {
        elements.append(.sql(T.databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted table name of a record: `\(tableOf: player)`.
    ///
    /// - Parameter record: A record.
    public mutating func appendInterpolation(tableOf record: some TableRecord) {
        elements.append(.sql(type(of: record).databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted name of a table: `\(Table("player"))`.
    ///
    /// - Parameter table: A table.
    public mutating func appendInterpolation<T>(_ table: Table<T>) {
        elements.append(.sql(table.tableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the columns selected by a record type, qualified with its
    /// table name, or the given alias: `\(columnsOf: Player.self)` gives
    /// `"player".*`.
    ///
    /// ```swift
    /// // SELECT "p".* FROM player p
    /// let request: SQLRequest<Player> = "SELECT \(columnsOf: Player.self, tableAlias: "p") FROM player p"
    /// ```
    ///
    /// - Parameters:
    ///   - recordType: A record type.
    ///   - tableAlias: The name of the table in the query, or nil for the
    ///     table name.
    public mutating func appendInterpolation<T: TableRecord>(columnsOf recordType: T.Type, tableAlias: String? = nil) {
        let selection = T.databaseSelection.map(\.sqlSelection)
        let tableName = T.databaseTableName
        elements.append(.deferred { db, arguments in
            let alias = TableAliasBase(name: tableAlias ?? tableName)
            alias.bind(to: tableName)
            var context = SQLGenerationContext(db: db)
            let sql = try selection.map { try $0.qualified(with: alias).sql(&context) }.joined(separator: ", ")
            arguments += context.arguments
            return sql
        })
    }

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
        elements.append(.sql(collation.rawValue, StatementArguments()))
    }

    /// Appends the quoted name of a common table expression:
    /// `SELECT * FROM \(cte)`.
    ///
    /// - Parameter cte: A common table expression.
    public mutating func appendInterpolation<T>(_ cte: CommonTableExpression<T>) {
        elements.append(.sql(cte.tableName.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the definition of a common table expression, for a WITH
    /// clause: `WITH \(definitionFor: cte) SELECT ...`.
    ///
    /// ```swift
    /// // WITH "name" AS (SELECT ?) SELECT * FROM "name"
    /// let cte = CommonTableExpression(named: "name", literal: "SELECT \("O'Brien")")
    /// let request: SQLRequest<Row> = "WITH \(definitionFor: cte) SELECT * FROM \(cte)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_with.html>.
    ///
    /// - Parameter cte: A common table expression.
    public mutating func appendInterpolation<T>(definitionFor cte: CommonTableExpression<T>) {
        let name = cte.tableName
        let definition = cte.definition
        elements.append(.deferred { db, arguments in
            var sql = name.quotedDatabaseIdentifier
            if let columns = definition.columns {
                sql += "(" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
            }
            var context = SQLGenerationContext(db: db)
            sql += " AS (" + (try definition.request.sql(&context)) + ")"
            arguments += context.arguments
            return sql
        })
    }
}
