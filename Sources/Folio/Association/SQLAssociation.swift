/// The model of an association: the steps from the origin table to the
/// destination table (one step, or several through pivot tables).
///
/// An implementation detail of associations, with no public member.
public struct SQLAssociation: Sendable {
    /// The steps, from the origin to the destination. Never empty.
    var steps: [SQLAssociationStep]

    init(steps: [SQLAssociationStep]) {
        checkProgrammerError(!steps.isEmpty, "an association has at least one step")
        self.steps = steps
    }

    /// The last step.
    var destination: SQLAssociationStep {
        get { steps[steps.count - 1] }
        set { steps[steps.count - 1] = newValue }
    }

    /// Whether each origin row has at most one destination row.
    var isToOne: Bool {
        steps.allSatisfy(\.isToOne)
    }

    /// The association key, singular for to-one associations, plural for
    /// to-many associations.
    var keyName: String {
        destination.key.name(isToOne: isToOne)
    }

    /// Returns the association with another key.
    func forKey(_ key: String) -> SQLAssociation {
        var association = self
        association.destination.key = .fixed(key)
        return association
    }

    /// Returns the association with a transformed destination relation.
    func mapDestinationRelation(_ transform: (SQLRelation) -> SQLRelation) -> SQLAssociation {
        var association = self
        association.destination.relation = transform(association.destination.relation)
        return association
    }

    /// Returns the association that goes through this one, then through
    /// `target`.
    func appending(_ target: SQLAssociation) -> SQLAssociation {
        var steps = self.steps
        // Pivots are not decoded: give them keys that do not clash with the
        // keys the user may choose.
        for index in steps.indices {
            steps[index].key = .fixed("grdb_through_" + steps[index].key.name(isToOne: steps[index].isToOne))
        }
        return SQLAssociation(steps: steps + target.steps)
    }

    /// Adds the association to a relation.
    ///
    /// - Parameters:
    ///   - relation: The origin relation.
    ///   - kind: `.required`, `.optional` (joins), or `.all` (prefetch).
    ///   - isSelected: Whether the destination columns are selected
    ///     (`including`) or not (`joining`).
    func apply(to relation: SQLRelation, kind: SQLRelationChild.Kind, isSelected: Bool) -> SQLRelation {
        if kind == .all {
            let child = SQLRelationChild(
                kind: .all,
                isSelected: true,
                condition: steps[0].condition,
                relation: destination.relation,
                isToOne: false,
                prefetchSteps: steps)
            return relation.adding(child, forKey: keyName)
        }
        // Nest the steps: origin → pivot → ... → destination. Only the
        // destination is selected; its scope bubbles up to the origin.
        var child: (key: String, child: SQLRelationChild)?
        for index in steps.indices.reversed() {
            let step = steps[index]
            var stepRelation = step.relation
            if let inner = child {
                stepRelation = stepRelation.adding(inner.child, forKey: inner.key)
            }
            let isDestination = index == steps.count - 1
            let key = isDestination ? keyName : step.key.name(isToOne: step.isToOne)
            child = (key, SQLRelationChild(
                kind: kind,
                isSelected: isDestination && isSelected,
                condition: step.condition,
                relation: stepRelation,
                isToOne: step.isToOne))
        }
        return relation.adding(child!.child, forKey: child!.key)
    }
}
