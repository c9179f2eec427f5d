extension SQLRelation {
    /// The relation sorted by its ordering, then by the stable order of its
    /// table (primary key, or all the columns of a view), as well as its
    /// joined and prefetched associations. Applying it twice does not
    /// repeat the stable order.
    func withStableOrder() -> SQLRelation {
        var relation = withOwnStableOrder()
        for index in relation.children.indices {
            relation.children[index].child.relation = relation.children[index].child.relation.withStableOrder()
            relation.children[index].child.prefetchSteps = relation.children[index].child.prefetchSteps.map(\.withStableOrder)
        }
        return relation
    }

    /// The relation sorted by its ordering, then by the stable order of
    /// its table (its associated relations are not sorted further).
    private func withOwnStableOrder() -> SQLRelation {
        // After a connected ordering, the current ordering is only known
        // when the relation is resolved.
        if defersDerivations { return deriving { relation, _ in relation.withOwnStableOrder() } }
        guard !(effectiveOrdering.last?.isStableOrder ?? false) else { return self }
        let table: String?
        switch source {
        case .table(let name): table = name
        case .commonTableExpression: table = nil
        }
        return thenOrder([SQLOrdering(impl: .stable(table: table, alias: nil, isDescending: false))])
    }
}

extension SQLAssociationStep {
    /// The step with its relation in a stable order.
    var withStableOrder: SQLAssociationStep {
        var step = self
        step.relation = relation.withStableOrder()
        return step
    }
}
