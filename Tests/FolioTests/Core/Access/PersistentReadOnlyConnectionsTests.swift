import Folio
import Foundation
import XCTest

/// `Configuration.persistentReadOnlyConnections`: whether the readers of a
/// pool survive `releaseMemory()`. A reader is recognized by its
/// description, which numbers the connections of the pool.
final class PersistentReadOnlyConnectionsTests: FolioTestCase {
    private func makePool(persistent: Bool) throws -> DatabasePool {
        var config = Configuration()
        config.maximumReaderCount = 1
        config.persistentReadOnlyConnections = persistent
        return try DatabasePool(path: temporaryDatabasePath(), configuration: config)
    }

    func testReleaseMemoryClosesReadersByDefault() throws {
        XCTAssertFalse(Configuration().persistentReadOnlyConnections)
        let dbPool = try makePool(persistent: false)
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")
        dbPool.releaseMemory()
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.2")
    }

    func testReleaseMemoryKeepsPersistentReaders() throws {
        let dbPool = try makePool(persistent: true)
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")
        dbPool.releaseMemory()
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")
        try dbPool.write { try $0.execute(sql: "CREATE TABLE t (a)") }
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 0)
    }

    func testReleaseMemoryEventuallyKeepsPersistentReaders() throws {
        let dbPool = try makePool(persistent: true)
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")
        dbPool.releaseMemoryEventually()
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")

        let other = try makePool(persistent: false)
        XCTAssertEqual(try other.read { $0.description }, "GRDB.DatabasePool.reader.1")
        other.releaseMemoryEventually()
        XCTAssertEqual(try other.read { $0.description }, "GRDB.DatabasePool.reader.2")
    }

    func testInvalidateReadOnlyConnectionsClosesPersistentReaders() throws {
        let dbPool = try makePool(persistent: true)
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")
        dbPool.invalidateReadOnlyConnections()
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.2")
    }
}
