/// The **HasManyThrough** association: a to-many association that goes through a pivot association.
///
/// ```swift
/// extension Country {
///     static let passports = hasMany(Passport.self)
///     static let citizens = hasMany(Citizen.self, through: passports, using: Passport.citizen)
/// }
/// ```
public struct HasManyThroughAssociation<Origin, Destination>: AssociationToMany, Sendable {
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
