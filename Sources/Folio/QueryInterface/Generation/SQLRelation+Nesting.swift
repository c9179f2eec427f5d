// How deep relations nest: associations joined or included inside each
// other, and common table expressions embedded in the requests of others.
// A chain of 200,000 of them must be built, used and freed without
// exhausting the stack, while every walk over a relation (SQL generation,
// layouts, regions, connected derivations) recurses once per level.
//
// So a relation never holds a chain deeper than `maximumNesting`: the
// relation that would nest deeper keeps the chain out, and is marked
// instead. A marked relation, and every relation it ends up in, has
// connected derivations (`hasConnectedDerivations`), which every use of a
// relation resolves first (`resolved(_:)`): there it throws a
// `DatabaseError` that says so. SQLite joins 64 tables at most, and its
// parser nests about a hundred subqueries, so such a request could not run
// anyway.

extension SQLRelation {
    /// The deepest chain of associations and common table expressions a
    /// relation holds.
    static let maximumNesting = 100

    /// The error of a relation nested deeper than ``maximumNesting``.
    static var nestingError: DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_ERROR,
            message: "associations, or common table expressions, are nested more than \(maximumNesting) levels deep")
    }

    /// How deep the relation nests, after a child or a common table
    /// expression whose relation nests `depth` levels was added to it.
    mutating func noteNesting(ofNestedRelation depth: Int, isTooDeep: Bool) {
        nestingDepth = max(nestingDepth, depth + 1)
        isNestedTooDeep = isNestedTooDeep || isTooDeep
    }

    /// How deep the relations of a child nest: its relation, or the
    /// relations of its prefetch steps.
    static func nesting(of child: SQLRelationChild) -> (depth: Int, isTooDeep: Bool) {
        if child.kind == .all {
            var depth = 0
            var isTooDeep = false
            for step in child.prefetchSteps {
                depth = max(depth, step.relation.nestingDepth)
                isTooDeep = isTooDeep || step.relation.isNestedTooDeep
            }
            return (depth, isTooDeep)
        }
        return (child.relation.nestingDepth, child.relation.isNestedTooDeep)
    }

    /// How deep the relation of a common table expression's request nests
    /// (zero for raw SQL).
    static func nesting(of definition: SQLCommonTableExpressionDefinition) -> (depth: Int, isTooDeep: Bool) {
        guard case let .query(query) = definition.request.impl, let query = query as? SQLQuery else {
            return (0, false)
        }
        return (query.relation.nestingDepth, query.relation.isNestedTooDeep)
    }
}
