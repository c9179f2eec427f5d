/// The `REFERENCES` clause of a foreign key.
struct ForeignKeyClause {
    var destinationTable: String
    /// The referenced columns, or nil for the primary key of the
    /// referenced table.
    var destinationColumns: [String]?
    var onDelete: Database.ForeignKeyAction?
    var onUpdate: Database.ForeignKeyAction?
    var deferred: Bool

    /// `REFERENCES "team"("id") ON DELETE CASCADE ...`
    var sql: String {
        var sql = "REFERENCES " + destinationTable.quotedDatabaseIdentifier
        if let destinationColumns {
            sql += "(" + destinationColumns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
        }
        if let onDelete {
            sql += " ON DELETE " + onDelete.rawValue
        }
        if let onUpdate {
            sql += " ON UPDATE " + onUpdate.rawValue
        }
        if deferred {
            sql += " DEFERRABLE INITIALLY DEFERRED"
        }
        return sql
    }
}
