import Folio
import XCTest

/// WAL connections run in `PRAGMA synchronous = NORMAL`, as in GRDB: a
/// commit does not wait for an fsync. FULL stays available.
final class WALSynchronousTests: FolioTestCase {
    func testPoolWriterIsInSynchronousNormal() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        // 1 is NORMAL, 2 is FULL.
        XCTAssertEqual(try dbPool.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 1)
    }

    func testQueueInWALModeIsInSynchronousNormal() throws {
        var config = Configuration()
        config.journalMode = .wal
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: config)
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 1)
    }

    func testQueueInDefaultJournalModeKeepsSQLiteDefault() throws {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath())
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 2)
    }

    func testPrepareDatabaseCanAskForSynchronousFull() throws {
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: config)
        XCTAssertEqual(try dbPool.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 2)
    }

    func testCommitsOfAPoolSurviveReopening() throws {
        let path = temporaryDatabasePath()
        do {
            let dbPool = try DatabasePool(path: path)
            try dbPool.write { db in
                try db.execute(sql: "CREATE TABLE t(a)")
                for i in 0..<100 { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [i]) }
            }
        }
        let dbPool = try DatabasePool(path: path)
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 100)
    }
}
