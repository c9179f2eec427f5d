/// Evolves the schema of a database as new versions of an application
/// ship, by running migrations: named steps, run once each, in order.
///
/// ```swift
/// var migrator = DatabaseMigrator()
///
/// // v1
/// migrator.registerMigration("createLibrary") { db in
///     try db.create(table: "author") { t in
///         t.autoIncrementedPrimaryKey("id")
///         t.column("name", .text).notNull()
///     }
///     try db.create(table: "book") { t in
///         t.autoIncrementedPrimaryKey("id")
///         t.column("title", .text).notNull()
///         t.belongsTo("author", onDelete: .cascade).notNull()
///     }
/// }
///
/// // v2
/// migrator.registerMigration("addAuthorCountry") { db in
///     try db.alter(table: "author") { t in
///         t.add(column: "country", .text)
///     }
/// }
///
/// try migrator.migrate(dbQueue)
/// ```
///
/// - Each migration runs in its own transaction: when it throws, its
///   changes are rolled back, the following migrations do not run, and
///   ``migrate(_:)`` throws the error. Migrations that completed earlier
///   stay applied.
/// - Applied migrations are remembered in the database, in the
///   `grdb_migrations` table: the table GRDB uses, so that a database
///   migrated by an application built on GRDB is read correctly. Running
///   ``migrate(_:)`` again only runs the migrations that were not applied.
/// - By default, migrations run with foreign keys disabled, and all foreign
///   keys are checked before each migration commits: a migration can
///   recreate a table that other tables reference (see the Migrations
///   guide).
/// - A database migrated by a newer version of the application, which
///   registers migrations this version does not know, is never modified:
///   see ``hasBeenSuperseded(_:)``.
///
/// Define migrations with strings, not with application types: a migration
/// describes the database at one moment of the past, and must never change
/// once it has shipped.
///
/// ## Topics
/// - ``registerMigration(_:foreignKeyChecks:migrate:)``
/// - ``registerMigration(_:foreignKeyChecks:merging:migrate:)``
/// - ``migrate(_:)``
/// - ``migrate(_:upTo:)``
/// - ``asyncMigrate(_:completion:)``
/// - ``eraseDatabaseOnSchemaChange``
/// - ``disablingDeferredForeignKeyChecks()``
/// - ``migrations``
/// - ``appliedMigrations(_:)``
/// - ``appliedIdentifiers(_:)``
/// - ``completedMigrations(_:)``
/// - ``hasCompletedMigrations(_:)``
/// - ``hasBeenSuperseded(_:)``
/// - ``hasSchemaChanges(_:)``
public struct DatabaseMigrator: Sendable {
    /// How a migration checks foreign keys.
    ///
    /// See ``registerMigration(_:foreignKeyChecks:migrate:)``.
    public enum ForeignKeyChecks: Sendable {
        /// Foreign keys are disabled while the migration runs, and all
        /// foreign keys are checked before it commits. This allows
        /// recreating tables that other tables reference.
        case deferred
        /// Foreign keys are checked by each statement, as usual. Faster on
        /// big databases, but tables that other tables reference can not
        /// be recreated.
        case immediate
    }

    /// Whether ``migrate(_:)`` erases the database and migrates it from
    /// scratch when the migrations have changed since it was migrated: a
    /// migration was removed, renamed, or creates a different schema.
    ///
    /// ```swift
    /// var migrator = DatabaseMigrator()
    /// #if DEBUG
    /// // Speed up development by erasing the database when migrations change
    /// migrator.eraseDatabaseOnSchemaChange = true
    /// #endif
    /// ```
    ///
    /// The schema is compared with the one of an in-memory database
    /// migrated with the same migrations (see ``hasSchemaChanges(_:)``).
    ///
    /// - Warning: This option destroys the data of your users: do not
    ///   ship it.
    public var eraseDatabaseOnSchemaChange = false

    /// Whether migrations registered with `.deferred` foreign key checks
    /// actually check foreign keys.
    private var defersForeignKeyChecks = true

    private(set) var registeredMigrations: [Migration] = []

    /// Creates a migrator without migrations.
    public init() { }

    /// The identifiers of the registered migrations, in the order of
    /// registration.
    public var migrations: [String] {
        registeredMigrations.map(\.identifier)
    }

    /// Returns a migrator whose migrations registered from now on with
    /// `.deferred` foreign key checks (the default) do not check foreign
    /// keys at all. Foreign keys are still disabled while they run.
    ///
    /// ```swift
    /// var migrator = DatabaseMigrator().disablingDeferredForeignKeyChecks()
    /// migrator.registerMigration("fast but unchecked") { db in ... }
    /// migrator.registerMigration("partially checked") { db in
    ///     ...
    ///     try db.checkForeignKeys(in: "book")
    /// }
    /// ```
    ///
    /// Your migrations are then responsible for not leaving invalid
    /// references in the database.
    ///
    /// - Returns: A migrator.
    public func disablingDeferredForeignKeyChecks() -> DatabaseMigrator {
        var migrator = self
        migrator.defersForeignKeyChecks = false
        return migrator
    }

    /// Registers a migration.
    ///
    /// ```swift
    /// migrator.registerMigration("createPlayer") { db in
    ///     try db.create(table: "player") { t in
    ///         t.autoIncrementedPrimaryKey("id")
    ///         t.column("name", .text).notNull()
    ///     }
    /// }
    /// ```
    ///
    /// - Precondition: No migration with the same identifier was
    ///   registered before. Registering an identifier twice is a
    ///   programmer error that stops the program.
    ///
    /// - Parameters:
    ///   - identifier: A unique identifier, recorded in the database when
    ///     the migration is applied. Never change it once shipped.
    ///   - foreignKeyChecks: How foreign keys are checked (`.deferred` by
    ///     default).
    ///   - migrate: The function that modifies the database. It runs in a
    ///     transaction.
    public mutating func registerMigration(
        _ identifier: String,
        foreignKeyChecks: ForeignKeyChecks = .deferred,
        migrate: @escaping @Sendable (Database) throws -> Void)
    {
        registerMigration(identifier, foreignKeyChecks: foreignKeyChecks, merging: []) { db, _ in
            try migrate(db)
        }
    }

    /// Registers a merged migration: a migration that merges and replaces
    /// a set of migrations defined in a previous version of the
    /// application.
    ///
    /// Like the migrations registered with
    /// ``registerMigration(_:foreignKeyChecks:migrate:)``, the merged
    /// migration is appended to the list of migrations, and runs after
    /// the migrations registered before it.
    ///
    /// For example, to merge the migrations "v1", "v2" and "v3", redefine
    /// the "v3" migration so that it merges "v1" and "v2". The second
    /// argument of the `migrate` closure is the subset of the merged
    /// migrations that were applied when the merged migration runs:
    ///
    /// ```swift
    /// // Old code
    /// migrator.registerMigration("v1") { db in /* schema version 1 */ }
    /// migrator.registerMigration("v2") { db in /* schema version 2 */ }
    /// migrator.registerMigration("v3") { db in /* schema version 3 */ }
    ///
    /// // New code: v1 and v2 are deleted, and v3 merges them.
    /// migrator.registerMigration("v3", merging: ["v1", "v2"]) { db, appliedIDs in
    ///     if !appliedIDs.contains("v1") {
    ///         // Apply schema version 1
    ///     }
    ///     if !appliedIDs.contains("v2") {
    ///         // Apply schema version 2
    ///     }
    ///     // Apply schema version 3
    /// }
    /// ```
    ///
    /// The merged migration can also get a brand new name, and merge
    /// "v3" as well: `registerMigration("v3-new", merging: ["v1", "v2", "v3"])`.
    /// In all cases avoid naming the merged migration like the first
    /// elements of the merged set ("v1" or "v2" in the example). The set
    /// may contain the identifier of the merged migration itself, which is
    /// ignored: `merging: ["v1", "v2", "v3"]` in the registration of "v3"
    /// means `merging: ["v1", "v2"]`.
    ///
    /// When the database is migrated:
    ///
    /// - If the merged migration is applied, it does not run, whatever the
    ///   merged migrations.
    /// - Otherwise it runs, with the merged migrations that are applied:
    ///   none for a new database, some, or all of them. It is then
    ///   recorded as applied. The records of the merged migrations stay in
    ///   the database, so that an older version of the application does
    ///   not run them again.
    /// - The merged identifiers are known to the migrator: a database that
    ///   records them has not been superseded (see
    ///   ``hasBeenSuperseded(_:)``), and they are not reported by
    ///   ``appliedMigrations(_:)`` or ``completedMigrations(_:)``, which
    ///   list registered migrations only.
    ///
    /// - Precondition: No migration with the same identifier was
    ///   registered before.
    ///
    /// - Parameters:
    ///   - identifier: The migration identifier.
    ///   - foreignKeyChecks: How foreign keys are checked (`.deferred` by
    ///     default), as in ``registerMigration(_:foreignKeyChecks:migrate:)``.
    ///   - mergedIdentifiers: The identifiers of the previous migrations
    ///     that are merged in this migration.
    ///   - migrate: The function that modifies the database, in a
    ///     transaction. Its first argument is a database connection; the
    ///     second is the set of merged migrations that were applied when
    ///     the merged migration runs.
    public mutating func registerMigration(
        _ identifier: String,
        foreignKeyChecks: ForeignKeyChecks = .deferred,
        merging mergedIdentifiers: Set<String> = [],
        migrate: @escaping @Sendable (Database, Set<String>) throws -> Void)
    {
        checkProgrammerError(
            !registeredMigrations.contains { $0.identifier.hasSameUTF8(as: identifier) },
            "already registered migration: \(String(reflecting: identifier)). Each migration needs a unique identifier.")
        let checks: Migration.ForeignKeyChecks
        switch foreignKeyChecks {
        case .deferred: checks = defersForeignKeyChecks ? .deferred : .disabled
        case .immediate: checks = .immediate
        }
        let merged = Set(mergedIdentifiers.map(ByteExactString.init))
            .subtracting([ByteExactString(identifier)])
        registeredMigrations.append(Migration(
            identifier: identifier,
            mergedIdentifiers: merged,
            foreignKeyChecks: checks,
            migrate: migrate))
    }

    // MARK: - Migrating

    /// Runs the migrations that were not applied yet, in the order of
    /// registration.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite")
    /// try migrator.migrate(dbQueue)
    /// ```
    ///
    /// When the database was migrated by a newer version of the
    /// application (``hasBeenSuperseded(_:)`` is true), nothing is done.
    ///
    /// - Parameter writer: A database queue or pool. The migration waits
    ///   for concurrent reads to end.
    /// - Throws: The error of the first migration that fails, or a
    ///   ``DatabaseError``.
    public func migrate(_ writer: any DatabaseWriter) throws {
        try writer.barrierWriteWithoutTransaction { db in
            try migrate(db, upToIndex: registeredMigrations.indices.last)
        }
    }

    /// Runs the migrations that were not applied yet, up to a migration
    /// (included).
    ///
    /// ```swift
    /// try migrator.migrate(dbQueue, upTo: "v2")
    /// ```
    ///
    /// Migrations only run forward: when a migration registered after the
    /// target was applied, this method throws.
    ///
    /// - Precondition: `targetIdentifier` is a registered migration.
    ///
    /// - Parameters:
    ///   - writer: A database queue or pool.
    ///   - targetIdentifier: The identifier of the last migration to run.
    /// - Throws: The error of the first migration that fails, or a
    ///   ``DatabaseError`` when the database is already migrated beyond
    ///   the target.
    public func migrate(_ writer: any DatabaseWriter, upTo targetIdentifier: String) throws {
        guard let targetIndex = registeredMigrations.firstIndex(where: { $0.identifier.hasSameUTF8(as: targetIdentifier) }) else {
            fatalProgrammerError("undefined migration: \(String(reflecting: targetIdentifier))")
        }
        try writer.barrierWriteWithoutTransaction { db in
            try migrate(db, upToIndex: targetIndex)
        }
    }

    /// Runs the migrations that were not applied yet, without waiting for
    /// them, then calls `completion` with the database connection, or the
    /// error of the first migration that failed.
    ///
    /// ```swift
    /// migrator.asyncMigrate(dbQueue) { result in
    ///     switch result {
    ///     case .success(let db):
    ///         // The database is migrated. `db` is usable until the
    ///         // completion returns.
    ///     case .failure(let error):
    ///         // A migration failed, and was rolled back.
    ///     }
    /// }
    /// ```
    ///
    /// The migrations and `completion` run on the writer's serial queue,
    /// before any write scheduled later.
    ///
    /// - Note: `DatabaseWriter` has no asynchronous barrier write yet, so
    ///   the migrations are scheduled with
    ///   ``DatabaseWriter/asyncWriteWithoutTransaction(_:)``: they do not
    ///   wait for concurrent reads to end. This makes no difference for a
    ///   ``DatabaseQueue``, whose reads and writes are all serialized.
    ///
    /// - Parameters:
    ///   - writer: A database queue or pool.
    ///   - completion: A function called with the database connection
    ///     when all migrations are applied, or with the error of the
    ///     first migration that fails.
    public func asyncMigrate(
        _ writer: any DatabaseWriter,
        completion: @escaping @Sendable (Result<Database, any Error>) -> Void)
    {
        writer.asyncWriteWithoutTransaction { db in
            do {
                try migrate(db, upToIndex: registeredMigrations.indices.last)
                completion(.success(db))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Runs the unapplied migrations up to an index (all when nil means
    /// there is none).
    private func migrate(_ db: Database, upToIndex targetIndex: Int?) throws {
        if eraseDatabaseOnSchemaChange, try hasSchemaChanges(db) {
            try db.erase()
        }
        let appliedIdentifiers: Set<ByteExactString>
        if try db.tableExists(Migration.tableName) {
            appliedIdentifiers = try fetchAppliedIdentifierKeys(db)
        } else {
            // A new table is empty: no need to look for it again, nor to
            // read it.
            try db.execute(sql: "CREATE TABLE \(Migration.tableName.quotedDatabaseIdentifier) (\"identifier\" TEXT NOT NULL PRIMARY KEY)")
            appliedIdentifiers = []
        }
        if isSuperseded(appliedIdentifiers) {
            // A newer version of the application migrated the database:
            // running our migrations could corrupt it.
            return
        }
        guard let targetIndex else { return }
        if registeredMigrations[(targetIndex + 1)...].contains(where: { appliedIdentifiers.contains(ByteExactString($0.identifier)) }) {
            // GRDB's documented message, word for word (Migrations.md).
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "database is already migrated beyond migration \(String(reflecting: registeredMigrations[targetIndex].identifier))")
        }
        var foreignKeys = MigrationForeignKeys(db)
        do {
            for migration in registeredMigrations[...targetIndex] where !appliedIdentifiers.contains(ByteExactString(migration.identifier)) {
                try migration.run(db, appliedIdentifiers: appliedIdentifiers, foreignKeys: &foreignKeys)
            }
        } catch {
            try? foreignKeys.restore() // the migration error matters more
            throw error
        }
        try foreignKeys.restore()
    }

    // MARK: - Querying migrations

    /// Returns the identifiers of the registered migrations that are
    /// applied, in the order of registration.
    ///
    /// ```swift
    /// let applied = try dbQueue.read(migrator.appliedMigrations) // ["v1", "v2"]
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Migration identifiers.
    /// - Throws: A ``DatabaseError``.
    public func appliedMigrations(_ db: Database) throws -> [String] {
        let appliedIdentifiers = try appliedIdentifierKeys(db)
        return migrations.filter { appliedIdentifiers.contains(ByteExactString($0)) }
    }

    /// Returns the identifiers of all applied migrations, including the
    /// ones this migrator does not know.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Migration identifiers.
    /// - Throws: A ``DatabaseError``.
    public func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        Set(try appliedIdentifierKeys(db).map(\.string))
    }

    /// The identifiers of all applied migrations, compared byte for byte
    /// as SQLite compares them in the migrations table: a `Set<String>`
    /// would merge canonically equivalent identifiers (`"café"` written
    /// with a precomposed or a combining accent), and take a migration
    /// for applied when another one is.
    private func appliedIdentifierKeys(_ db: Database) throws -> Set<ByteExactString> {
        guard try db.tableExists(Migration.tableName) else {
            return []
        }
        return try fetchAppliedIdentifierKeys(db)
    }

    /// The identifiers of all applied migrations, read from the migrations
    /// table, which must exist (see ``appliedIdentifierKeys(_:)``).
    private func fetchAppliedIdentifierKeys(_ db: Database) throws -> Set<ByteExactString> {
        let identifiers = try String.fetchAll(db, sql: "SELECT identifier FROM \(Migration.tableName.quotedDatabaseIdentifier)")
        return Set(identifiers.map(ByteExactString.init))
    }

    /// Returns the identifiers of the completed migrations, in the order of
    /// registration: the applied migrations whose previous migrations are
    /// all applied.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Migration identifiers.
    /// - Throws: A ``DatabaseError``.
    public func completedMigrations(_ db: Database) throws -> [String] {
        let appliedIdentifiers = try appliedIdentifierKeys(db)
        return Array(migrations.prefix { appliedIdentifiers.contains(ByteExactString($0)) })
    }

    /// Returns whether all registered migrations are applied.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     if try migrator.hasCompletedMigrations(db) == false {
    ///         // The database is too old for this application
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether the database is up to date.
    /// - Throws: A ``DatabaseError``.
    public func hasCompletedMigrations(_ db: Database) throws -> Bool {
        try completedMigrations(db).count == migrations.count
    }

    /// Returns whether the database contains applied migrations that this
    /// migrator does not know: a newer version of the application has
    /// migrated it. ``migrate(_:)`` leaves such a database unchanged.
    ///
    /// ```swift
    /// try dbQueue.read { db in
    ///     if try migrator.hasBeenSuperseded(db) {
    ///         // The database is too recent for this application
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter db: A database connection.
    /// - Returns: Whether the database was migrated by a newer migrator.
    /// - Throws: A ``DatabaseError``.
    public func hasBeenSuperseded(_ db: Database) throws -> Bool {
        try isSuperseded(appliedIdentifierKeys(db))
    }

    private func isSuperseded(_ appliedIdentifiers: Set<ByteExactString>) -> Bool {
        let known = knownIdentifiers
        return appliedIdentifiers.contains { !known.contains($0) }
    }

    /// The identifiers of the registered migrations, and of the migrations
    /// they merge.
    var knownIdentifiers: Set<ByteExactString> {
        var known = Set(migrations.map(ByteExactString.init))
        for migration in registeredMigrations {
            known.formUnion(migration.mergedIdentifiers)
        }
        return known
    }
}
