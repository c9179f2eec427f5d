/// Schema information cached by a connection, valid for one schema version.
///
/// Keyed by table, as SQLite compares table names (see ``DatabaseNameKey``):
/// tables whose names differ only by Unicode case or normalization are
/// different tables.
struct SchemaCache {
    var schemaVersion: Int32?
    var columns: [DatabaseNameKey: [ColumnInfo]] = [:]
    var primaryKeys: [DatabaseNameKey: PrimaryKeyInfo] = [:]
    var indexes: [DatabaseNameKey: [IndexInfo]] = [:]
    var foreignKeys: [DatabaseNameKey: [ForeignKeyInfo]] = [:]
    /// The rows of `PRAGMA table_list(name)`, by name, for the look-ups
    /// of the main and temp schemas (see `Database.tableListRows`).
    var tableLists: [DatabaseNameKey: [TableListRow]] = [:]
}

/// One row of `PRAGMA table_list(name)`: a table or view of one schema.
struct TableListRow {
    var schema: String
    var name: String
    /// "table", "view", "virtual" or "shadow".
    var type: String
    var withoutRowID: Bool
}
