/// An association to any number of records: ``HasManyAssociation``,
/// ``HasManyThroughAssociation``. They feed `including(all:)` and
/// association aggregates (`Author.books.count`).
public protocol AssociationToMany: Association { }
