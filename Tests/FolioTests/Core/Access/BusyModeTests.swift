import Folio
import Foundation
import XCTest

/// `Configuration.busyMode`: what a connection does when another
/// connection holds the lock it needs. Each test opens two queues on the
/// same temporary file: the first one holds the write lock inside a write,
/// while the second one begins an IMMEDIATE transaction, which needs it.
final class BusyModeTests: FolioTestCase {
    private func makeQueues(
        busyMode: Database.BusyMode,
        holderBusyMode: Database.BusyMode = .immediateError) throws -> (holder: DatabaseQueue, contender: DatabaseQueue)
    {
        let path = temporaryDatabasePath()
        var holderConfig = Configuration()
        holderConfig.busyMode = holderBusyMode
        let holder = try DatabaseQueue(path: path, configuration: holderConfig)
        try holder.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
        }
        var config = Configuration()
        config.busyMode = busyMode
        let contender = try DatabaseQueue(path: path, configuration: config)
        return (holder, contender)
    }

    private func writeImmediately(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.inDatabase { db in
            try db.inTransaction(.immediate) {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                return .commit
            }
        }
    }

    func testImmediateErrorThrowsBusyAtOnce() throws {
        let (holder, contender) = try makeQueues(busyMode: .immediateError)
        try holder.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            let start = Date()
            XCTAssertThrowsError(try writeImmediately(contender)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_BUSY)
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        }
        try writeImmediately(contender) // the lock is free again
        XCTAssertEqual(try holder.read { try Int.fetchAll($0, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
    }

    func testImmediateErrorIsTheDefault() {
        guard case .immediateError = Configuration().busyMode else {
            return XCTFail("unexpected default busy mode")
        }
    }

    func testTimeoutThrowsBusyWhenTheLockOutlastsTheDelay() throws {
        let (holder, contender) = try makeQueues(busyMode: .timeout(0.2))
        try holder.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            let start = Date()
            XCTAssertThrowsError(try writeImmediately(contender)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_BUSY)
            }
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.15)
        }
    }

    // The waits are generous (a minute) so that a loaded CI machine cannot
    // fail the test: on an idle one it takes milliseconds. The holder waits
    // too: while the contender retries, it briefly holds the SHARED lock
    // that the holder's COMMIT must see released.
    func testTimeoutWaitsUntilTheLockIsReleased() throws {
        let (holder, contender) = try makeQueues(busyMode: .timeout(60), holderBusyMode: .timeout(60))
        let waiting = DispatchSemaphore(value: 0)
        let done = expectation(description: "contender wrote")
        try holder.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            DispatchQueue.global().async {
                do {
                    try contender.inDatabase { db in
                        db.trace { event in
                            // Reported as the statement starts, before it
                            // finds the database locked.
                            if "\(event)".hasPrefix("BEGIN IMMEDIATE") { waiting.signal() }
                        }
                        try db.inTransaction(.immediate) {
                            try db.execute(sql: "INSERT INTO t VALUES (2)")
                            return .commit
                        }
                    }
                } catch {
                    XCTFail("unexpected error: \(error)")
                }
                done.fulfill()
            }
            XCTAssertEqual(waiting.wait(timeout: .now() + 60), .success)
        } // commits, and releases the lock
        wait(for: [done], timeout: 60)
        XCTAssertEqual(try holder.read { try Int.fetchAll($0, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
    }

    func testCallbackDecidesWhetherToTryAgain() throws {
        let attempts = Attempts()
        let (holder, contender) = try makeQueues(busyMode: .callback { count in
            attempts.append(count)
            return count < 3
        })
        try holder.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try writeImmediately(contender)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_BUSY)
            }
        }
        XCTAssertEqual(attempts.values, [0, 1, 2, 3])
        try writeImmediately(contender)
        XCTAssertEqual(attempts.values, [0, 1, 2, 3], "no lock, no call")
    }

    func testCallbackThatReturnsFalseFailsAtOnce() throws {
        let attempts = Attempts()
        let (holder, contender) = try makeQueues(busyMode: .callback { count in
            attempts.append(count)
            return false
        })
        try holder.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try writeImmediately(contender)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_BUSY)
            }
        }
        XCTAssertEqual(attempts.values, [0])
    }
}

/// The counts a busy callback received, from the connection's thread.
private final class Attempts: @unchecked Sendable {
    // @unchecked Sendable: all access goes through `lock`.
    private let lock = NSLock()
    private var _values: [Int] = []

    var values: [Int] {
        lock.lock(); defer { lock.unlock() }
        return _values
    }

    func append(_ value: Int) {
        lock.lock(); defer { lock.unlock() }
        _values.append(value)
    }
}
