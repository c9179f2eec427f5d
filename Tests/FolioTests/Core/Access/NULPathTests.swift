import Folio
import Foundation
import XCTest

/// Every API that takes a file path refuses a path with a NUL character:
/// SQLite would read the path up to the NUL, and write another file.
final class NULPathTests: FolioTestCase {
    private func assertRefusesNULPath(
        _ expression: @autoclosure () throws -> Void,
        file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(error.resultCode, .SQLITE_CANTOPEN, file: file, line: line)
            XCTAssertTrue(error.message?.contains("NUL") ?? false, error.description, file: file, line: line)
        }
    }

    func testVacuumIntoRefusesAPathWithNULAndWritesNothing() throws {
        let directory = (temporaryDatabasePath() as NSString).deletingLastPathComponent
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1)") }
        assertRefusesNULPath(try dbQueue.vacuum(into: directory + "/copy\u{0}evil.sqlite"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/copy"))
    }

    func testAsyncVacuumIntoRefusesAPathWithNUL() async throws {
        let directory = (temporaryDatabasePath() as NSString).deletingLastPathComponent
        let dbQueue = try makeDatabaseQueue()
        do {
            try await dbQueue.vacuum(into: directory + "/copy\u{0}evil.sqlite")
            XCTFail("expected an error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_CANTOPEN)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/copy"))
    }

    func testCopiesRefuseASourcePathWithNUL() throws {
        let path = temporaryDatabasePath()
        let source = try DatabaseQueue(path: path)
        try source.write { db in try db.execute(sql: "CREATE TABLE t(a)") }
        assertRefusesNULPath(_ = try DatabaseQueue.inMemoryCopy(fromPath: path + "\u{0}evil"))
        assertRefusesNULPath(_ = try DatabaseQueue.temporaryCopy(fromPath: path + "\u{0}evil"))
    }
}
