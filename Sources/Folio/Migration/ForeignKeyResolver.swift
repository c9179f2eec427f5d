/// Finds the primary key of the tables that foreign keys reference: in
/// the table being created when it references itself, or else in the
/// database.
struct ForeignKeyResolver {
    /// A column and its type.
    struct Column {
        var name: String
        var type: Database.ColumnType?
    }

    let db: Database
    /// The table being created, if any.
    let definingTable: TableDefinition?

    /// Returns the table that `belongsTo(name)` references when no table is
    /// given: the table named `name` when it exists (or is the table being
    /// created), or else its plural (`child` → `children`) when it exists.
    /// When neither exists yet, `name` itself: the foreign key then
    /// references the primary key of a table created later.
    ///
    /// - Parameter name: The name of the foreign key.
    /// - Returns: A table name.
    /// - Throws: A ``DatabaseError`` when the schema can not be read.
    func referencedTable(forForeignKeyNamed name: String) throws -> String {
        if try isTable(name) {
            return name
        }
        // Pluralized only when needed: the inflections run regular
        // expressions, which cost more than looking for the table.
        let plural = Inflections.default.pluralize(name)
        if plural.lowercased() != name.lowercased(), try isTable(plural) {
            return plural
        }
        return name
    }

    /// Whether `candidate` is the table being created, or an existing
    /// table.
    private func isTable(_ candidate: String) throws -> Bool {
        if let definingTable, definingTable.name.isSameDatabaseName(as: candidate) {
            return true
        }
        return try db.tableExists(candidate)
    }

    /// Returns the primary key of a table, or nil when the table is
    /// unknown. The hidden rowid is returned as a `rowid` column.
    func primaryKey(of table: String) throws -> [Column]? {
        if let definingTable, definingTable.name.isSameDatabaseName(as: table) {
            return try definingTable.declaredPrimaryKey(ForeignKeyResolver(db: db, definingTable: nil))
        }
        // Ask for the primary key first: checking that the table exists
        // first would cost two more queries, usually in a schema that has
        // just changed, where no statement is cached.
        let primaryKey: PrimaryKeyInfo
        do {
            primaryKey = try db.primaryKey(table)
        } catch {
            guard try db.tableExists(table) else { return nil }
            throw error
        }
        if primaryKey.columns.isEmpty && !primaryKey.tableHasRowID {
            // A view, not a table.
            guard try db.tableExists(table) else { return nil }
        }
        if let rowIDColumn = primaryKey.rowIDColumn {
            return [Column(name: rowIDColumn, type: .integer)]
        }
        if primaryKey.isRowID {
            return [Column(name: Column.rowIDName, type: .integer)]
        }
        let columns = try db.columns(in: table)
        return primaryKey.columns.map { name in
            let info = columns.first { $0.name.isSameDatabaseName(as: name) }
            return Column(name: name, type: info?.columnType)
        }
    }
}

extension ForeignKeyResolver.Column {
    /// The name of the hidden rowid column.
    static let rowIDName = "rowid"
}
