extension AdaptedFetchRequest {
    /// The subquery of the base request: an adapter changes how rows are
    /// read, not the SQL.
    ///
    /// ```swift
    /// let teamIds = SQLRequest<Int>(sql: "SELECT id FROM team").adapted { _ in EmptyRowAdapter() }
    /// // SELECT * FROM player WHERE teamId IN (SELECT id FROM team)
    /// let players = try Player.filter { teamIds.contains($0.teamId) }.fetchAll(db)
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#subquery_expressions>.
    public var sqlSubquery: SQLSubquery {
        base.sqlSubquery
    }
}
