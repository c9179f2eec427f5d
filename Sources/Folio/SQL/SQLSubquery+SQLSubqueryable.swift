extension SQLSubquery: SQLSubqueryable {
    /// Returns self: a subquery is usable wherever a request is, as an
    /// expression (`(SELECT ...)`), a selection, an ordering term, or in
    /// `IN` and `EXISTS`.
    ///
    /// ```swift
    /// // SELECT * FROM player WHERE score = (SELECT MAX("score") FROM "player")
    /// let subquery = Player.select { max($0.score) }.sqlSubquery
    /// let request = Player.filter { $0.score == subquery }
    /// ```
    ///
    /// See <https://www.sqlite.org/lang_expr.html#subq>.
    public var sqlSubquery: SQLSubquery { self }
}
