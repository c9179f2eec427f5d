/// A foreign key defined with
/// ``TableDefinition/belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)``.
///
/// ```swift
/// // CREATE TABLE "player" (
/// //   "id" INTEGER PRIMARY KEY AUTOINCREMENT,
/// //   "teamId" INTEGER NOT NULL REFERENCES "team"("id")
/// // )
/// // CREATE INDEX "player_on_teamId" ON "player"("teamId")
/// try db.create(table: "player") { t in
///     t.autoIncrementedPrimaryKey("id")
///     t.belongsTo("team").notNull()
/// }
/// ```
///
/// See <https://www.sqlite.org/foreignkeys.html>.
public final class ForeignKeyDefinition {
    /// The name of the foreign key, prefix of its columns.
    let name: String
    /// The referenced table, if explicit.
    let table: String?
    let onDelete: Database.ForeignKeyAction?
    let onUpdate: Database.ForeignKeyAction?
    let deferred: Bool
    let indexed: Bool
    /// The NOT NULL clause of the columns, and its conflict resolution.
    var notNull: Database.ConflictResolution??

    init(
        name: String,
        table: String?,
        onDelete: Database.ForeignKeyAction?,
        onUpdate: Database.ForeignKeyAction?,
        deferred: Bool,
        indexed: Bool)
    {
        self.name = name
        self.table = table
        self.onDelete = onDelete
        self.onUpdate = onUpdate
        self.deferred = deferred
        self.indexed = indexed
    }

    /// Adds a NOT NULL constraint to the foreign key columns.
    ///
    /// ```swift
    /// // "teamId" INTEGER NOT NULL REFERENCES "team"("id")
    /// t.belongsTo("team").notNull()
    /// ```
    ///
    /// - Parameter conflictResolution: An optional `ON CONFLICT` clause.
    /// - Returns: The foreign key, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#not_null_constraints>.
    @discardableResult
    public func notNull(onConflict conflictResolution: Database.ConflictResolution? = nil) -> Self {
        notNull = .some(conflictResolution)
        return self
    }

    /// The columns, and the referenced table and columns, of a foreign key
    /// once the referenced primary key is known.
    struct Resolution {
        var columns: [ForeignKeyResolver.Column]
        var destinationTable: String
        var destinationColumns: [String]?
    }

    /// Finds the columns of the foreign key from the primary key of the
    /// referenced table: `teamId` for a `team` table whose primary key is
    /// `id`, `countryCode` for a `country` table whose primary key is
    /// `code`. When the referenced table is not known yet, the column is
    /// `<name>Id INTEGER`, and references the primary key of the table,
    /// whatever it is.
    func resolve(_ resolver: ForeignKeyResolver) throws -> Resolution {
        let destinationTable = table ?? name
        guard let primaryKey = try resolver.primaryKey(of: destinationTable), !primaryKey.isEmpty else {
            return Resolution(
                columns: [ForeignKeyResolver.Column(name: name + "Id", type: .integer)],
                destinationTable: destinationTable,
                destinationColumns: nil)
        }
        let columns: [ForeignKeyResolver.Column]
        if primaryKey.count == 1, primaryKey[0].name.isSameDatabaseName(as: "rowid") {
            columns = [ForeignKeyResolver.Column(name: name + "Id", type: .integer)]
        } else {
            columns = primaryKey.map { column in
                ForeignKeyResolver.Column(
                    name: name + column.name.prefix(1).uppercased() + column.name.dropFirst(),
                    type: column.type)
            }
        }
        return Resolution(
            columns: columns,
            destinationTable: destinationTable,
            destinationColumns: primaryKey.map(\.name))
    }

    /// The REFERENCES clause, once resolved.
    func clause(_ resolution: Resolution) -> ForeignKeyClause {
        ForeignKeyClause(
            destinationTable: resolution.destinationTable,
            destinationColumns: resolution.destinationColumns,
            onDelete: onDelete,
            onUpdate: onUpdate,
            deferred: deferred)
    }
}

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
