import Foundation
import Folio
import XCTest

final class ChangeRecorderTests: FolioTestCase {
    private func makePool() throws -> DatabasePool {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE log (message TEXT);
                """)
        }
        return dbPool
    }

    func testTakeChangesetReturnsTheChangesSinceTheLastTake() throws {
        let dbPool = try makePool()
        let recorder = try dbPool.makeChangeRecorder(tables: ["player"])
        XCTAssertTrue(try recorder.takeChangeset().isEmpty)

        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try db.execute(sql: "INSERT INTO team (id, name) VALUES (1, 'Reds')")
        }
        try dbPool.write { db in try db.execute(sql: "UPDATE player SET name = 'Arthur 2' WHERE id = 1") }
        let first = try recorder.takeChangeset()
        let changes = try first.changes
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes[0].table, "player")
        XCTAssertEqual(changes[0].operation, .insert)
        XCTAssertEqual(changes[0].newValues, [1.databaseValue, "Arthur 2".databaseValue])

        XCTAssertTrue(try recorder.takeChangeset().isEmpty)
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(try recorder.takeChangeset().changes.map(\.operation), [.delete])
    }

    func testTakeChangesetInsideAWrite() throws {
        let dbPool = try makePool()
        let recorder = try dbPool.makeChangeRecorder(tables: nil)
        let changeset = try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            return try recorder.takeChangeset()
        }
        XCTAssertEqual(try changeset.changes.count, 1)
    }

    func testRecorderNamingATableWithoutPrimaryKeyThrows() throws {
        let dbPool = try makePool()
        XCTAssertThrowsError(try dbPool.makeChangeRecorder(tables: ["log"])) { error in
            XCTAssertTrue((error as! DatabaseError).message!.contains(#"table "log", which has no primary key"#))
        }
        XCTAssertThrowsError(try dbPool.makeChangeRecorder(tables: ["nope"])) { error in
            XCTAssertTrue((error as! DatabaseError).message!.contains(#""nope""#))
        }
    }

    func testIgnoringChangesIsNotRecorded() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        let recorder = try dbQueue.makeChangeRecorder(tables: ["player"])
        try dbQueue.write { db in
            try recorder.ignoringChanges(in: db) { db in
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            }
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (2, 'Barbara')")
        }
        XCTAssertEqual(try recorder.takeChangeset().changes.map(\.primaryKey), [[2.databaseValue]])
    }

    func testDeallocatedRecorderLeavesTheWriterWorking() throws {
        let dbPool = try makePool()
        var recorder: ChangeRecorder? = try dbPool.makeChangeRecorder(tables: nil)
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')") }
        XCTAssertNotNil(recorder)
        recorder = nil
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (2, 'Barbara')") }
        let (changeset, _) = try dbPool.write { db in
            try db.recordChanges(in: nil) { db in try db.execute(sql: "DELETE FROM player") }
        }
        XCTAssertEqual(try changeset.changes.count, 2)
    }

    func testSeveralRecorders() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        let first = try dbQueue.makeChangeRecorder(tables: ["player"])
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')") }
        let second = try dbQueue.makeChangeRecorder(tables: ["player"])
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (2, 'Barbara')") }
        XCTAssertEqual(try first.takeChangeset().changes.count, 2)
        XCTAssertEqual(try second.takeChangeset().changes.count, 1)
    }

    func testRecorderOfAClosedQueueDeallocatesWithoutCrashing() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        var recorder: ChangeRecorder? = try dbQueue.makeChangeRecorder(tables: nil)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')") }
        try dbQueue.close()
        XCTAssertThrowsError(try recorder!.takeChangeset())
        recorder = nil
        // The deletion of the session runs on the queue: wait for it.
        let done = expectation(description: "queue drained")
        dbQueue.asyncWriteWithoutTransaction { _ in done.fulfill() }
        wait(for: [done], timeout: 10)
    }
}
