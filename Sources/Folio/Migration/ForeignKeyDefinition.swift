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
    /// Whether the columns are a unique key.
    var isUnique = false

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

    /// Adds a unique constraint to the foreign key columns: a one-to-one
    /// relationship.
    ///
    /// ```swift
    /// // CREATE TABLE "player" (
    /// //   "teamId" INTEGER UNIQUE REFERENCES "team"("id")
    /// // )
    /// try db.create(table: "player") { t in
    ///     t.belongsTo("team").unique()
    /// }
    /// ```
    ///
    /// A foreign key on several columns gets a table constraint:
    /// `UNIQUE ("countryCode", "citizenNumber")`. The unique key makes the
    /// index of the foreign key useless: it is not created.
    ///
    /// - Returns: The foreign key, for chaining.
    ///
    /// See <https://www.sqlite.org/lang_createtable.html#uniqueconst>.
    @discardableResult
    public func unique() -> Self {
        isUnique = true
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
    /// `code`. When an explicit referenced table is not known yet, the
    /// column is `<name>Id INTEGER`, and references the primary key of the
    /// table, whatever it is.
    ///
    /// - Throws: A ``DatabaseError`` when the schema can not be read.
    func resolve(_ resolver: ForeignKeyResolver) throws -> Resolution {
        let destinationTable = try table ?? resolver.referencedTable(forForeignKeyNamed: name)
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
