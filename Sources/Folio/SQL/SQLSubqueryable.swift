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
