/// The model of an association: the steps from the origin table to the
/// destination table (one step, or several through pivot tables).
///
/// An implementation detail of associations, with no public member.
public struct _SQLAssociation: Refinable, Sendable {
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

    /// The association key of `including(all:)`: singular for to-one
    /// associations, plural for to-many associations.
    var keyName: String {
        destination.key.name(isToOne: isToOne)
    }

    /// The association key in joins, where each row has at most one
    /// associated row: singular (`"book"` for `Author.books`), except for
    /// a key given to a to-one association, used as is.
    var joinKeyName: String {
        destination.key.joinName(isToOne: isToOne)
    }

    /// Returns the association with another key.
    func forKey(_ key: String) -> _SQLAssociation {
        var association = self
        association.destination.key = .fixed(key)
        return association
    }

    /// Returns the association with a transformed destination relation.
    func mapDestinationRelation(_ transform: (SQLRelation) -> SQLRelation) -> _SQLAssociation {
        var association = self
        association.destination.relation = transform(association.destination.relation)
        return association
    }

    /// Returns the association that goes through this one, then through
    /// `target`.
    func appending(_ target: _SQLAssociation) -> _SQLAssociation {
        var steps = self.steps
        // The pivot is joined under its own key, in its join form
        // (`"passport"` for `Country.passports`): rows of joined requests
        // show it as a scope, with the destination nested in it. The
        // pivots of the pivot got theirs when it was built.
        steps[steps.count - 1].key = .fixed(joinKeyName)
        return _SQLAssociation(steps: steps + target.steps)
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
        // destination is selected; the pivots are joined, and their scopes
        // hold the scope of the destination when it is included. Keys are
        // in their join form (`including(required: Author.books)` has the
        // key "book"); pivot keys are already in that form.
        var child: (key: String, child: SQLRelationChild)?
        for index in steps.indices.reversed() {
            let step = steps[index]
            var stepRelation = step.relation
            if let inner = child {
                stepRelation = stepRelation.adding(inner.child, forKey: inner.key)
            }
            let isDestination = index == steps.count - 1
            let key = isDestination ? joinKeyName : step.key.name(isToOne: true)
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
