import Folio
import Foundation
import XCTest

/// SQLite reads SQL text and file paths up to their first NUL character.
/// SQL with more than white space after a NUL, and paths with a NUL, are
/// refused with an error, and run or open nothing.
final class NULCharacterTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);
                INSERT INTO book VALUES (1, 'one'), (2, 'two'), (3, 'three');
                """)
        }
        return dbQueue
    }

    private func assertNULError(_ error: any Error, sql: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let error = error as? DatabaseError else {
            return XCTFail("unexpected error \(error)", file: file, line: line)
        }
        XCTAssertEqual(error.resultCode, .SQLITE_ERROR, file: file, line: line)
        XCTAssertEqual(error.sql.map { Array($0.utf8) }, Array(sql.utf8), file: file, line: line)
        XCTAssertTrue(error.message?.hasPrefix("SQL contains a NUL character at offset") ?? false, "\(error)", file: file, line: line)
    }

    private func bookIDs(_ dbQueue: DatabaseQueue) throws -> [Int64] {
        try dbQueue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM book ORDER BY id") }
    }

    func testExecuteRefusesSQLAfterANULAndRunsNothing() throws {
        let dbQueue = try makeLibrary()
        let sql = "DELETE FROM book WHERE id = 1\u{0} OR 1 = 1"
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.execute(sql: sql)) { error in
                assertNULError(error, sql: sql)
                XCTAssertEqual((error as! DatabaseError).message, "SQL contains a NUL character at offset 29, followed by more SQL that SQLite would ignore")
            }
        }
        XCTAssertEqual(try bookIDs(dbQueue), [1, 2, 3])
    }

    func testExecuteRefusesANULBetweenStatementsAndRunsNone() throws {
        let dbQueue = try makeLibrary()
        let sql = "DELETE FROM book WHERE id = 1; DELETE FROM book WHERE id = 2\u{0}; DELETE FROM book"
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.execute(sql: sql)) { error in
                assertNULError(error, sql: sql)
            }
        }
        XCTAssertEqual(try bookIDs(dbQueue), [1, 2, 3])
    }

    func testStatementsRefuseSQLAfterANUL() throws {
        let dbQueue = try makeLibrary()
        let sql = "SELECT * FROM book WHERE id = 1\u{0} OR 1 = 1"
        try dbQueue.read { db in
            XCTAssertThrowsError(try db.makeStatement(sql: sql)) { assertNULError($0, sql: sql) }
            XCTAssertThrowsError(try db.cachedStatement(sql: sql)) { assertNULError($0, sql: sql) }
            XCTAssertThrowsError(try Row.fetchAll(db, sql: sql)) { assertNULError($0, sql: sql) }
            XCTAssertThrowsError(try Int.fetchOne(db, SQLRequest<Int>(sql: sql, cached: true))) { assertNULError($0, sql: sql) }
            XCTAssertThrowsError(try Row.fetchAll(db, sql: "SELECT 'a\u{0}b'")) { assertNULError($0, sql: "SELECT 'a\u{0}b'") }
            let literal: SQL = "SELECT * FROM book WHERE id = \(1)\(sql: "\u{0} OR 1 = 1")"
            XCTAssertThrowsError(try db.execute(literal: literal)) { error in
                assertNULError(error, sql: "SELECT * FROM book WHERE id = ?\u{0} OR 1 = 1")
            }
        }
    }

    func testSQLEndingWithNULAndWhiteSpaceRuns() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            try db.execute(sql: "DELETE FROM book WHERE id = 1\u{0}")
            try db.execute(sql: "DELETE FROM book WHERE id = 2;\u{0} \n\u{0}\t")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book\u{0}\u{0}"), 1)
        }
        XCTAssertEqual(try bookIDs(dbQueue), [3])
    }

    func testValuesWithNULRoundTrip() throws {
        let dbQueue = try makeLibrary()
        try dbQueue.write { db in
            let title = "a\u{0}b"
            try db.execute(sql: "UPDATE book SET title = ? WHERE id = 1", arguments: [title])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT title FROM book WHERE id = 1"), title)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT length(CAST(title AS BLOB)) FROM book WHERE id = 1"), 3)

            // A function result keeps its NUL too.
            db.add(function: DatabaseFunction("echo", argumentCount: 1) { values in
                String.fromDatabaseValue(values[0])
            })
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT echo(?)", arguments: [title]), title)
        }
    }

    func testDatabaseQueueRefusesAPathWithNUL() throws {
        let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent().path
        let path = directory + "/db\u{0}evil.sqlite"
        XCTAssertThrowsError(try DatabaseQueue(path: path)) { error in
            let error = error as! DatabaseError
            XCTAssertEqual(error.resultCode, .SQLITE_CANTOPEN)
            XCTAssertEqual(error.message, "could not open database at \(String(reflecting: path)): the path contains a NUL character")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/db"))
    }

    func testDatabasePoolRefusesAPathWithNUL() throws {
        let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent().path
        let path = directory + "/db\u{0}evil.sqlite"
        XCTAssertThrowsError(try DatabasePool(path: path)) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_CANTOPEN)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/db"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    func testNamedInMemoryDatabaseRefusesANameWithNUL() throws {
        let shared = try DatabaseQueue(named: "shared")
        try shared.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertThrowsError(try DatabaseQueue(named: "shared\u{0}other")) { error in
            XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_CANTOPEN)
        }
    }
}
