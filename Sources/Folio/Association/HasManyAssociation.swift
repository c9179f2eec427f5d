/// The **HasMany** association: each record of the origin table is referred to by any number of records of the destination table, through a foreign key in the destination table.
///
/// ```swift
/// extension Author {
///     static let books = hasMany(Book.self)
/// }
/// ```
public struct HasManyAssociation<Origin, Destination>: AssociationToMany, Sendable {
    /// The origin record type.
    public typealias OriginRowDecoder = Origin

    /// The destination record type.
    public typealias RowDecoder = Destination

    /// The model of the association.
    public var _sqlAssociation: _SQLAssociation

    /// Creates an association from its model.
    public init(_sqlAssociation: _SQLAssociation) {
        self._sqlAssociation = _sqlAssociation
    }
}
