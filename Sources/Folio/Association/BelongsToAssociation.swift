/// The **BelongsTo** association: each record of the origin table refers to one record of the destination table, through a foreign key in the origin table.
///
/// ```swift
/// extension Book {
///     static let author = belongsTo(Author.self)
/// }
/// ```
public struct BelongsToAssociation<Origin, Destination>: AssociationToOne, Sendable {
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
