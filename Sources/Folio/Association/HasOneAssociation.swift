/// The **HasOne** association: each record of the origin table is referred to by at most one record of the destination table, through a foreign key in the destination table.
///
/// ```swift
/// extension Country {
///     static let demographics = hasOne(Demographics.self)
/// }
/// ```
public struct HasOneAssociation<Origin, Destination>: AssociationToOne, Sendable {
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
