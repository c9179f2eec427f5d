// Aggregate functions with a FILTER clause, and the multi-argument scalar
// `MIN` and `MAX` functions.
// See <https://www.sqlite.org/lang_aggfunc.html#aggfilter> and
// <https://www.sqlite.org/lang_corefunc.html#max_scalar>.
//
// ```swift
// // SELECT SUM("score") FILTER (WHERE "isActive") FROM "player"
// Player.select { sum($0.score, filter: $0.isActive) }
//
// // SELECT MAX("score", "bonus") FROM "player"
// Player.select { max($0.score, $0.bonus) }
// ```

/// The `SUM` SQL aggregate function, restricted to the rows that match a
/// condition.
///
/// ```swift
/// // SUM("score") FILTER (WHERE "score" > 0)
/// let positiveScore = Column("score")
/// sum(positiveScore, filter: positiveScore > 0)
/// ```
///
/// Like `SUM`, the result is NULL when no row matches.
///
/// - Parameters:
///   - value: The summed expression.
///   - filter: The condition of the rows that are summed.
/// - Returns: A `SUM(...) FILTER (WHERE ...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#sumunc> and
///   <https://www.sqlite.org/lang_aggfunc.html#aggfilter>.
public func sum(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.filteredAggregate("SUM", value.sqlExpression, filter: filter.sqlExpression)
}

/// The `TOTAL` SQL aggregate function, restricted to the rows that match a
/// condition.
///
/// ```swift
/// // TOTAL("score") FILTER (WHERE "score" > 0)
/// let score = Column("score")
/// total(score, filter: score > 0)
/// ```
///
/// Like `TOTAL`, the result is 0.0 when no row matches.
///
/// - Parameters:
///   - value: The summed expression.
///   - filter: The condition of the rows that are summed.
/// - Returns: A `TOTAL(...) FILTER (WHERE ...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#sumunc> and
///   <https://www.sqlite.org/lang_aggfunc.html#aggfilter>.
public func total(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.filteredAggregate("TOTAL", value.sqlExpression, filter: filter.sqlExpression)
}

/// The `AVG` SQL aggregate function, restricted to the rows that match a
/// condition.
///
/// ```swift
/// // AVG("score") FILTER (WHERE "isActive")
/// average(Column("score"), filter: Column("isActive"))
/// ```
///
/// - Parameters:
///   - value: The averaged expression.
///   - filter: The condition of the rows that are averaged.
/// - Returns: An `AVG(...) FILTER (WHERE ...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#avg> and
///   <https://www.sqlite.org/lang_aggfunc.html#aggfilter>.
public func average(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.filteredAggregate("AVG", value.sqlExpression, filter: filter.sqlExpression)
}

/// The `MIN` SQL aggregate function, restricted to the rows that match a
/// condition.
///
/// ```swift
/// // MIN("score") FILTER (WHERE "isActive")
/// min(Column("score"), filter: Column("isActive"))
/// ```
///
/// - Parameters:
///   - value: An expression.
///   - filter: The condition of the rows that are considered.
/// - Returns: A `MIN(...) FILTER (WHERE ...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#min_agg> and
///   <https://www.sqlite.org/lang_aggfunc.html#aggfilter>.
public func min(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.filteredAggregate("MIN", value.sqlExpression, filter: filter.sqlExpression)
}

/// The `MAX` SQL aggregate function, restricted to the rows that match a
/// condition.
///
/// ```swift
/// // MAX("score") FILTER (WHERE "isActive")
/// max(Column("score"), filter: Column("isActive"))
/// ```
///
/// - Parameters:
///   - value: An expression.
///   - filter: The condition of the rows that are considered.
/// - Returns: A `MAX(...) FILTER (WHERE ...)` expression. See
///   <https://www.sqlite.org/lang_aggfunc.html#max_agg> and
///   <https://www.sqlite.org/lang_aggfunc.html#aggfilter>.
public func max(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression.filteredAggregate("MAX", value.sqlExpression, filter: filter.sqlExpression)
}

/// The `MIN` SQL scalar function: the smallest of its arguments.
///
/// ```swift
/// // MIN("score", "bonus", ?)
/// min(Column("score"), Column("bonus"), 1000)
/// ```
///
/// With one argument, ``min(_:)`` is the aggregate function.
///
/// - Parameters:
///   - value1: An expression.
///   - value2: A value or an expression.
///   - values: Other values or expressions.
/// - Returns: A `MIN(...)` expression. See
///   <https://www.sqlite.org/lang_corefunc.html#min_scalar>.
public func min(
    _ value1: any SQLSpecificExpressible,
    _ value2: any SQLExpressible,
    _ values: any SQLExpressible...) -> SQLExpression
{
    let arguments = [value1.sqlExpression, value2.sqlExpression] + values.map(\.sqlExpression)
    return SQLExpression(.function("MIN", arguments, distinct: false))
}

/// The `MAX` SQL scalar function: the largest of its arguments.
///
/// ```swift
/// // MAX("score", "bonus", ?)
/// max(Column("score"), Column("bonus"), 0)
/// ```
///
/// With one argument, ``max(_:)`` is the aggregate function.
///
/// - Parameters:
///   - value1: An expression.
///   - value2: A value or an expression.
///   - values: Other values or expressions.
/// - Returns: A `MAX(...)` expression. See
///   <https://www.sqlite.org/lang_corefunc.html#max_scalar>.
public func max(
    _ value1: any SQLSpecificExpressible,
    _ value2: any SQLExpressible,
    _ values: any SQLExpressible...) -> SQLExpression
{
    let arguments = [value1.sqlExpression, value2.sqlExpression] + values.map(\.sqlExpression)
    return SQLExpression(.function("MAX", arguments, distinct: false))
}

extension SQLExpression {
    /// `NAME(value) FILTER (WHERE filter)`
    static func filteredAggregate(_ name: String, _ value: SQLExpression, filter: SQLExpression) -> SQLExpression {
        SQLExpression(.aggregateFilter(SQLExpression(.function(name, [value], distinct: false)), filter))
    }
}
