/// How the columns of a statement split into a base row and named scopes.
/// Offsets are absolute column indexes in the statement.
struct RowLayout: Sendable {
    /// The number of columns of the base row.
    var baseCount: Int
    /// The associated rows, by association key.
    var scopes: [RowScope] = []
    /// Whether rows with this layout receive prefetched rows.
    var hasPrefetches = false
}
