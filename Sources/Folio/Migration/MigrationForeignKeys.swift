/// Switches foreign keys off for the migrations that run without them,
/// and back on after them, for one call to ``DatabaseMigrator/migrate(_:)``.
///
/// `PRAGMA foreign_keys` has no effect inside a transaction, so it is
/// switched between the transactions of the migrations. Consecutive
/// migrations that run without foreign keys (`.deferred` checks, the
/// default) share one switch: foreign keys go off before the first one,
/// and back on after the last one, or before a migration that runs with
/// them (`.immediate` checks). Each migration still runs exactly as if it
/// were alone. The configured state is read once, when a migration first
/// needs it.
struct MigrationForeignKeys {
    private let db: Database
    /// Whether foreign keys were enabled before the migrations, once read.
    private var enabledBeforeMigrations: Bool?
    /// Whether foreign keys are off because of a migration.
    private var isSwitchedOff = false

    /// - Parameter db: A connection outside of any transaction.
    init(_ db: Database) {
        self.db = db
    }

    /// Sets foreign keys as a migration needs them, before its transaction
    /// begins.
    ///
    /// - Parameter checks: How the migration checks foreign keys.
    /// - Returns: Whether the migration must check all foreign keys before
    ///   it commits.
    /// - Throws: A ``DatabaseError``.
    mutating func prepare(for checks: Migration.ForeignKeyChecks) throws -> Bool {
        switch checks {
        case .immediate:
            try restore()
            return false
        case .deferred, .disabled:
            let enabled: Bool
            if let enabledBeforeMigrations {
                enabled = enabledBeforeMigrations
            } else {
                enabled = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
                enabledBeforeMigrations = enabled
            }
            // Foreign keys disabled by the configuration are not checked.
            guard enabled else { return false }
            if !isSwitchedOff {
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                isSwitchedOff = true
            }
            return checks == .deferred
        }
    }

    /// Switches foreign keys back on if a migration switched them off.
    ///
    /// - Throws: A ``DatabaseError``.
    mutating func restore() throws {
        guard isSwitchedOff else { return }
        try db.execute(sql: "PRAGMA foreign_keys = ON")
        isSwitchedOff = false
    }
}
