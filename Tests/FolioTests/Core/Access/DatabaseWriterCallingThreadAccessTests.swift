@testable import Folio
import Dispatch
import Foundation
import XCTest

/// The synchronous accesses of a queue and of a pool's writer run their
/// closure on the calling thread, under the connection's access lock,
/// instead of hopping onto the connection's dispatch queue, unless work
/// waits on the queue: every guarantee of the queue must hold.
final class DatabaseWriterCallingThreadAccessTests: FolioTestCase {
    private func makeQueue(configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: configuration)
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        return dbQueue
    }

    private func makePool(configuration: Configuration = Configuration()) throws -> DatabasePool {
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        return dbPool
    }

    private func values(_ writer: some DatabaseWriter) throws -> [Int] {
        try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY rowid") }
    }

    func testSynchronousAccessesOfAQueueRunOnTheCallingThread() throws {
        let dbQueue = try makeQueue()
        let thread = pthread_self()
        func isCallingThread() -> Bool { pthread_equal(pthread_self(), thread) != 0 }
        XCTAssertTrue(try dbQueue.write { _ in isCallingThread() })
        XCTAssertTrue(dbQueue.writeWithoutTransaction { _ in isCallingThread() })
        XCTAssertTrue(try dbQueue.barrierWriteWithoutTransaction { _ in isCallingThread() })
        XCTAssertTrue(dbQueue.inDatabase { _ in isCallingThread() })
        XCTAssertTrue(try dbQueue.read { _ in isCallingThread() })
        XCTAssertTrue(dbQueue.unsafeRead { _ in isCallingThread() })
        var inTransaction = false
        try dbQueue.inTransaction { _ in
            inTransaction = isCallingThread()
            return .commit
        }
        XCTAssertTrue(inTransaction)
    }

    func testSynchronousAccessesOfAPoolWriterRunOnTheCallingThread() throws {
        let dbPool = try makePool()
        let thread = pthread_self()
        func isCallingThread() -> Bool { pthread_equal(pthread_self(), thread) != 0 }
        XCTAssertTrue(try dbPool.write { _ in isCallingThread() })
        XCTAssertTrue(dbPool.writeWithoutTransaction { _ in isCallingThread() })
        XCTAssertTrue(try dbPool.barrierWriteWithoutTransaction { _ in isCallingThread() })
        var inTransaction = false
        try dbPool.writeInTransaction { _ in
            inTransaction = isCallingThread()
            return .commit
        }
        XCTAssertTrue(inTransaction)
    }

    func testWritesWithAWriteTargetQueueKeepRunningOnTheQueue() throws {
        let target = DispatchQueue(label: "writeTarget")
        var configuration = Configuration()
        configuration.writeTargetQueue = target
        let dbQueue = try makeQueue(configuration: configuration)
        let dbPool = try makePool(configuration: configuration)
        try dbQueue.write { _ in dispatchPrecondition(condition: .onQueue(target)) }
        try dbPool.write { _ in dispatchPrecondition(condition: .onQueue(target)) }
        XCTAssertTrue(dbQueue.writer.isOnQueue == false)
    }

    func testWriteIsAnAccessToTheConnectionUntilItReturns() throws {
        let dbQueue = try makeQueue()
        let dbPool = try makePool()
        XCTAssertFalse(dbQueue.writer.isOnQueue)
        XCTAssertTrue(try dbQueue.write { _ in dbQueue.writer.isOnQueue })
        XCTAssertFalse(dbQueue.writer.isOnQueue)
        XCTAssertTrue(try dbPool.write { _ in dbPool.isInsideAccess && dbPool.writer.isOnQueue })
        XCTAssertFalse(dbPool.isInsideAccess)
        // A write that throws ends the access too.
        struct Failure: Error {}
        XCTAssertThrowsError(try dbQueue.write { _ in throw Failure() })
        XCTAssertThrowsError(try dbPool.write { _ in throw Failure() })
        XCTAssertFalse(dbQueue.writer.isOnQueue)
        XCTAssertFalse(dbPool.isInsideAccess)
    }

    func testUnsafeReentrantAccessesInsideAWriteUseItsConnection() throws {
        let dbQueue = try makeQueue()
        let dbPool = try makePool()
        for writer in [dbQueue as any DatabaseWriter, dbPool] {
            let counts = try writer.write { db -> (Int?, Int?) in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                // Uncommitted: only the connection of the write sees it.
                let written = try writer.unsafeReentrantWrite { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
                }
                let read = try writer.unsafeReentrantRead { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
                }
                return (written, read)
            }
            XCTAssertEqual(counts.0, 1)
            XCTAssertEqual(counts.1, 1)
        }
    }

    func testConcurrentReadsFromAWriteOnTheCallingThread() throws {
        let dbQueue = try makeQueue()
        let spawned = Synchronized<Int?>(nil)
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            dbQueue.spawnConcurrentRead { result in
                spawned.withLock { $0 = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM t") }
            }
        }
        XCTAssertEqual(spawned.withLock { $0 }, 1)

        let dbPool = try makePool()
        let read = expectation(description: "concurrent read")
        let concurrent = Synchronized<Int?>(nil)
        try dbPool.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            dbPool.asyncConcurrentRead { result in
                concurrent.withLock { $0 = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM t") }
                read.fulfill()
            }
            // Not seen by the concurrent read, which started before.
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        wait(for: [read], timeout: 10)
        XCTAssertEqual(concurrent.withLock { $0 }, 1)
    }

    func testSynchronousWritesRunAfterTheAsyncWritesAskedBefore() throws {
        let dbQueue = try makeQueue()
        let dbPool = try makePool()
        for writer in [dbQueue as any DatabaseWriter, dbPool] {
            var expected: [Int] = []
            for value in 0..<60 {
                switch value % 3 {
                case 0:
                    writer.asyncWriteWithoutTransaction { db in
                        // Slow enough for the next access to find it
                        // waiting on the queue.
                        Thread.sleep(forTimeInterval: 0.001)
                        try? db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                    }
                case 1:
                    writer.asyncWrite({ db in
                        try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                    }, completion: { _, _ in })
                default:
                    try writer.write { db in
                        try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                    }
                }
                expected.append(value)
            }
            XCTAssertEqual(try values(writer), expected)
        }
    }

    func testEachThreadKeepsTheOrderOfItsAccessesUnderContention() throws {
        let dbQueue = try makeQueue()
        let dbPool = try makePool()
        for writer in [dbQueue as any DatabaseWriter, dbPool] {
            let threadCount = 4
            let writeCount = 50
            DispatchQueue.concurrentPerform(iterations: threadCount) { thread in
                for index in 0..<writeCount {
                    let value = thread * 1000 + index
                    if index.isMultiple(of: 2) {
                        writer.asyncWriteWithoutTransaction { db in
                            try? db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                        }
                    } else {
                        try? writer.write { db in
                            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                        }
                    }
                }
            }
            // Waits for the last async writes.
            writer.writeWithoutTransaction { _ in }
            let written = try values(writer)
            XCTAssertEqual(written.count, threadCount * writeCount)
            for thread in 0..<threadCount {
                let ofThread = written.filter { $0 / 1000 == thread }
                XCTAssertEqual(ofThread, (0..<writeCount).map { thread * 1000 + $0 })
            }
        }
    }

    func testAsyncAwaitWritesAndSynchronousWritesShareTheConnectionOneAtATime() async throws {
        let dbQueue = try makeQueue()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for value in 0..<40 {
                if value.isMultiple(of: 2) {
                    group.addTask {
                        try await dbQueue.write { db in
                            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                        }
                    }
                } else {
                    group.addTask {
                        try Self.insertSynchronously(value, into: dbQueue)
                    }
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(try values(dbQueue).sorted(), Array(0..<40))
        // The async accesses left no work counted on the queue: the next
        // write runs on the calling thread.
        XCTAssertTrue(try Self.writesOnCallingThread(dbQueue))
    }

    /// A synchronous write, from async code.
    private static func insertSynchronously(_ value: Int, into dbQueue: DatabaseQueue) throws {
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
        }
    }

    /// Whether a synchronous write runs on the calling thread, from async
    /// code.
    private static func writesOnCallingThread(_ dbQueue: DatabaseQueue) throws -> Bool {
        let thread = pthread_self()
        return try dbQueue.write { _ in pthread_equal(pthread_self(), thread) != 0 }
    }

    func testCursorOfAWriteIsNotUsableAfterTheWriteReturns() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        let cursor = try dbQueue.write { db in try Int.fetchCursor(db, sql: "SELECT a FROM t") }
        XCTAssertThrowsError(try cursor.next()) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
    }

    func testCloseDuringAWriteWaitsForTheWriteToEnd() throws {
        let dbQueue = try makeQueue()
        let started = DispatchSemaphore(value: 0)
        let closed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.wait()
            try? dbQueue.close()
            closed.signal()
        }
        try dbQueue.write { db in
            started.signal()
            // The close waits for the access lock.
            Thread.sleep(forTimeInterval: 0.05)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 1)
        }
        closed.wait()
        XCTAssertThrowsError(try dbQueue.write { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
    }

    func testCloseInsideAWriteClosesTheConnection() throws {
        let dbPool = try makePool()
        try dbPool.writeWithoutTransaction { _ in try dbPool.close() }
        XCTAssertThrowsError(try dbPool.write { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
    }

    func testInterruptStopsAWriteOnTheCallingThread() throws {
        let dbQueue = try makeQueue()
        let started = DispatchSemaphore(value: 0)
        let writeEnded = Synchronized(false)
        let interruptsEnded = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.wait()
            while !writeEnded.withLock({ $0 }) {
                dbQueue.interrupt()
                Thread.sleep(forTimeInterval: 0.01)
            }
            interruptsEnded.signal()
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            started.signal()
            _ = try Int.fetchOne(db, sql: """
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c
                """)
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_INTERRUPT)
        }
        writeEnded.withLock { $0 = true }
        interruptsEnded.wait()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testAsyncWriteThatWritesAnotherDatabaseDoesNotDeadlock() throws {
        let first = try makeQueue()
        let second = try makeQueue()
        let done = expectation(description: "writes")
        done.expectedFulfillmentCount = 20
        for value in 0..<10 {
            first.asyncWriteWithoutTransaction { _ in
                try? second.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
                done.fulfill()
            }
            DispatchQueue.global().async {
                try? second.write { db in
                    try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [100 + value])
                }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(try values(second).count, 20)
    }

    func testTransactionObserversAreNotifiedInTheOrderOfTheWrites() throws {
        let dbQueue = try makeQueue()
        let observed = Synchronized<[Int]>([])
        let observation = DatabaseRegionObservation(tracking: Table("t"))
        let cancellable = observation.start(in: dbQueue, onError: { XCTFail("\($0)") }) { db in
            let last = try? Int.fetchOne(db, sql: "SELECT a FROM t ORDER BY rowid DESC LIMIT 1")
            observed.withLock { $0.append(last ?? -1) }
        }
        for value in 0..<30 {
            if value.isMultiple(of: 2) {
                dbQueue.asyncWriteWithoutTransaction { db in
                    try? db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                }
            } else {
                try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
            }
        }
        dbQueue.writeWithoutTransaction { _ in }
        XCTAssertEqual(observed.withLock { $0 }, Array(0..<30))
        cancellable.cancel()
    }

    func testValueObservationIsNotifiedInOrderOfTheWrites() throws {
        for writer in [try makeQueue() as any DatabaseWriter, try makePool()] {
            let notified = Synchronized<[Int]>([])
            let last = expectation(description: "last value")
            let observation = ValueObservation.tracking { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") ?? 0
            }
            let cancellable = observation.start(
                in: writer,
                scheduling: .async(onQueue: DispatchQueue(label: "observation")),
                onError: { XCTFail("\($0)") },
                onChange: { count in
                    notified.withLock { $0.append(count) }
                    if count == 20 { last.fulfill() }
                })
            for value in 0..<20 {
                try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
            }
            wait(for: [last], timeout: 10)
            let counts = notified.withLock { $0 }
            XCTAssertEqual(counts, counts.sorted())
            XCTAssertEqual(counts.last, 20)
            cancellable.cancel()
        }
    }
}
