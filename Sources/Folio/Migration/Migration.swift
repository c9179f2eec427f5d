/// A migration registered in a ``DatabaseMigrator``.
struct Migration: Sendable {
    /// How a migration checks foreign keys.
    enum ForeignKeyChecks: Sendable {
        /// Foreign keys are disabled during the migration, and all of them
        /// are checked before it commits.
        case deferred
        /// Foreign keys stay as configured, and are checked statement by
        /// statement.
        case immediate
        /// Foreign keys are disabled during the migration, and not checked.
        case disabled
    }

    /// The name of the table that remembers applied migrations. It has the
    /// name and shape of GRDB's table, so that databases migrated by GRDB
    /// and by Folio are interchangeable.
    static let tableName = "grdb_migrations"

    let identifier: String
    /// The identifiers of the migrations that this one merges and
    /// replaces (see ``DatabaseMigrator/registerMigration(_:foreignKeyChecks:merging:migrate:)``).
    let mergedIdentifiers: Set<ByteExactString>
    let foreignKeyChecks: ForeignKeyChecks
    let migrate: @Sendable (Database, Set<String>) throws -> Void

    /// Runs the migration in its own transaction, and records it as
    /// applied. On error, the transaction is rolled back and the migration
    /// is not recorded.
    ///
    /// - Parameters:
    ///   - db: A connection outside of any transaction.
    ///   - appliedIdentifiers: The identifiers of the applied migrations.
    ///   - foreignKeys: The foreign keys switch of the migrations that
    ///     run: the caller restores foreign keys after the last one, or
    ///     after an error.
    /// - Throws: The error of the migration, or a ``DatabaseError`` (with
    ///   the code `SQLITE_CONSTRAINT_FOREIGNKEY` when the migration leaves
    ///   a foreign key violation).
    func run(_ db: Database, appliedIdentifiers: Set<ByteExactString>, foreignKeys: inout MigrationForeignKeys) throws {
        let appliedMerged = Set(mergedIdentifiers.intersection(appliedIdentifiers).map(\.string))
        let checksForeignKeys = try foreignKeys.prepare(for: foreignKeyChecks)
        try runInTransaction(db, appliedMerged: appliedMerged, checksForeignKeys: checksForeignKeys)
    }

    /// Runs the migration in a transaction, without the schema source of
    /// the configuration: migrations see the raw schema of SQLite.
    private func runInTransaction(_ db: Database, appliedMerged: Set<String>, checksForeignKeys: Bool) throws {
        try db.withSchemaSource(nil) {
            try db.inTransaction(.immediate) {
                try migrate(db, appliedMerged)
                try db.execute(
                    sql: "INSERT INTO \(Migration.tableName.quotedDatabaseIdentifier) (\"identifier\") VALUES (?)",
                    arguments: [identifier])
                if checksForeignKeys {
                    try checkForeignKeys(db)
                }
                return .commit
            }
        }
    }

    /// Throws the ``DatabaseError`` of the first row that violates a
    /// foreign key, as GRDB does: its description names the tables, the
    /// columns and the row, without a prefix that names the migration.
    private func checkForeignKeys(_ db: Database) throws {
        try db.checkForeignKeys()
    }
}
