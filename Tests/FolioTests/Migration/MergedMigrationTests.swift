import Folio
import XCTest

final class MergedMigrationTests: FolioTestCase {
    // MARK: - Migrators

    /// The migrations of the previous version of the application.
    private func oldMigrator(upTo last: Int = 3) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        if last >= 1 { migrator.registerMigration("v1") { db in try Self.applyV1(db) } }
        if last >= 2 { migrator.registerMigration("v2") { db in try Self.applyV2(db) } }
        if last >= 3 { migrator.registerMigration("v3") { db in try Self.applyV3(db) } }
        return migrator
    }

    private static func applyV1(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    private static func applyV2(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id))")
    }

    private static func applyV3(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE author ADD COLUMN country TEXT")
    }

    /// The new version: v3 merges v1 and v2, and v4 follows.
    private func mergingMigrator(runs: ValueRecorder<Set<String>>) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v3", merging: ["v1", "v2"]) { db, appliedIDs in
            runs.append(appliedIDs)
            if !appliedIDs.contains("v1") { try Self.applyV1(db) }
            if !appliedIDs.contains("v2") { try Self.applyV2(db) }
            try Self.applyV3(db)
        }
        migrator.registerMigration("v4") { db in
            try db.execute(sql: "CREATE TABLE review (id INTEGER PRIMARY KEY)")
        }
        return migrator
    }

    private func recordedIdentifiers(_ dbQueue: DatabaseQueue) throws -> [String] {
        try dbQueue.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
    }

    private func assertFinalSchema(_ dbQueue: DatabaseQueue, file: StaticString = #filePath, line: UInt = #line) throws {
        try dbQueue.read { db in
            XCTAssertEqual(try db.columns(in: "author").map(\.name), ["id", "name", "country"], file: file, line: line)
            XCTAssertTrue(try db.tableExists("book"), file: file, line: line)
            XCTAssertTrue(try db.tableExists("review"), file: file, line: line)
        }
    }

    // MARK: - None, some, or all of the merged migrations applied

    func testMergedMigrationRunsWithNoAppliedIdentifiersOnANewDatabase() throws {
        let dbQueue = try makeDatabaseQueue()
        let runs = ValueRecorder<Set<String>>()
        let migrator = mergingMigrator(runs: runs)
        XCTAssertEqual(migrator.migrations, ["v3", "v4"])
        try migrator.migrate(dbQueue)
        XCTAssertEqual(runs.values, [[]])
        try assertFinalSchema(dbQueue)
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v3", "v4"])
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v3", "v4"])
            XCTAssertEqual(try migrator.completedMigrations(db), ["v3", "v4"])
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
        }
    }

    func testMergedMigrationRunsWithTheMergedMigrationsThatWereApplied() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 1).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        let migrator = mergingMigrator(runs: runs)
        try dbQueue.read { db in
            // v1 is merged into v3: it is known to the new migrator.
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
            XCTAssertEqual(try migrator.appliedMigrations(db), [])
            XCTAssertEqual(try migrator.appliedIdentifiers(db), ["v1"])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
        }
        try migrator.migrate(dbQueue)
        XCTAssertEqual(runs.values, [["v1"]])
        try assertFinalSchema(dbQueue)
        // The record of v1 stays, for older versions of the application.
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v3", "v4"])
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v3", "v4"])
            XCTAssertEqual(try migrator.appliedIdentifiers(db), ["v1", "v3", "v4"])
            XCTAssertTrue(try migrator.hasCompletedMigrations(db))
            XCTAssertFalse(try migrator.hasBeenSuperseded(db))
        }
    }

    func testMergedMigrationRunsWhenAllTheMergedMigrationsWereApplied() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 2).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        try mergingMigrator(runs: runs).migrate(dbQueue)
        XCTAssertEqual(runs.values, [["v1", "v2"]])
        try assertFinalSchema(dbQueue)
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v2", "v3", "v4"])
    }

    func testAppliedMergedMigrationDoesNotRunAgain() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 3).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        let migrator = mergingMigrator(runs: runs)
        try migrator.migrate(dbQueue)
        XCTAssertEqual(runs.values, [])
        try assertFinalSchema(dbQueue)
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v2", "v3", "v4"])
        // Migrating again does nothing.
        try migrator.migrate(dbQueue)
        XCTAssertEqual(runs.values, [])
    }

    func testMergedMigrationWithANewNameMergesTheLastMigrationToo() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 3).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v3-new", merging: ["v1", "v2", "v3"]) { db, appliedIDs in
            runs.append(appliedIDs)
            if !appliedIDs.contains("v1") { try Self.applyV1(db) }
            if !appliedIDs.contains("v2") { try Self.applyV2(db) }
            if !appliedIDs.contains("v3") { try Self.applyV3(db) }
        }
        try dbQueue.read { db in XCTAssertFalse(try migrator.hasBeenSuperseded(db)) }
        try migrator.migrate(dbQueue)
        XCTAssertEqual(runs.values, [["v1", "v2", "v3"]])
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v2", "v3", "v3-new"])

        let newQueue = try makeDatabaseQueue()
        try migrator.migrate(newQueue)
        XCTAssertEqual(runs.values, [["v1", "v2", "v3"], []])
        XCTAssertEqual(try newQueue.read { db in try db.columns(in: "author").map(\.name) }, ["id", "name", "country"])
    }

    func testIdentifierOfTheMergedMigrationInTheMergedSetIsIgnored() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 2).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v3", merging: ["v1", "v2", "v3"]) { db, appliedIDs in
            runs.append(appliedIDs)
            try Self.applyV3(db)
        }
        try migrator.migrate(dbQueue)
        XCTAssertEqual(runs.values, [["v1", "v2"]])
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v2", "v3"])
    }

    // MARK: - Migrator queries and errors

    func testUnknownMigrationStillSupersedesTheMergingMigrator() throws {
        let dbQueue = try makeDatabaseQueue()
        var future = oldMigrator(upTo: 3)
        future.registerMigration("v5") { _ in }
        try future.migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        let migrator = mergingMigrator(runs: runs)
        try dbQueue.read { db in
            XCTAssertTrue(try migrator.hasBeenSuperseded(db))
            XCTAssertTrue(try migrator.hasSchemaChanges(db))
        }
        // A superseded database is left unchanged.
        try migrator.migrate(dbQueue)
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v2", "v3", "v5"])
        XCTAssertEqual(try dbQueue.read { db in try db.tableExists("review") }, false)
    }

    func testMergedIdentifiersAreNotSchemaChanges() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 3).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        var migrator = mergingMigrator(runs: runs)
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in XCTAssertFalse(try migrator.hasSchemaChanges(db)) }

        // The erase option keeps the data of an unchanged database.
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO author (name) VALUES ('Arthur')") }
        migrator.eraseDatabaseOnSchemaChange = true
        try migrator.migrate(dbQueue)
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author") }, 1)
    }

    /// A database that applied some of the merged migrations keeps its
    /// data with `eraseDatabaseOnSchemaChange`: the merged migration runs
    /// with the identifiers of the applied ones, which are not applied
    /// again.
    func testPendingMergedMigrationIsNotASchemaChange() throws {
        for appliedCount in 1...2 {
            let dbQueue = try makeDatabaseQueue()
            try oldMigrator(upTo: appliedCount).migrate(dbQueue)
            try dbQueue.write { db in try db.execute(sql: "INSERT INTO author (name) VALUES ('Arthur')") }
            let runs = ValueRecorder<Set<String>>()
            var migrator = mergingMigrator(runs: runs)
            migrator.eraseDatabaseOnSchemaChange = true
            try dbQueue.read { db in XCTAssertFalse(try migrator.hasSchemaChanges(db)) }
            try migrator.migrate(dbQueue)
            XCTAssertEqual(runs.values, [appliedCount == 1 ? ["v1"] : ["v1", "v2"]])
            XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM author") }, 1)
            try assertFinalSchema(dbQueue)
            try dbQueue.read { db in XCTAssertFalse(try migrator.hasSchemaChanges(db)) }
        }
    }

    func testFailingMergedMigrationIsRolledBackAndNotRecorded() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 1).migrate(dbQueue)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v3", merging: ["v1", "v2"]) { db, appliedIDs in
            try Self.applyV2(db)
            try db.execute(sql: "INSERT INTO missing DEFAULT VALUES")
        }
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error.message, "no such table: missing")
        }
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1"])
        XCTAssertEqual(try dbQueue.read { db in try db.tableExists("book") }, false)
    }

    func testMergedMigrationChecksForeignKeysLikeOtherMigrations() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v2", merging: ["v1"]) { db, _ in
            try Self.applyV1(db)
            try Self.applyV2(db)
            try db.execute(sql: "INSERT INTO book (authorId) VALUES (42)")
        }
        XCTAssertThrowsError(try migrator.migrate(dbQueue)) { error in
            XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        }
        XCTAssertEqual(try dbQueue.read { db in try db.tableExists("author") }, false)
    }

    func testMigrateUpToAMergedMigration() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 1).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        let migrator = mergingMigrator(runs: runs)
        try migrator.migrate(dbQueue, upTo: "v3")
        XCTAssertEqual(runs.values, [["v1"]])
        XCTAssertEqual(try recordedIdentifiers(dbQueue), ["v1", "v3"])
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.completedMigrations(db), ["v3"])
            XCTAssertFalse(try migrator.hasCompletedMigrations(db))
        }
    }

    func testAsyncMigrateRunsMergedMigrations() throws {
        let dbQueue = try makeDatabaseQueue()
        try oldMigrator(upTo: 2).migrate(dbQueue)
        let runs = ValueRecorder<Set<String>>()
        let writer: any DatabaseWriter = dbQueue
        let done = expectation(description: "migrated")
        mergingMigrator(runs: runs).asyncMigrate(writer) { result in
            if case .failure(let error) = result { XCTFail("\(error)") }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(runs.values, [["v1", "v2"]])
        try assertFinalSchema(dbQueue)
    }
}
