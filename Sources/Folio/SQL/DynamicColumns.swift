/// The columns of a record type that declares no `Columns` type: any member
/// name is a column.
///
/// A ``TableRecord`` type gives the closures of the query interface its
/// ``TableRecord/databaseComponents``, by default its `Columns` type.
/// When the record declares no `Columns` type, `Columns` is
/// `DynamicColumns`, and `$0.score` is `Column("score")`:
///
/// ```swift
/// struct Player: TableRecord { }
///
/// // SELECT * FROM player WHERE score > 1000 ORDER BY name
/// Player.filter { $0.score > 1000 }.order(\.name)
/// ```
///
/// The column names are then checked by SQLite, not by the compiler. A
/// record that declares its columns gets them checked, and renamed columns
/// right:
///
/// ```swift
/// struct Player: TableRecord {
///     enum Columns {
///         static let score = Column("score")
///         static let fullName = Column("full_name")
///     }
/// }
///
/// // SELECT * FROM player WHERE full_name = 'Arthur'
/// Player.filter { $0.fullName == "Arthur" }
/// ```
///
/// `$0` is also `DynamicColumns` in the closures of requests of rows
/// (`Table("player").filter { $0.score > 1000 }`).
///
/// GRDB has no such type: its default `Columns` is `Never`, and the
/// closures of a record without `Columns` type see no column. Folio keeps
/// them working.
@dynamicMemberLookup
public enum DynamicColumns {
    /// The column with this name.
    ///
    /// ```swift
    /// DynamicColumns.score // Column("score")
    /// ```
    ///
    /// - Parameter columnName: A column name.
    /// - Returns: The column.
    public static subscript(dynamicMember columnName: String) -> Column {
        Column(columnName)
    }
}
