/// The columns of a record type, as seen by the closures of the query
/// interface: `$0.name` is the column named "name".
///
/// ```swift
/// // SELECT * FROM player WHERE name = 'Arthur' ORDER BY score DESC
/// Player.filter { $0.name == "Arthur" }.order { $0.score.desc }
/// Player.order(\.score.desc)
/// ```
///
/// Member names are column names. When a column is not named like the
/// property that stores it (`full_name` for `fullName`), write
/// `$0.full_name` or use the record's `Columns` enum
/// (`Player.Columns.fullName`).
@dynamicMemberLookup
public struct DatabaseComponents<RowDecoder>: Sendable {
    init() { }

    /// The column with this name.
    public subscript(dynamicMember columnName: String) -> Column {
        Column(columnName)
    }
}
