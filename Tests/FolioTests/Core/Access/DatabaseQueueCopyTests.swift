import Folio
import Foundation
import XCTest

final class DatabaseQueueCopyTests: FolioTestCase {
    /// The path of a database file with a table of two players.
    private func makeSourceFile() throws -> String {
        let path = temporaryDatabasePath()
        let dbQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (name TEXT);
                INSERT INTO player VALUES ('Arthur'), ('Barbara');
                """)
        }
        try dbQueue.close()
        return path
    }

    private func names(_ reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name") }
    }

    private func names(atPath path: String) throws -> [String] {
        try names(DatabaseQueue(path: path))
    }

    func testInMemoryCopyHasTheContent() throws {
        let path = try makeSourceFile()
        let copy = try DatabaseQueue.inMemoryCopy(fromPath: path)
        XCTAssertEqual(copy.path, ":memory:")
        XCTAssertEqual(try names(copy), ["Arthur", "Barbara"])
    }

    func testInMemoryCopyChangesDoNotChangeTheOriginal() throws {
        let path = try makeSourceFile()
        let copy = try DatabaseQueue.inMemoryCopy(fromPath: path)
        try copy.write { db in try db.execute(sql: "DELETE FROM player WHERE name = 'Arthur'") }
        XCTAssertEqual(try names(copy), ["Barbara"])
        XCTAssertEqual(try names(atPath: path), ["Arthur", "Barbara"])
    }

    func testTemporaryCopyHasTheContent() throws {
        let path = try makeSourceFile()
        let copy = try DatabaseQueue.temporaryCopy(fromPath: path)
        XCTAssertEqual(copy.path, "")
        XCTAssertEqual(try names(copy), ["Arthur", "Barbara"])
    }

    func testTemporaryCopyChangesDoNotChangeTheOriginal() throws {
        let path = try makeSourceFile()
        let copy = try DatabaseQueue.temporaryCopy(fromPath: path)
        try copy.write { db in try db.execute(sql: "INSERT INTO player VALUES ('Craig')") }
        XCTAssertEqual(try names(copy), ["Arthur", "Barbara", "Craig"])
        XCTAssertEqual(try names(atPath: path), ["Arthur", "Barbara"])
    }

    func testCopiesArePrivate() throws {
        let path = try makeSourceFile()
        let copy1 = try DatabaseQueue.temporaryCopy(fromPath: path)
        let copy2 = try DatabaseQueue.temporaryCopy(fromPath: path)
        try copy1.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(try names(copy1), [])
        XCTAssertEqual(try names(copy2), ["Arthur", "Barbara"])
    }

    func testReadOnlyCopiesRefuseWrites() throws {
        let path = try makeSourceFile()
        var config = Configuration()
        config.readonly = true
        for copy in [
            try DatabaseQueue.inMemoryCopy(fromPath: path, configuration: config),
            try DatabaseQueue.temporaryCopy(fromPath: path, configuration: config),
        ] {
            XCTAssertEqual(try names(copy), ["Arthur", "Barbara"])
            assertDatabaseError(.SQLITE_READONLY) {
                try copy.writeWithoutTransaction { db in try db.execute(sql: "DELETE FROM player") }
            }
            XCTAssertEqual(try names(copy), ["Arthur", "Barbara"])
        }
    }

    func testCopiesUseTheConfiguration() throws {
        let path = try makeSourceFile()
        var config = Configuration()
        config.label = "Copy"
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("answer", argumentCount: 0) { _ in 42 })
        }
        let copy = try DatabaseQueue.inMemoryCopy(fromPath: path, configuration: config)
        XCTAssertEqual(copy.configuration.label, "Copy")
        XCTAssertEqual(try copy.read { db in try Int.fetchOne(db, sql: "SELECT answer()") }, 42)
    }

    func testCopyOfAWALDatabase() throws {
        let path = temporaryDatabasePath()
        let dbPool = try DatabasePool(path: path)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT); INSERT INTO player VALUES ('Arthur')")
        }
        // While the pool is open, and after it is closed.
        XCTAssertEqual(try names(DatabaseQueue.inMemoryCopy(fromPath: path)), ["Arthur"])
        try dbPool.close()
        XCTAssertEqual(try names(DatabaseQueue.inMemoryCopy(fromPath: path)), ["Arthur"])
        XCTAssertEqual(try names(DatabaseQueue.temporaryCopy(fromPath: path)), ["Arthur"])
    }

    func testCopyOfAMissingFileFails() throws {
        let path = temporaryDatabasePath()
        assertDatabaseError(.SQLITE_CANTOPEN) { _ = try DatabaseQueue.inMemoryCopy(fromPath: path) }
        assertDatabaseError(.SQLITE_CANTOPEN) { _ = try DatabaseQueue.temporaryCopy(fromPath: path) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
