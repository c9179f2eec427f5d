// The GROUP BY, HAVING and DISTINCT clauses of associations.
//
// These clauses of a query interface request belong to its query
// (`SQLQuery.groupExpressions`...). An association has no query of its
// own: its destination relation keeps them, and the query that fetches the
// association's rows on their own adopts them: the prefetch query of
// `including(all:)`, which also groups by the key of the parent rows so
// that each parent gets its own groups (DISTINCT is per parent already:
// the prefetch query selects the key of the parent rows), and the request
// of `request(for:)`. Joins (`including(required:)`,
// `joining(optional:)`...) and association aggregates can not honor them,
// and fail with an error that says so.

extension SQLRelation {
    /// Whether the relation has a GROUP BY, HAVING or DISTINCT clause,
    /// that only a query of its own can honor.
    var needsOwnQuery: Bool {
        grouping != nil || !havingExpressions.isEmpty || isDistinct
    }

    /// Returns the relation with the DISTINCT clause.
    func distinct() -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.distinct() } }
        var relation = self
        relation.isDistinct = true
        return relation
    }

    /// Returns the relation grouped by the expressions. The previous
    /// grouping is replaced.
    func grouped(by expressions: [SQLExpression]) -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.grouped(by: expressions) } }
        var relation = self
        relation.grouping = expressions.map { $0.qualified(with: alias) }
        return relation
    }

    /// Returns the relation with a HAVING condition, after the current
    /// ones.
    func having(_ predicate: SQLExpression) -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.having(predicate) } }
        var relation = self
        relation.havingExpressions.append(predicate.qualified(with: alias))
        return relation
    }

    /// Returns the relation grouped by the expressions that the closure
    /// returns when the relation is resolved.
    func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [SQLExpression]) -> SQLRelation {
        deriving { relation, db in relation.grouped(by: try expressions(db)) }
    }

    /// Returns the relation with the HAVING condition that the closure
    /// returns when the relation is resolved.
    func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> SQLExpression) -> SQLRelation {
        deriving { relation, db in relation.having(try predicate(db)) }
    }

    /// The error of a grouped or distinct association that is joined, or
    /// aggregated.
    static func ownQueryAssociationError(_ tableName: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "an association to \(tableName) refined with group, having or distinct can only be used with "
                + "including(all:) or request(for:), not in joins or association aggregates")
    }
}

extension SQLQuery {
    /// Moves the GROUP BY, HAVING and DISTINCT clauses of the relation to
    /// the query: the relation is the destination of an association whose
    /// rows the query fetches on their own.
    mutating func adoptRelationGrouping() {
        guard relation.needsOwnQuery else { return }
        if let grouping = relation.grouping {
            groupExpressions = grouping
        }
        havingExpressions += relation.havingExpressions
        isDistinct = isDistinct || relation.isDistinct
        relation.grouping = nil
        relation.havingExpressions = []
        relation.isDistinct = false
    }
}
