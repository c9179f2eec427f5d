/// A type that can be selected: columns, expressions, `.allColumns`.
///
/// ```swift
/// // SELECT name, score FROM player
/// Player.select(Column("name"), Column("score"))
///
/// // SELECT *, rowid FROM player
/// static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
/// ```
public protocol SQLSelectable: Sendable {
    /// The selection.
    var sqlSelection: SQLSelection { get }
}
