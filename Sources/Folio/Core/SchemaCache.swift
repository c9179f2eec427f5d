/// Schema information cached by a connection, valid for one schema version.
struct SchemaCache {
    var schemaVersion: Int32?
    var columns: [String: [ColumnInfo]] = [:]
    var primaryKeys: [String: PrimaryKeyInfo] = [:]
    var indexes: [String: [IndexInfo]] = [:]
    var foreignKeys: [String: [ForeignKeyInfo]] = [:]
}
