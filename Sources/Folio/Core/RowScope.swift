/// A named range of columns, with its own nested scopes.
struct RowScope: Sendable {
    var key: String
    var offset: Int
    var layout: RowLayout
}
