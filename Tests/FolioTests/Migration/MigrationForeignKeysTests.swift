import Folio
import XCTest

/// Migrations run with foreign keys off (`.deferred` checks, the default)
/// or as configured (`.immediate`): consecutive migrations that run with
/// foreign keys off switch them off once, and foreign keys are on again
/// after the migrations, whether they succeed or fail.
final class MigrationForeignKeysTests: FolioTestCase {
    private func foreignKeysSwitches() -> [String] {
        sqlQueries.filter { $0.hasPrefix("PRAGMA foreign_keys") }
    }

    /// Registers a migration that records whether foreign keys are on
    /// while it runs, in the table `seen`.
    private func registerRecordingMigration(
        _ migrator: inout DatabaseMigrator,
        _ identifier: String,
        foreignKeyChecks: DatabaseMigrator.ForeignKeyChecks = .deferred)
    {
        migrator.registerMigration(identifier, foreignKeyChecks: foreignKeyChecks) { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS seen (identifier TEXT, foreignKeys BOOLEAN)")
            // Lowercase, so that foreignKeysSwitches() ignores it.
            let foreignKeys = try Bool.fetchOne(db, sql: "pragma foreign_keys") ?? false
            try db.execute(sql: "INSERT INTO seen VALUES (?, ?)", arguments: [identifier, foreignKeys])
        }
    }

    private func seen(_ dbQueue: DatabaseQueue) throws -> [String] {
        try dbQueue.read { db in
            try Row.fetchAll(db, sql: "SELECT identifier, foreignKeys FROM seen ORDER BY rowid").map { row in
                "\(row["identifier"] as String): \(row["foreignKeys"] as Bool ? "on" : "off")"
            }
        }
    }

    func testConsecutiveDeferredMigrationsSwitchForeignKeysOffOnce() throws {
        var migrator = DatabaseMigrator()
        registerRecordingMigration(&migrator, "v1")
        registerRecordingMigration(&migrator, "v2")
        registerRecordingMigration(&migrator, "v3")
        let dbQueue = try makeDatabaseQueue()
        clearSQLQueries()
        try migrator.migrate(dbQueue)
        XCTAssertEqual(foreignKeysSwitches(), [
            "PRAGMA foreign_keys",
            "PRAGMA foreign_keys = OFF",
            "PRAGMA foreign_keys = ON",
        ])
        XCTAssertEqual(sqlQueries.filter { $0 == "PRAGMA foreign_key_check" }.count, 3)
        XCTAssertEqual(try seen(dbQueue), ["v1: off", "v2: off", "v3: off"])
        XCTAssertEqual(try dbQueue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }, true)
    }

    func testImmediateMigrationRunsWithForeignKeysOnBetweenDeferredMigrations() throws {
        var migrator = DatabaseMigrator()
        registerRecordingMigration(&migrator, "v1")
        registerRecordingMigration(&migrator, "v2", foreignKeyChecks: .immediate)
        registerRecordingMigration(&migrator, "v3")
        registerRecordingMigration(&migrator, "v4")
        let dbQueue = try makeDatabaseQueue()
        clearSQLQueries()
        try migrator.migrate(dbQueue)
        XCTAssertEqual(foreignKeysSwitches(), [
            "PRAGMA foreign_keys",
            "PRAGMA foreign_keys = OFF",
            "PRAGMA foreign_keys = ON",
            "PRAGMA foreign_keys = OFF",
            "PRAGMA foreign_keys = ON",
        ])
        XCTAssertEqual(try seen(dbQueue), ["v1: off", "v2: on", "v3: off", "v4: off"])
        XCTAssertEqual(try dbQueue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }, true)
    }

    func testImmediateMigrationsAloneDoNotSwitchForeignKeys() throws {
        var migrator = DatabaseMigrator()
        registerRecordingMigration(&migrator, "v1", foreignKeyChecks: .immediate)
        registerRecordingMigration(&migrator, "v2", foreignKeyChecks: .immediate)
        let dbQueue = try makeDatabaseQueue()
        clearSQLQueries()
        try migrator.migrate(dbQueue)
        XCTAssertEqual(foreignKeysSwitches(), [])
        XCTAssertEqual(try seen(dbQueue), ["v1: on", "v2: on"])
    }

    func testForeignKeysAreOnAfterAFailingMigrationThatFollowsOthers() throws {
        struct Failure: Error { }
        var migrator = DatabaseMigrator()
        registerRecordingMigration(&migrator, "v1")
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "INSERT INTO seen VALUES ('v2', NULL)")
            throw Failure()
        }
        registerRecordingMigration(&migrator, "v3")
        let dbQueue = try makeDatabaseQueue()
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertTrue(error is Failure, "\(error)")
        }
        XCTAssertEqual(try seen(dbQueue), ["v1: off"])
        XCTAssertEqual(try dbQueue.read(migrator.appliedMigrations), ["v1"])
        XCTAssertEqual(try dbQueue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }, true)
    }

    func testForeignKeyViolationOfALaterMigrationIsStillFound() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TABLE child (parentId INTEGER REFERENCES parent(id))")
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "INSERT INTO child VALUES (1)")
        }
        let dbQueue = try makeDatabaseQueue()
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            XCTAssertEqual((error as? DatabaseError)?.message?.hasPrefix(#"FOREIGN KEY constraint violation"#), true)
        }
        XCTAssertEqual(try dbQueue.read(migrator.appliedMigrations), ["v1"])
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM child") }, 0)
        XCTAssertEqual(try dbQueue.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }, true)
    }
}
