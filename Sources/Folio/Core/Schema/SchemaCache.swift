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
}
