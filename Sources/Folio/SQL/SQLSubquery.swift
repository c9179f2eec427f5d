/// A subquery, used in expressions: `IN (SELECT ...)`, `EXISTS (SELECT ...)`.
public struct SQLSubquery: Sendable {
    /// A query that renders its own SQL: the query interface's requests
    /// (see `QueryInterfaceRequest.sqlSubquery`), which this layer does
    /// not know.
    protocol Query: Sendable {
        /// Renders the query, which may refer to the aliases of the
        /// enclosing query.
        func sql(_ context: inout SQLGenerationContext) throws -> String
    }

    enum Impl: Sendable {
        case literal(SQL)
        case query(any Query)
    }

    let impl: Impl

    /// Renders the subquery, which may refer to the aliases of the
    /// enclosing query.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        switch impl {
        case .literal(let literal):
            let (sql, arguments) = try literal.build(context.db)
            context.arguments += arguments
            return sql
        case .query(let query):
            return try query.sql(&context)
        }
    }
}

/// A type that can be used as a subquery: query interface requests and
/// SQL requests.
///
/// ```swift
/// // SELECT * FROM player WHERE teamId IN (SELECT id FROM team WHERE color = 'red')
/// let redTeamIds = Team.filter { $0.color == "red" }.select(\.id)
/// let players = Player.filter { redTeamIds.contains($0.teamId) }
/// ```
public protocol SQLSubqueryable: SQLSpecificExpressible {
    /// The subquery.
    var sqlSubquery: SQLSubquery { get }
}

extension SQLSubqueryable {
    /// The subquery as a value: `(SELECT ...)`.
    public var sqlExpression: SQLExpression {
        SQLExpression(.subquery(sqlSubquery))
    }

    /// An expression that tests whether the subquery returns a row:
    /// `EXISTS (SELECT ...)`.
    ///
    /// - Returns: An `EXISTS` expression.
    public func exists() -> SQLExpression {
        SQLExpression(.exists(sqlSubquery, negated: false))
    }

    /// An expression that tests whether a value is returned by the
    /// subquery: `value IN (SELECT ...)`.
    ///
    /// - Parameter element: A value.
    /// - Returns: An `IN` expression.
    public func contains(_ element: some SQLExpressible) -> SQLExpression {
        SQLExpression(.inSubquery(element.sqlExpression, sqlSubquery, negated: false))
    }
}

extension SQLRequest: SQLSubqueryable {
    /// The request as a subquery.
    public var sqlSubquery: SQLSubquery {
        SQLSubquery(impl: .literal(sqlLiteral))
    }
}
