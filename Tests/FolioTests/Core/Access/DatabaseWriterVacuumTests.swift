import Folio
import Foundation
import XCTest

final class DatabaseWriterVacuumTests: FolioTestCase {
    private func fillAndEmpty(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)")
            for _ in 0..<20 {
                try db.execute(sql: "INSERT INTO t (payload) VALUES (zeroblob(1024))")
            }
            try db.execute(sql: "DELETE FROM t WHERE id > 1")
        }
    }

    private func freePageCount(_ reader: some DatabaseReader) throws -> Int? {
        try reader.read { db in try Int.fetchOne(db, sql: "PRAGMA freelist_count") }
    }

    func testVacuumRepacksTheDatabase() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try fillAndEmpty(dbQueue)
        XCTAssertGreaterThan(try XCTUnwrap(freePageCount(dbQueue)), 0)
        clearSQLQueries()
        try dbQueue.vacuum()
        XCTAssertEqual(sqlQueries, ["VACUUM"])
        XCTAssertEqual(try freePageCount(dbQueue), 0)
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 1)
    }

    func testVacuumOnAPool() throws {
        let dbPool = try makeDatabasePool()
        try fillAndEmpty(dbPool)
        try dbPool.vacuum()
        XCTAssertEqual(try freePageCount(dbPool), 0)
    }

    func testVacuumInsideAWriteFails() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let error = assertDatabaseError(.SQLITE_ERROR) { try db.execute(sql: "VACUUM") }
            XCTAssertEqual(error?.message, "cannot VACUUM from within a transaction")
        }
    }

    func testVacuumIntoWritesACopy() throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try fillAndEmpty(dbQueue)
        let copyPath = temporaryDatabasePath()
        clearSQLQueries()
        try dbQueue.vacuum(into: copyPath)
        XCTAssertEqual(sqlQueries, ["VACUUM INTO ?"])

        let copy = try DatabaseQueue(path: copyPath)
        XCTAssertEqual(try copy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 1)
        XCTAssertEqual(try freePageCount(copy), 0)
        // The original is not vacuumed.
        XCTAssertGreaterThan(try XCTUnwrap(freePageCount(dbQueue)), 0)
    }

    func testVacuumIntoFromAPool() throws {
        let dbPool = try makeDatabasePool()
        try fillAndEmpty(dbPool)
        let copyPath = temporaryDatabasePath()
        try dbPool.vacuum(into: copyPath)
        let copy = try DatabaseQueue(path: copyPath)
        XCTAssertEqual(try copy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 1)
    }

    func testVacuumIntoAnInMemoryDatabase() throws {
        let dbQueue = try makeDatabaseQueue()
        try fillAndEmpty(dbQueue)
        let copyPath = temporaryDatabasePath()
        try dbQueue.vacuum(into: copyPath)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copyPath))
    }

    func testVacuumIntoAnExistingFileFails() throws {
        let dbQueue = try makeDatabaseQueue()
        try fillAndEmpty(dbQueue)
        let copyPath = temporaryDatabasePath()
        try dbQueue.vacuum(into: copyPath)
        let error = assertDatabaseError(.SQLITE_ERROR) { try dbQueue.vacuum(into: copyPath) }
        XCTAssertEqual(error?.message, "output file already exists")
        XCTAssertEqual(error?.sql, "VACUUM INTO ?")
    }

    func testVacuumIntoAMissingDirectoryFails() throws {
        let dbQueue = try makeDatabaseQueue()
        try fillAndEmpty(dbQueue)
        let copyPath = temporaryDatabasePath() + "-missing/copy.sqlite"
        assertDatabaseError(.SQLITE_CANTOPEN) { try dbQueue.vacuum(into: copyPath) }
    }

    func testAsyncVacuum() async throws {
        let dbPool = try makeDatabasePool()
        try fillAndEmpty(dbPool)
        clearSQLQueries()
        try await dbPool.vacuum()
        XCTAssertEqual(sqlQueries, ["VACUUM"])
        XCTAssertEqual(try freePageCount(dbPool), 0)
    }

    func testAsyncVacuumInto() async throws {
        let dbQueue = try makeTemporaryDatabaseQueue()
        try fillAndEmpty(dbQueue)
        let copyPath = temporaryDatabasePath()
        try await dbQueue.vacuum(into: copyPath)
        XCTAssertEqual(try freePageCount(DatabaseQueue(path: copyPath)), 0)
        do {
            try await dbQueue.vacuum(into: copyPath)
            XCTFail("expected an error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error.message, "output file already exists")
        }
    }
}
