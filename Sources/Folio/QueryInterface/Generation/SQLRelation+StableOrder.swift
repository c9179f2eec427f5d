extension SQLRelation {
    /// The relation sorted by its ordering, then by the stable order of its
    /// table (primary key, or all the columns of a view), as well as its
    /// joined and prefetched associations. Applying it twice does not
    /// repeat the stable order.
    func withStableOrder() -> SQLRelation {
        var relation = self
        if !(relation.effectiveOrdering.last?.isStableOrder ?? false) {
            let table: String?
            switch source {
            case .table(let name): table = name
            case .commonTableExpression: table = nil
            }
            relation = relation.thenOrder([SQLOrdering(impl: .stable(table: table, alias: nil, isDescending: false))])
        }
        for index in relation.children.indices {
            relation.children[index].child.relation = relation.children[index].child.relation.withStableOrder()
            relation.children[index].child.prefetchSteps = relation.children[index].child.prefetchSteps.map(\.withStableOrder)
        }
        return relation
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
