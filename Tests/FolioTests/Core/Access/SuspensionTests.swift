import Folio
import Foundation
import XCTest

/// `Configuration.observesSuspensionNotifications`: after
/// `Database.suspendNotification`, a database interrupts what runs and
/// refuses the statements that would lock the database file (reads go on
/// in WAL mode), until `Database.resumeNotification`.
final class SuspensionTests: FolioTestCase {
    override func tearDown() {
        // Never leave the databases of the next tests suspended.
        NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
        super.tearDown()
    }

    private func suspend() {
        NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
    }

    private func resume() {
        NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
    }

    private var observingConfiguration: Configuration {
        var config = Configuration()
        config.observesSuspensionNotifications = true
        return config
    }

    private func assertSuspended<T>(
        _ expression: @autoclosure () throws -> T,
        file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(error.isInterruptionError, "\(error)", file: file, line: line)
            XCTAssertEqual(error.resultCode, .SQLITE_INTERRUPT, file: file, line: line)
            XCTAssertEqual(error.message, "Database is suspended", file: file, line: line)
        }
    }

    func testSuspendedQueueRefusesWritesAndReadsUntilResumed() throws {
        XCTAssertFalse(Configuration().observesSuspensionNotifications)
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: observingConfiguration)
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a)") }

        suspend()
        assertSuspended(try dbQueue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") })
        // Not in WAL mode: reads would lock the database too.
        assertSuspended(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") })
        // Statements that read no table do not lock the database.
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT 1") }, 1)

        resume()
        try dbQueue.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
        try dbQueue.inDatabase { db in
            XCTAssertFalse(db.isInsideTransaction)
            XCTAssertEqual(try Bool.fetchOne(db, sql: "PRAGMA query_only"), false)
        }
    }

    func testSuspendedWALQueueReads() throws {
        var config = observingConfiguration
        config.journalMode = .wal
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: config)
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }

        suspend()
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
        assertSuspended(try dbQueue.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") })
        assertSuspended(try dbQueue.inDatabase { db in
            try db.inTransaction(.immediate) { .commit }
        })

        resume()
        try dbQueue.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 2)
    }

    func testSuspendedPoolReadsButDoesNotWrite() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: observingConfiguration)
        try dbPool.write { try $0.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }

        suspend()
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
        assertSuspended(try dbPool.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") })
        assertSuspended(try dbPool.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO t VALUES (2)") })

        resume()
        try dbPool.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 2)
    }

    func testDatabasesThatDoNotObserveAreNotSuspended() throws {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath())
        suspend()
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
    }

    func testSuspensionInterruptsTheRunningWriteAndReleasesTheLock() throws {
        let path = temporaryDatabasePath()
        let dbQueue = try DatabaseQueue(path: path, configuration: observingConfiguration)
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a)") }
        let started = DispatchSemaphore(value: 0)
        let done = expectation(description: "write ended")
        DispatchQueue.global().async {
            do {
                try dbQueue.write { db in
                    try db.execute(sql: "INSERT INTO t VALUES (1)") // takes the write lock
                    db.add(function: DatabaseFunction("started", argumentCount: 0) { _ in
                        started.signal()
                        return 1
                    })
                    // A statement that runs until it is interrupted.
                    _ = try Int.fetchOne(db, sql: """
                        WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c)
                        SELECT MAX(x) FROM c
                        """)
                }
                XCTFail("expected interruption")
            } catch let error as DatabaseError {
                XCTAssertTrue(error.isInterruptionError, "\(error)")
            } catch {
                XCTFail("\(error)")
            }
            done.fulfill()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        suspend()
        wait(for: [done], timeout: 10)

        // The lock is released: another connection writes at once.
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        XCTAssertEqual(try other.read { try Int.fetchAll($0, sql: "SELECT a FROM t") }, [2])
    }

    func testSuspensionBetweenTwoStatementsOfAWriteRollsItBack() throws {
        let path = temporaryDatabasePath()
        let dbQueue = try DatabaseQueue(path: path, configuration: observingConfiguration)
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a)") }
        assertSuspended(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            suspend()
            // The transaction holds the write lock: its statements stop,
            // and so would its commit.
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
        })
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
        resume()
        XCTAssertEqual(try dbQueue.read { try Int.fetchAll($0, sql: "SELECT a FROM t") }, [2])
    }

    func testTransactionThatHasNotWrittenEndsWhileSuspended() throws {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: observingConfiguration)
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a)") }
        try dbQueue.inDatabase { db in
            // Deferred: a write transaction (IMMEDIATE, the default) takes
            // the write lock at once.
            try db.beginTransaction(.deferred)
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") // read lock
            suspend()
            try db.commit() // releases the lock
            XCTAssertFalse(db.isInsideTransaction)
        }
    }

    func testPostingSeveralTimes() throws {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: observingConfiguration)
        suspend()
        suspend()
        assertSuspended(try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a)") })
        resume()
        resume()
        try dbQueue.write { try $0.execute(sql: "CREATE TABLE t (a)") }
    }

    func testClosedDatabaseIgnoresNotifications() throws {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: observingConfiguration)
        try dbQueue.close()
        suspend()
        resume()
    }
}
