// The common table expressions that requests and associations embed with
// `with(_:)`. Each relation keeps its own; the WITH clause of a query
// gathers those of its relation and of the relations joined to it, so that
// an association brings its common table expressions to the requests that
// join or include it.

extension SQLRelation {
    /// Returns the relation with a common table expression, which replaces
    /// the one of the same name, if any.
    func with<T>(_ cte: CommonTableExpression<T>) -> SQLRelation {
        var relation = self
        let nesting = SQLRelation.nesting(of: cte.definition)
        if nesting.depth >= SQLRelation.maximumNesting {
            // Too deep to be walked: see SQLRelation+Nesting.swift.
            relation.isNestedTooDeep = true
            return relation
        }
        relation.commonTableExpressions.removeAll { $0.name.isSameDatabaseName(as: cte.tableName) }
        relation.commonTableExpressions.append((cte.tableName, cte.definition))
        relation.noteNesting(ofNestedRelation: nesting.depth, isTooDeep: nesting.isTooDeep)
        return relation
    }

    /// The common table expressions of the relation, then those of its
    /// joined relations, depth first. A name is defined once: the
    /// relation closest to the root wins, so that a request can replace
    /// the common table expression that an association embeds.
    /// Prefetched relations (`including(all:)`) are left out: their rows
    /// are fetched by queries of their own.
    var allCommonTableExpressions: [SQLCommonTableExpression] {
        var result = commonTableExpressions
        func visit(_ relation: SQLRelation) {
            for (_, child) in relation.children where child.kind != .all {
                for cte in child.relation.commonTableExpressions
                where !result.contains(where: { $0.name.isSameDatabaseName(as: cte.name) }) {
                    result.append(cte)
                }
                visit(child.relation)
            }
        }
        visit(self)
        return result
    }

    /// The relation without any common table expression, nor in its
    /// joined relations: the subquery of a DELETE or UPDATE statement,
    /// whose WITH clause defines them.
    func removingCommonTableExpressions() -> SQLRelation {
        var relation = self
        relation.commonTableExpressions = []
        for index in relation.children.indices {
            relation.children[index].child.relation = relation.children[index].child.relation.removingCommonTableExpressions()
        }
        return relation
    }
}
