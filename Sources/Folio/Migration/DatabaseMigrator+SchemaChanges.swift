extension DatabaseMigrator {
    /// Returns whether the migrations have changed since the database was
    /// migrated: an applied migration is no longer registered (removed or
    /// renamed) nor merged into a registered migration, or the applied
    /// migrations now create another schema.
    ///
    /// The schema of the database (its tables, indexes, views and triggers
    /// in `sqlite_master`, internal objects left out) is compared with the
    /// schema of a new in-memory database, with the same configuration
    /// (but its own dispatch queue, whatever the target queues of the
    /// configuration), migrated with the same migrations.
    ///
    /// ```swift
    /// if try dbQueue.read(migrator.hasSchemaChanges) {
    ///     // Migrations were edited since the database was migrated
    /// }
    /// ```
    ///
    /// See ``eraseDatabaseOnSchemaChange``.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether migrations have changed.
    /// - Throws: The error of a migration, or a ``DatabaseError``.
    public func hasSchemaChanges(_ db: Database) throws -> Bool {
        let appliedIdentifiers = try self.appliedIdentifiers(db)
        let known = knownIdentifiers
        if appliedIdentifiers.contains(where: { !known.contains(ByteExactString($0)) }) {
            return true
        }
        let appliedKeys = Set(appliedIdentifiers.map(ByteExactString.init))
        if registeredMigrations.contains(where: { migration in
            !appliedKeys.contains(ByteExactString(migration.identifier))
                && !migration.mergedIdentifiers.isDisjoint(with: appliedKeys)
        }) {
            // A merged migration has yet to run on a database that applied
            // some of the migrations it merges: their code is gone, so no
            // reference schema can be built. The merged migration runs
            // with the identifiers of the applied ones, which are not
            // applied again: that is no schema change (erasing the
            // database would lose its data).
            return false
        }
        let appliedMigrations = migrations.filter { appliedIdentifiers.contains($0) }

        var configuration = db.configuration
        configuration.readonly = false
        configuration.journalMode = .default
        configuration.label = "Folio.DatabaseMigrator.schemaCheck"
        // The reference database is private to this call, which runs on
        // the caller's writer queue: synchronous accesses to a connection
        // on a target queue that is busy with this very access would
        // deadlock.
        configuration.targetQueue = nil
        configuration.writeTargetQueue = nil
        let referenceQueue = try DatabaseQueue(configuration: configuration)
        var referenceMigrator = self
        referenceMigrator.eraseDatabaseOnSchemaChange = false
        if let lastApplied = appliedMigrations.last {
            try referenceMigrator.migrate(referenceQueue, upTo: lastApplied)
        }
        let referenceSchema = try referenceQueue.read(DatabaseMigrator.schemaSignature)
        return try DatabaseMigrator.schemaSignature(db) != referenceSchema
    }

    /// The user-defined schema objects of the main database.
    static func schemaSignature(_ db: Database) throws -> Set<Row> {
        try Set(Row.fetchAll(db, sql: """
            SELECT type, name, tbl_name, sql FROM sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'grdb\\_%' ESCAPE '\\'
            """))
    }
}
