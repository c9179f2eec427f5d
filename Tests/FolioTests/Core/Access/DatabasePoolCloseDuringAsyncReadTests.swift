import Folio
import Foundation
import XCTest

/// A pool that closes while an `asyncRead` runs: the read goes on, and
/// closes its connection when it ends, from the connection's own dispatch
/// queue (this used to stop the program with a `dispatch_sync` deadlock
/// trap, as the benchmark of observation fan-out found).
final class DatabasePoolCloseDuringAsyncReadTests: FolioTestCase {
    func testAsyncReadThatEndsAfterThePoolClosedClosesItsConnection() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        try dbPool.write { try $0.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (42)") }

        let readStarted = DispatchSemaphore(value: 0)
        let poolClosed = DispatchSemaphore(value: 0)
        let readEnded = expectation(description: "read ended")
        let value = SharedValue<Int?>(nil)
        dbPool.asyncRead { result in
            readStarted.signal()
            poolClosed.wait()
            value.set(try? Int.fetchOne(result.get(), sql: "SELECT a FROM t"))
            readEnded.fulfill()
        }
        readStarted.wait()
        try dbPool.close()
        poolClosed.signal()
        wait(for: [readEnded], timeout: 10)

        // The read went on after the pool closed.
        XCTAssertEqual(value.get(), 42)
        // And the pool stays closed.
        XCTAssertThrowsError(try dbPool.read { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "the database pool is closed")
        }
    }
}

/// A value shared between a test and the closures it runs on other
/// threads.
private final class SharedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: all access goes through `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value {
        lock.lock(); defer { lock.unlock() }
        return value
    }

    func set(_ newValue: Value) {
        lock.lock(); defer { lock.unlock() }
        value = newValue
    }
}
