import Foundation
import Folio
import XCTest

/// `DatabaseReader.close()` refuses to close a connection while a statement
/// or a cursor of the application is alive: it throws (and SQLite logs its
/// diagnostic, see LogErrorTests), and the connection is no longer usable.
/// A file that is not a database throws when it opens. A pool creates its
/// `-wal` and `-shm` files when it opens.
final class ConnectionOpenCloseTests: FolioTestCase {
    private func assertCloseRefused(_ expression: @autoclosure () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_BUSY, file: file, line: line)
            XCTAssertTrue(
                (error as? DatabaseError)?.message?.hasPrefix("unable to close due to unfinalized statements") == true,
                "\(error)", file: file, line: line)
        }
    }

    func testCloseWithALiveStatementThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        let statement = try dbQueue.inDatabase { db in try db.makeStatement(sql: "SELECT 1") }
        assertCloseRefused(try dbQueue.close())
        // The connection is closed for the accesses all the same.
        XCTAssertThrowsError(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT 1") })
        withExtendedLifetime(statement) { }
    }

    func testCloseWithALiveCursorThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        let cursor = try dbQueue.inDatabase { db in try Int.fetchCursor(db, sql: "SELECT 1") }
        assertCloseRefused(try dbQueue.close())
        withExtendedLifetime(cursor) { }
    }

    func testCloseWithoutLiveStatementsSucceeds() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            _ = try db.cachedStatement(sql: "SELECT * FROM t")
            _ = try Int.fetchAll(db, sql: "SELECT COUNT(*) FROM t")
        }
        try dbQueue.close()
        try dbQueue.close() // closing again does nothing
    }

    func testPoolCloseWithALiveStatementOfAReaderThrows() throws {
        let dbPool = try makeDatabasePool()
        let statement = try dbPool.read { db in try db.makeStatement(sql: "SELECT 1") }
        assertCloseRefused(try dbPool.close())
        XCTAssertThrowsError(try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") })
        withExtendedLifetime(statement) { }
    }

    func testPoolCloseWithALiveStatementOfTheWriterThrows() throws {
        let dbPool = try makeDatabasePool()
        let statement = try dbPool.write { db in try db.makeStatement(sql: "SELECT 1") }
        assertCloseRefused(try dbPool.close())
        withExtendedLifetime(statement) { }
    }

    // MARK: - Opening

    private func makeNonDatabaseFile() throws -> String {
        let path = temporaryDatabasePath()
        try Data(String(repeating: "This is not a database. ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testOpeningAFileThatIsNotADatabaseThrowsAtOpen() throws {
        let path = try makeNonDatabaseFile()
        XCTAssertThrowsError(try DatabaseQueue(path: path)) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_NOTADB, "\(error)")
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
        XCTAssertThrowsError(try DatabasePool(path: path)) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_NOTADB, "\(error)")
        }
        var config = Configuration()
        config.readonly = true
        XCTAssertThrowsError(try DatabaseQueue(path: path, configuration: config)) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_NOTADB, "\(error)")
        }
    }

    func testPoolCreatesItsWALAndSHMFilesAtOpen() throws {
        let path = temporaryDatabasePath()
        let dbPool = try DatabasePool(path: path)
        let manager = FileManager.default
        XCTAssertTrue(manager.fileExists(atPath: path))
        XCTAssertTrue(manager.fileExists(atPath: path + "-wal"))
        XCTAssertTrue(manager.fileExists(atPath: path + "-shm"))
        withExtendedLifetime(dbPool) { }
    }
}
