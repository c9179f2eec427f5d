/// The **HasOneThrough** association: a to-one association that goes through a to-one pivot association.
///
/// ```swift
/// extension Book {
///     static let library = belongsTo(Library.self)
///     static let returnAddress = hasOne(Address.self, through: library, using: Library.address)
/// }
/// ```
public struct HasOneThroughAssociation<Origin, Destination>: AssociationToOne, Sendable {
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
