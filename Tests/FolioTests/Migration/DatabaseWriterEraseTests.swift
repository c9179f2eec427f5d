import Folio
import XCTest

final class DatabaseWriterEraseTests: FolioTestCase {
    private func fill(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE player (name TEXT);
                CREATE INDEX playerName ON player(name);
                CREATE VIEW playerNames AS SELECT name FROM player;
                INSERT INTO player VALUES ('Arthur');
                PRAGMA user_version = 3;
                """)
        }
    }

    private func schemaCount(_ reader: some DatabaseReader) throws -> Int? {
        try reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
    }

    func testAsyncEraseOfAQueue() async throws {
        let dbQueue = try makeDatabaseQueue()
        try fill(dbQueue)
        try await dbQueue.erase()
        XCTAssertEqual(try schemaCount(dbQueue), 0)
        let userVersion = try await dbQueue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        XCTAssertEqual(userVersion, 0)
        // The database is usable again.
        try fill(dbQueue)
        XCTAssertEqual(try schemaCount(dbQueue), 3)
    }

    func testAsyncEraseOfAPool() async throws {
        let dbPool = try makeDatabasePool()
        try fill(dbPool)
        try await dbPool.erase()
        XCTAssertEqual(try schemaCount(dbPool), 0)
        let journalMode = try await dbPool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        XCTAssertEqual(journalMode, "wal")
    }

    func testAsyncEraseOfACancelledTaskThrows() async throws {
        let dbQueue = try makeDatabaseQueue()
        try fill(dbQueue)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await dbQueue.erase()
        }
        do {
            try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertEqual(try schemaCount(dbQueue), 3)
    }
}
