@testable import Folio
import Dispatch
import Foundation
import XCTest

/// The synchronous reads of a pool run their closure on the calling
/// thread, under the reader's access lock, instead of hopping onto the
/// reader's dispatch queue: every guarantee of the queue must hold.
final class DatabasePoolCallingThreadReadTests: FolioTestCase {
    private func makeNumbersPool(configuration: Configuration = Configuration()) throws -> DatabasePool {
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        return dbPool
    }

    func testReadAndUnsafeReadRunOnTheCallingThread() throws {
        let dbPool = try makeNumbersPool()
        let thread = pthread_self()
        XCTAssertTrue(try dbPool.read { _ in pthread_equal(pthread_self(), thread) != 0 })
        XCTAssertTrue(try dbPool.unsafeRead { _ in pthread_equal(pthread_self(), thread) != 0 })
    }

    func testReadIsAnAccessToThePoolUntilItReturns() throws {
        let dbPool = try makeNumbersPool()
        XCTAssertFalse(dbPool.isInsideAccess)
        XCTAssertTrue(try dbPool.read { _ in dbPool.isInsideAccess })
        XCTAssertTrue(try dbPool.unsafeRead { _ in dbPool.isInsideAccess })
        XCTAssertFalse(dbPool.isInsideAccess)
        // A read that throws ends the access too.
        struct Failure: Error {}
        XCTAssertThrowsError(try dbPool.read { _ in throw Failure() })
        XCTAssertFalse(dbPool.isInsideAccess)
    }

    func testOnlyTheInnermostReadIsTheCurrentAccessAsWithQueues() throws {
        // As `DispatchQueue.getSpecific` sees only the current queue, a
        // read of another pool, or an access on a connection's queue,
        // nested in a read, is the current access until it returns.
        let dbPool = try makeNumbersPool()
        let otherPool = try makeNumbersPool()
        let dbQueue = try makeDatabaseQueue()
        let (inner, insideQueue, afterwards) = try dbPool.read { db in
            let inner = try otherPool.read { db in
                (try Int.fetchOne(db, sql: "SELECT a FROM t"), dbPool.isInsideAccess, otherPool.isInsideAccess)
            }
            let insideQueue = dbQueue.inDatabase { _ in dbPool.isInsideAccess }
            return (inner, insideQueue, dbPool.isInsideAccess && !otherPool.isInsideAccess)
        }
        XCTAssertEqual(inner.0, 1)
        XCTAssertFalse(inner.1)
        XCTAssertTrue(inner.2)
        XCTAssertFalse(insideQueue)
        XCTAssertTrue(afterwards)
    }

    func testUnsafeReentrantReadInsideAReadUsesItsConnectionAndSnapshot() throws {
        let dbPool = try makeNumbersPool()
        let started = DispatchSemaphore(value: 0)
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.wait()
            try? dbPool.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
            written.signal()
        }
        let counts = try dbPool.read { db -> (Int?, Int?) in
            let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
            started.signal()
            written.wait()
            let reentrant = try dbPool.unsafeReentrantRead { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
            }
            return (before, reentrant)
        }
        XCTAssertEqual(counts.0, 1)
        XCTAssertEqual(counts.1, 1)
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 2)
    }

    func testCursorOfAReadIsNotUsableAfterTheReadReturns() throws {
        let dbPool = try makeNumbersPool()
        let cursor = try dbPool.read { db in try Int.fetchCursor(db, sql: "SELECT a FROM t") }
        XCTAssertThrowsError(try cursor.next()) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
    }

    func testReleaseMemoryEventuallyDuringAReadWaitsForTheReadToEnd() throws {
        var configuration = Configuration()
        configuration.persistentReadOnlyConnections = true
        configuration.maximumReaderCount = 1
        let dbPool = try makeNumbersPool(configuration: configuration)
        let values = try dbPool.read { db -> [Int] in
            // Queued on the reader's queue: it must not run on the
            // connection while this read uses it.
            dbPool.releaseMemoryEventually()
            var values: [Int] = []
            for _ in 0..<50 {
                values.append(try Int.fetchOne(db, sql: "SELECT a FROM t")!)
            }
            return values
        }
        XCTAssertEqual(values, Array(repeating: 1, count: 50))
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT a FROM t") }, 1)
    }

    func testAsyncReadsAndCallingThreadReadsShareTheReadersOneAtATime() throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 2
        let dbPool = try makeNumbersPool(configuration: configuration)
        let done = expectation(description: "reads")
        done.expectedFulfillmentCount = 40
        for index in 0..<40 {
            if index.isMultiple(of: 2) {
                dbPool.asyncRead { result in
                    XCTAssertEqual(try? Int.fetchOne(result.get(), sql: "SELECT a FROM t"), 1)
                    done.fulfill()
                }
            } else {
                DispatchQueue.global().async {
                    XCTAssertEqual(try? dbPool.read { try Int.fetchOne($0, sql: "SELECT a FROM t") }, 1)
                    done.fulfill()
                }
            }
        }
        wait(for: [done], timeout: 30)
    }

    func testCloseDuringAReadClosesItsConnectionWhenTheReadEnds() throws {
        let dbPool = try makeNumbersPool()
        let value = try dbPool.read { db -> Int? in
            try dbPool.close()
            return try Int.fetchOne(db, sql: "SELECT a FROM t")
        }
        XCTAssertEqual(value, 1)
        XCTAssertThrowsError(try dbPool.read { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
    }

    func testInterruptStopsAReadOnTheCallingThread() throws {
        let dbPool = try makeNumbersPool()
        let started = DispatchSemaphore(value: 0)
        let readEnded = Synchronized(false)
        let interruptsEnded = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.wait()
            // Until the read ends: an interrupt that comes before the
            // query steps is a no-op.
            while !readEnded.withLock({ $0 }) {
                dbPool.interrupt()
                Thread.sleep(forTimeInterval: 0.01)
            }
            interruptsEnded.signal()
        }
        XCTAssertThrowsError(try dbPool.read { db in
            started.signal()
            // An endless query, until it is interrupted.
            _ = try Int.fetchOne(db, sql: """
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c
                """)
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_INTERRUPT)
        }
        readEnded.withLock { $0 = true }
        interruptsEnded.wait()
        XCTAssertEqual(try dbPool.read { try Int.fetchOne($0, sql: "SELECT a FROM t") }, 1)
    }
}
