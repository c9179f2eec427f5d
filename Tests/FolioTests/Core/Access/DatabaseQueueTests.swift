import Folio
import XCTest

final class DatabaseQueueTests: FolioTestCase {
    func testWriteThenReadRoundTrip() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, ?)", arguments: ["Arthur", 1000])
        }
        let (name, score): (String, Int) = try dbQueue.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT name, score FROM player")!
            return (row["name"], row[1])
        }
        XCTAssertEqual(name, "Arthur")
        XCTAssertEqual(score, 1000)
        XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("BEGIN") || $0.hasPrefix("COMMIT") }, [
            "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION", "BEGIN DEFERRED TRANSACTION",
        ])
    }

    func testWriteRollsBackWhenClosureThrows() throws {
        struct TestError: Error { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            throw TestError()
        })
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    }

    func testReadRefusesWrites() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertThrowsError(try dbQueue.read { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_READONLY)
            XCTAssertEqual(error.sql, "INSERT INTO t VALUES (1)")
        }
        // The connection is writable again afterwards.
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
    }

    func testAsyncReadAndWrite() async throws {
        let dbQueue = try makeDatabaseQueue()
        try await dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            try db.execute(sql: "INSERT INTO t VALUES (1), (2)")
        }
        let count = try await dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        XCTAssertEqual(count, 2)
    }
}
