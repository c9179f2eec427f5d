// The primary key columns that `selectPrimaryKey(as:)`,
// `orderByPrimaryKey()` and `groupByPrimaryKey()` select, sort and group
// by, resolved from the schema when SQL is generated.

extension TableAliasBase {
    /// The primary key columns of the table of an alias: the declared
    /// primary key, or `rowid` when the table has no explicit primary key.
    ///
    /// - Throws: A ``DatabaseError`` when the alias is not bound to a table
    ///   of the request, when the table does not exist ("no such table"),
    ///   or when it has no primary key (a view).
    static func primaryKeyColumns(of alias: TableAliasBase?, _ db: Database) throws -> [String] {
        guard let alias else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the primary key is used outside of a request")
        }
        return try primaryKeyColumns(ofTable: alias.checkedTableName(), db)
    }

    /// The primary key columns of a table: the declared primary key, or
    /// `rowid` when the table has no explicit primary key.
    ///
    /// - Throws: A ``DatabaseError`` when the table does not exist ("no such
    ///   table"), or when it has no primary key (a view).
    static func primaryKeyColumns(ofTable tableName: String, _ db: Database) throws -> [String] {
        let columns = try db.primaryKey(tableName).columns
        guard !columns.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "table \(tableName) has no primary key: it can not be selected, sorted or grouped by primary key")
        }
        return columns
    }
}
