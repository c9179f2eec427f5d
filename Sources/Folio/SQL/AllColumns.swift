/// All columns of a table: `*`.
///
/// ```swift
/// static var databaseSelection: [any SQLSelectable] { [AllColumns(), Column.rowID] }
/// ```
public struct AllColumns: SQLSelectable, Sendable {
    /// Creates the `*` selection.
    public init() { }

    /// `*`.
    public var sqlSelection: SQLSelection { .allColumns }
}
