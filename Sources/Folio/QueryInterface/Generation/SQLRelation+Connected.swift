// Connected derivations of relations: `filterWhenConnected`,
// `orderWhenConnected`, `selectWhenConnected` and
// `annotatedWhenConnected`, whose closures need a database connection.
//
// A relation stores them in `connectedDerivations`, and they run when a
// request is prepared (`resolved(_:)`), each time it is. Once a relation
// has one, the derivations that follow on that relation wait as well, so
// that all of them apply in the order of the calls: `reversed()` after
// `orderWhenConnected` reverses the connected ordering. Associated
// relations (joins and prefetches) keep their own lists, and are resolved
// with their parent.
//
// Relations without connected derivations pay one emptiness check per
// derivation, and one walk of the relation tree when a request is
// prepared.

extension SQLRelation {
    /// A derivation that waits for a database connection.
    struct ConnectedDerivation: Sendable {
        /// Whether the derivation only adds a filter. Filters commute with
        /// every other derivation: the merge of two uses of an association
        /// key keeps the connected filters of both.
        var isFilter: Bool

        /// Returns the derived relation.
        var apply: @Sendable (SQLRelation, Database) throws -> SQLRelation
    }

    /// Whether derivations must wait until the relation is resolved,
    /// because a connected derivation precedes them.
    var defersDerivations: Bool {
        !connectedDerivations.isEmpty
    }

    /// Returns the relation with a derivation that runs when it is
    /// resolved.
    func deriving(
        isFilter: Bool = false,
        _ apply: @escaping @Sendable (SQLRelation, Database) throws -> SQLRelation) -> SQLRelation
    {
        var relation = self
        relation.connectedDerivations.append(ConnectedDerivation(isFilter: isFilter, apply: apply))
        return relation
    }

    /// Returns the relation filtered by the predicate that the closure
    /// returns when the relation is resolved.
    func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> SQLExpression) -> SQLRelation {
        deriving(isFilter: true) { relation, db in relation.filter(try predicate(db)) }
    }

    /// Returns the relation sorted by the orderings that the closure
    /// returns when the relation is resolved.
    func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [SQLOrdering]) -> SQLRelation {
        deriving { relation, db in relation.order(try orderings(db)) }
    }

    /// Returns the relation that selects what the closure returns when the
    /// relation is resolved.
    func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [SQLSelection]) -> SQLRelation {
        deriving { relation, db in relation.select(try selection(db)) }
    }

    /// Returns the relation that also selects what the closure returns
    /// when the relation is resolved.
    func annotatedWhenConnected(with selection: @escaping @Sendable (Database) throws -> [SQLSelection]) -> SQLRelation {
        deriving { relation, db in relation.annotated(with: try selection(db)) }
    }

    /// Whether the relation or one of its associated relations has
    /// connected derivations.
    var hasConnectedDerivations: Bool {
        // A relation nested too deep throws when it is resolved.
        if !connectedDerivations.isEmpty || isNestedTooDeep { return true }
        return children.contains { _, child in
            if child.kind == .all {
                // Prefetches run the relations of their steps.
                return child.prefetchSteps.contains { $0.relation.hasConnectedDerivations }
            }
            return child.relation.hasConnectedDerivations
        }
    }

    /// Returns the relation with all connected derivations applied, its
    /// associated relations included.
    ///
    /// - Throws: The error of a closure given to a `…WhenConnected`
    ///   method.
    func resolved(_ db: Database) throws -> SQLRelation {
        if isNestedTooDeep { throw SQLRelation.nestingError }
        guard hasConnectedDerivations else { return self }
        var relation = self
        if !connectedDerivations.isEmpty {
            relation.connectedDerivations = []
            for derivation in connectedDerivations {
                relation = try derivation.apply(relation, db)
            }
        }
        for index in relation.children.indices {
            var child = relation.children[index].child
            if child.kind == .all {
                // Prefetches read the relations of their steps only.
                for stepIndex in child.prefetchSteps.indices {
                    child.prefetchSteps[stepIndex].relation = try child.prefetchSteps[stepIndex].relation.resolved(db)
                }
            } else {
                child.relation = try child.relation.resolved(db)
            }
            relation.children[index].child = child
        }
        return relation
    }
}
