/// A named part of a row, with its own columns and nested scopes: the
/// associated record of a joined request, or a scope of a ``ScopeAdapter``.
struct RowScope: Sendable {
    /// The name of the scope (the association key).
    var key: String

    /// The columns of the scope, among the columns of the statement.
    var layout: RowLayout
}
