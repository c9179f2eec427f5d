extension AdaptedFetchRequest: SQLSubqueryable where Base: SQLSubqueryable {
    /// The subquery of the base request: an adapter changes how rows are
    /// read, not the SQL.
    ///
    /// ```swift
    /// let teamIds = SQLRequest<Int>(sql: "SELECT id FROM team").adapted { _ in EmptyRowAdapter() }
    /// // SELECT * FROM player WHERE teamId IN (SELECT id FROM team)
    /// let players = try Player.filter { teamIds.contains($0.teamId) }.fetchAll(db)
    /// ```
    public var sqlSubquery: SQLSubquery {
        base.sqlSubquery
    }
}

// The protocols that SQLSubqueryable refines, under the same condition: an
// adapted request is usable wherever its base request is, as an expression,
// a selected value, or an ordering term.

extension AdaptedFetchRequest: SQLExpressible where Base: SQLSubqueryable { }

extension AdaptedFetchRequest: SQLSelectable where Base: SQLSubqueryable { }

extension AdaptedFetchRequest: SQLOrderingTerm where Base: SQLSubqueryable { }

extension AdaptedFetchRequest: SQLSpecificExpressible where Base: SQLSubqueryable { }
