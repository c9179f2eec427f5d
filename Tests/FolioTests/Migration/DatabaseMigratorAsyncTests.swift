import Folio
import XCTest

final class DatabaseMigratorAsyncTests: FolioTestCase {
    private func makeMigrator(failing: Bool = false) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("score", .integer).check { $0 >= 0 }
            }
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "INSERT INTO player (score) VALUES (10)")
            if failing {
                try db.execute(sql: "INSERT INTO player (score) VALUES (-1)")
            }
        }
        return migrator
    }

    func testAsyncMigrateAppliesMigrationsThenCallsCompletionWithTheDatabase() throws {
        let dbQueue = try makeDatabaseQueue()
        let migrator = makeMigrator()
        let expectation = expectation(description: "migrated")
        migrator.asyncMigrate(dbQueue) { result in
            switch result {
            case .success(let db):
                do {
                    let applied = try migrator.appliedMigrations(db)
                    let score = try Int.fetchOne(db, sql: "SELECT score FROM player")
                    XCTAssertEqual(applied, ["v1", "v2"])
                    XCTAssertEqual(score, 10)
                } catch {
                    XCTFail("unexpected error \(error)")
                }
            case .failure(let error):
                XCTFail("unexpected error \(error)")
            }
            expectation.fulfill()
        }
        wait(for: [expectation], timeout: 10)
        XCTAssertTrue(try dbQueue.read(migrator.hasCompletedMigrations))

        // Migrating again is a no-op.
        let again = self.expectation(description: "migrated again")
        migrator.asyncMigrate(dbQueue) { result in
            if case .failure(let error) = result { XCTFail("unexpected error \(error)") }
            again.fulfill()
        }
        wait(for: [again], timeout: 10)
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM player") }, 1)
    }

    func testAsyncMigrateReportsTheErrorOfAFailingMigration() throws {
        let dbQueue = try makeDatabaseQueue()
        let migrator = makeMigrator(failing: true)
        let expectation = expectation(description: "failed")
        migrator.asyncMigrate(dbQueue) { result in
            switch result {
            case .success:
                XCTFail("expected an error")
            case .failure(let error as DatabaseError):
                XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_CHECK)
                XCTAssertEqual(error.sql, "INSERT INTO player (score) VALUES (-1)")
            case .failure(let error):
                XCTFail("unexpected error \(error)")
            }
            expectation.fulfill()
        }
        wait(for: [expectation], timeout: 10)
        // v1 stays applied, v2 is rolled back.
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["v1"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
    }
}
