extension SQL {
    /// Creates a literal from an expression of the query interface.
    ///
    /// ```swift
    /// // "score" + "bonus"
    /// let total = SQL(Column("score") + Column("bonus"))
    /// let request: SQLRequest<Row> = "SELECT \(total) AS total FROM player"
    /// ```
    ///
    /// A string literal, as in `SQL("DATE(\(createdAt))")`, is the SQL
    /// literal itself, and not a value: this initializer is for
    /// expressions that are not literals.
    ///
    /// See <https://www.sqlite.org/lang_expr.html>.
    ///
    /// - Parameter expression: An expression.
    public init(_ expression: some SQLSpecificExpressible) {
        let expression = expression.sqlExpression
        if case let .literal(literal) = expression.impl {
            self = literal
            return
        }
        self.init(elements: [.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try expression.sql(&context)
            arguments += context.arguments
            return sql
        }])
    }
}
