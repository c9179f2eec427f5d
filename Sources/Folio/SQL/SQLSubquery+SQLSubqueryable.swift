extension SQLSubquery: SQLSubqueryable {
    /// The subquery itself, so that a subquery is usable wherever a
    /// request is: as an expression, a selected value, or an ordering
    /// term.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE teamId IN (SELECT id FROM team)
    /// let subquery = Team.select(Column("id")).sqlSubquery
    /// let players = try Player.filter(subquery.contains(Column("teamId"))).fetchAll(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#subquery_expressions>.
    public var sqlSubquery: SQLSubquery {
        self
    }
}
