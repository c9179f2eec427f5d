import Dispatch
import Folio
import Foundation
import XCTest

/// Issue 28 (observation across processes), called with the exact spellings
/// the issue gives, as code outside the project calls them: `import Folio`
/// only. The other connections here are other pools and queues on the file;
/// `ExternalChangesProcessTests` runs other processes.
final class ExternalChangesSpellingTests: FolioTestCase {
    /// Values received by an observation; fulfills an expectation when one
    /// reaches the awaited value.
    private final class Received: @unchecked Sendable {
        // @unchecked Sendable: every access goes through `lock`.
        private let lock = NSLock()
        private var _values: [Int] = []
        private var awaited: (Int, XCTestExpectation)?

        var values: [Int] { lock.withLock { _values } }

        func await(_ value: Int, _ expectation: XCTestExpectation) {
            let done = lock.withLock { () -> Bool in
                if _values.contains(value) { return true }
                awaited = (value, expectation)
                return false
            }
            if done { expectation.fulfill() }
        }

        func append(_ value: Int) {
            let expectation = lock.withLock { () -> XCTestExpectation? in
                _values.append(value)
                guard let (expected, expectation) = awaited, expected == value else { return nil }
                awaited = nil
                return expectation
            }
            expectation?.fulfill()
        }
    }

    private func createTable(at path: String) throws {
        let dbQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT)")
        }
        try dbQueue.close()
    }

    func testDefaultIsFalse() {
        XCTAssertFalse(Configuration().observesExternalChanges)
    }

    func testPoolValueAndRegionObservationsSeeAnotherWritersCommits() throws {
        let path = temporaryDatabasePath()
        try createTable(at: path)

        var config = Configuration()
        config.observesExternalChanges = true   // default false
        config.busyMode = .timeout(10)
        let dbPool = try DatabasePool(path: path, configuration: config)

        let counts = Received()
        let regionEvents = Received()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item")! }
            .start(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "counts")),
                   onError: { XCTFail("\($0)") }, onChange: { counts.append($0) })
        let regionCancellable = DatabaseRegionObservation(tracking: Table("item"))
            .start(in: dbPool, onError: { XCTFail("\($0)") }, onChange: { db in
                regionEvents.append((try? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item")) ?? -1)
            })
        let initial = expectation(description: "0")
        counts.await(0, initial)
        wait(for: [initial], timeout: 10)

        // Another DatabaseQueue on the file: not an observed connection.
        let other = try DatabaseQueue(path: path)
        for name in ["a", "b", "c"] {
            try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name]) }
        }
        let three = expectation(description: "3"), regionNotified = expectation(description: "region")
        counts.await(3, three)
        regionEvents.await(3, regionNotified)
        wait(for: [three, regionNotified], timeout: 10)
        cancellable.cancel()
        regionCancellable.cancel()
        XCTAssertEqual(counts.values, counts.values.sorted(), "values never go back in time")
    }

    func testQueueOnAFileSeesAnotherWritersCommits() throws {
        let path = temporaryDatabasePath()
        try createTable(at: path)
        var config = Configuration()
        config.observesExternalChanges = true
        let dbQueue = try DatabaseQueue(path: path, configuration: config)
        let counts = Received()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item")! }
            .start(in: dbQueue, scheduling: .async(onQueue: DispatchQueue(label: "counts")),
                   onError: { XCTFail("\($0)") }, onChange: { counts.append($0) })
        let initial = expectation(description: "0")
        counts.await(0, initial)
        wait(for: [initial], timeout: 10)
        let other = try DatabasePool(path: path)
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        let one = expectation(description: "1")
        counts.await(1, one)
        wait(for: [one], timeout: 10)
        cancellable.cancel()
    }

    @MainActor
    func testInMemoryDatabasesAcceptTheOptionAndWork() throws {
        var config = Configuration()
        config.observesExternalChanges = true
        let dbQueue = try DatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO item DEFAULT VALUES")
        }
        let counts = Received()
        let one = expectation(description: "1")
        counts.await(1, one)
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item")! }
            .start(in: dbQueue, scheduling: .immediate, onError: { XCTFail("\($0)") }, onChange: { counts.append($0) })
        wait(for: [one], timeout: 5)
        cancellable.cancel()
    }

    func testPoolWritesAreImmediateTransactions() throws {
        let path = temporaryDatabasePath()
        try createTable(at: path)
        var config = Configuration()
        config.observesExternalChanges = true
        let dbPool = try DatabasePool(path: path, configuration: config)
        nonisolated(unsafe) var statements: [String] = []
        dbPool.writeWithoutTransaction { db in
            db.trace { statements.append($0.expandedDescription) }
        }
        try dbPool.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        XCTAssertTrue(statements.first?.hasPrefix("BEGIN IMMEDIATE") == true, "\(statements)")
    }
}
