/// A request that can join and include associated records.
///
/// The association methods (`including(required:)`, `joining(optional:)`,
/// `including(all:)`...) are defined on this protocol by the association
/// layer.
public protocol JoinableRequest<RowDecoder>: TypedRequest {
    /// The type of fetched values.
    associatedtype RowDecoder

    /// The relation of the request, for the association layer.
    var _relation: SQLRelation { get }

    /// Returns the request with another relation.
    func _withRelation(_ relation: SQLRelation) -> Self
}
