// SQL interpolation of the query vocabulary: values, expressions, columns,
// selections, orderings, subqueries, sequences, coding keys and collations
// (record types, tables and common table expressions are in
// QueryInterface/SQLInterpolation+QueryInterface.swift; raw SQL, strings
// and identifiers in Core/Request/SQLInterpolation.swift).
// See <https://www.sqlite.org/lang_select.html>.
//
// ```swift
// let request: SQLRequest<Player> = """
//     SELECT \(columnsOf: Player.self) FROM \(Player.self)
//     WHERE \(Column("score")) > \(1000) AND id IN \([1, 2, 3])
//     ORDER BY \(Column("name").collating(.localizedCaseInsensitiveCompare))
//     """
// ```

extension SQLInterpolation {
    // MARK: - Values and expressions

    /// Appends a value as a `?` argument, an expression as SQL, or NULL
    /// when it is nil.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score > ? AND bonus IS ?
    /// let minimumScore = 1000
    /// let bonus: Int? = nil
    /// let request: SQLRequest<Player> = "SELECT * FROM player WHERE score > \(minimumScore) AND bonus IS \(bonus)"
    /// ```
    ///
    /// - Parameter expressible: A value, an expression, or nil.
    public mutating func appendInterpolation(_ expressible: (any SQLExpressible)?) {
        guard let expressible else {
            elements.append(.value(.null))
            return
        }
        appendQueryValue(expressible)
    }

    /// Appends an expression, such as a column, as SQL. Values are bound
    /// as `?` arguments, and operations are parenthesized.
    ///
    /// ```swift
    /// // SELECT ("score" + ?) AS points FROM player
    /// let bonus = 100
    /// let request: SQLRequest<Row> = "SELECT \(Column("score") + bonus) AS points FROM player"
    ///
    /// // An SQL function missing from the query interface:
    /// func date(_ value: some SQLSpecificExpressible) -> SQLExpression {
    ///     SQL("DATE(\(value))").sqlExpression
    /// }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html>.
    ///
    /// - Parameter expressible: An expression.
    public mutating func appendInterpolation(_ expressible: some SQLExpressible & SQLOrderingTerm & SQLSelectable) {
        appendQueryValue(expressible)
    }

    /// Appends a selection: `*`, a column, an expression, or an aliased
    /// expression.
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let request: SQLRequest<Player> = "SELECT \(.allColumns) FROM player"
    ///
    /// // SELECT "score" AS "points" FROM player
    /// let points: SQLRequest<Row> = "SELECT \(Column("score").forKey("points")) FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter selection: A selection.
    public mutating func appendInterpolation(_ selection: some SQLSelectable) {
        appendQueryValue(selection)
    }

    /// Appends a selection, or NULL when it is nil.
    ///
    /// ```swift
    /// // SELECT * FROM player
    /// let selection: (any SQLSelectable)? = .allColumns
    /// let request: SQLRequest<Player> = "SELECT \(selection) FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter selection: A selection, or nil.
    public mutating func appendInterpolation(_ selection: (any SQLSelectable)?) {
        guard let selection else {
            elements.append(.sql("NULL", StatementArguments()))
            return
        }
        appendQueryValue(selection)
    }

    /// Appends an ordering term: `ORDER BY \(Column("name").desc)`.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY "name" DESC
    /// let request: SQLRequest<Player> = "SELECT * FROM player ORDER BY \(Column("name").desc)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#orderby>.
    ///
    /// - Parameter orderingTerm: An ordering term.
    public mutating func appendInterpolation(_ orderingTerm: some SQLOrderingTerm) {
        appendQueryValue(orderingTerm)
    }

    /// Appends an ordering term.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY "name" DESC
    /// let ordering: any SQLOrderingTerm = Column("name").desc
    /// let request: SQLRequest<Player> = "SELECT * FROM player ORDER BY \(ordering)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#orderby>.
    ///
    /// - Parameter orderingTerm: An ordering term.
    public mutating func appendInterpolation(_ orderingTerm: any SQLOrderingTerm) {
        appendQueryValue(orderingTerm)
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
    /// See <https://www.sqlite.org/lang_expr.html#subq>.
    ///
    /// - Parameter subquery: A request.
    public mutating func appendInterpolation(_ subquery: some SQLSubqueryable) {
        appendSubquery(subquery.sqlSubquery)
    }

    // MARK: - Sequences

    /// Appends a sequence of values or expressions, wrapped in parentheses:
    /// `IN \(ids)`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (?, ?, ?)
    /// let ids = [1, 2, 3]
    /// let request: SQLRequest<Player> = "SELECT * FROM player WHERE id IN \(ids)"
    /// ```
    ///
    /// An empty sequence renders an empty subquery, so that `IN` is always
    /// false, and `NOT IN` always true:
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE id IN (SELECT NULL WHERE NULL)
    /// let noIds: [Int] = []
    /// let request: SQLRequest<Player> = "SELECT * FROM player WHERE id IN \(noIds)"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators>.
    ///
    /// - Parameter sequence: Values or expressions.
    public mutating func appendInterpolation(_ sequence: some Sequence<some SQLExpressible>) {
        appendList(sequence.map(\.sqlExpression))
    }

    /// Appends a sequence of expressions, wrapped in parentheses.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE a IN ("b", "c" + ?)
    /// let expressions: [any SQLExpressible] = [Column("b"), Column("c") + 2]
    /// let request: SQLRequest<Player> = "SELECT * FROM player WHERE a IN \(expressions)"
    /// ```
    ///
    /// An empty sequence renders `(SELECT NULL WHERE NULL)`.
    ///
    /// See <https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators>.
    ///
    /// - Parameter sequence: Expressions.
    public mutating func appendInterpolation(_ sequence: some Sequence<any SQLExpressible>) {
        appendList(sequence.map(\.sqlExpression))
    }

    /// Appends a value that is also a sequence of values, such as `Data`,
    /// as one value: a blob is a single `?` argument, not a list of bytes.
    ///
    /// ```swift
    /// // SELECT * FROM document WHERE digest = ?
    /// let digest = Data([0xCA, 0xFE])
    /// let request: SQLRequest<Row> = "SELECT * FROM document WHERE digest = \(digest)"
    /// ```
    ///
    /// - Parameter expressible: A value.
    public mutating func appendInterpolation<S>(_ expressible: S) where S: SQLExpressible, S: Sequence, S.Element: SQLExpressible {
        appendExpression(expressible.sqlExpression)
    }

    // MARK: - Coding keys

    /// Appends the quoted column name of a coding key:
    /// `\(CodingKeys.score)`.
    ///
    /// ```swift
    /// // SELECT "name" FROM player
    /// let request: SQLRequest<String> = "SELECT \(CodingKeys.name) FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_keywords.html>.
    ///
    /// - Parameter key: A coding key.
    public mutating func appendInterpolation(_ key: some CodingKey) {
        elements.append(.sql(key.stringValue.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted column name of a coding key that is also an
    /// expression, such as the columns of a record.
    ///
    /// ```swift
    /// // SELECT "name" FROM player
    /// let request: SQLRequest<String> = "SELECT \(Player.Columns.name) FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_keywords.html>.
    ///
    /// - Parameter key: A coding key that is also an expression.
    public mutating func appendInterpolation(_ key: some SQLExpressible & SQLOrderingTerm & SQLSelectable & CodingKey) {
        elements.append(.sql(key.stringValue.quotedDatabaseIdentifier, StatementArguments()))
    }

    /// Appends the quoted column name of a coding key.
    ///
    /// ```swift
    /// // SELECT "name" FROM player
    /// let key: any CodingKey = CodingKeys.name
    /// let request: SQLRequest<String> = "SELECT \(key) FROM player"
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_keywords.html>.
    ///
    /// - Parameter key: A coding key.
    public mutating func appendInterpolation(_ key: any CodingKey) {
        elements.append(.sql(key.stringValue.quotedDatabaseIdentifier, StatementArguments()))
    }

    // MARK: - Collations

    /// Appends the name of a built-in collation: `COLLATE \(.nocase)`.
    ///
    /// ```swift
    /// // SELECT * FROM player ORDER BY email COLLATE NOCASE
    /// let request: SQLRequest<Player> = "SELECT * FROM player ORDER BY email COLLATE \(.nocase)"
    /// ```
    ///
    /// See <https://www.sqlite.org/datatype3.html#collation>.
    ///
    /// - Parameter collation: A collation name.
    public mutating func appendInterpolation(_ collation: Database.CollationName) {
        elements.append(.sql(collation.rawValue.databaseIdentifierToken, StatementArguments()))
    }

    // MARK: - Rendering

    /// Appends a value of the query interface according to what it is,
    /// whatever the overload Swift picked (a column, for example, is an
    /// expression, a selection and an ordering term): a request is its SQL,
    /// a value a `?` argument, an expression its parenthesized SQL, then a
    /// selection, then an ordering. An absent optional is NULL.
    mutating func appendQueryValue(_ value: Any) {
        if let subquery = value as? any SQLSubqueryable {
            appendSubquery(subquery.sqlSubquery)
        } else if let expressible = value as? any SQLExpressible {
            appendExpression(expressible.sqlExpression)
        } else if let selectable = value as? any SQLSelectable {
            appendSelection(selectable.sqlSelection)
        } else if let orderingTerm = value as? any SQLOrderingTerm {
            appendOrdering(orderingTerm.sqlOrdering)
        } else {
            elements.append(.sql("NULL", StatementArguments()))
        }
    }

    mutating func appendSubquery(_ subquery: SQLSubquery) {
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try subquery.sql(&context)
            arguments += context.arguments
            return sql
        })
    }

    /// Appends an expression: a value is a `?` argument, other expressions
    /// are rendered when the literal is built. A comparison is rendered as
    /// is (`"SELECT \(request > 0)"` is `SELECT (SELECT ...) > ?`); other
    /// composite expressions are parenthesized, so that the SQL around them
    /// keeps its meaning (`"\(a + b) * 2"` is `(a + b) * 2`).
    mutating func appendExpression(_ expression: SQLExpression) {
        if case let .value(value) = expression.impl {
            elements.append(.value(value))
            return
        }
        let wrapped = !expression.isComparison
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try expression.sql(&context, wrapped: wrapped)
            arguments += context.arguments
            return sql
        })
    }

    /// Appends `(a, b, c)`, or `(SELECT NULL WHERE NULL)` for an empty list.
    mutating func appendList(_ expressions: [SQLExpression]) {
        if expressions.isEmpty {
            elements.append(.sql("(SELECT NULL WHERE NULL)", StatementArguments()))
            return
        }
        var values: [DatabaseValue] = []
        values.reserveCapacity(expressions.count)
        for expression in expressions {
            guard case let .value(value) = expression.impl else {
                elements.append(.deferred { db, arguments in
                    var context = SQLGenerationContext(db: db)
                    let sql = try expressions.map { try $0.sql(&context) }.joined(separator: ", ")
                    arguments += context.arguments
                    return "(" + sql + ")"
                })
                return
            }
            values.append(value)
        }
        elements.append(.values(values))
    }

    mutating func appendSelection(_ selection: SQLSelection) {
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try selection.sql(&context)
            arguments += context.arguments
            return sql
        })
    }

    mutating func appendOrdering(_ ordering: SQLOrdering) {
        elements.append(.deferred { db, arguments in
            var context = SQLGenerationContext(db: db)
            let sql = try ordering.sql(&context)
            arguments += context.arguments
            return sql
        })
    }
}
