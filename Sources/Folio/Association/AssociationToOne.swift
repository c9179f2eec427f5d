/// An association to at most one record: ``BelongsToAssociation``,
/// ``HasOneAssociation``, ``HasOneThroughAssociation``.
public protocol AssociationToOne: Association { }
