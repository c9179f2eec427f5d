// GROUP BY and HAVING clauses written as SQL literals.

extension AggregatingRequest {
    /// Returns an aggregate request grouped on an ``SQL`` literal. Any
    /// previous grouping is discarded.
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId
    /// let request = Player
    ///     .select(Column("teamId"), max(Column("score")))
    ///     .group(literal: "teamId")
    /// ```
    ///
    /// The literal can embed values and expressions with SQL
    /// interpolation: `group(literal: "\(Column("teamId"))")`.
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func group(literal sqlLiteral: SQL) -> Self {
        group([sqlLiteral])
    }

    /// Returns a request whose aggregated groups are filtered by an
    /// ``SQL`` literal, in addition to the current HAVING conditions (they
    /// are joined with AND).
    ///
    /// ```swift
    /// // SELECT teamId, MAX(score) FROM player GROUP BY teamId HAVING MAX(score) > 1000
    /// let minimum = 1000
    /// let request = Player
    ///     .select(Column("teamId"), max(Column("score")))
    ///     .group(Column("teamId"))
    ///     .having(literal: "MAX(score) > \(minimum)")
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_select.html#resultset>.
    ///
    /// - Parameter sqlLiteral: An SQL literal.
    /// - Returns: A request.
    public func having(literal sqlLiteral: SQL) -> Self {
        having(sqlLiteral)
    }
}
