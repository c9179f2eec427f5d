import Dispatch
@testable import Folio
import Foundation
import XCTest

/// `Configuration.observesExternalChanges`: observations hear the commits
/// of other connections to the same file. Here the other connections are
/// other pools and queues of this process; `ExternalChangesProcessTests`
/// uses other processes.
final class ExternalChangesTests: FolioTestCase {
    private func observingConfiguration() -> Configuration {
        var config = Configuration()
        config.observesExternalChanges = true
        config.busyMode = .timeout(10)
        return config
    }

    private func createTable(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS item (id INTEGER PRIMARY KEY, name TEXT)")
        }
    }

    /// Collects the values of an observation, and fulfills an expectation
    /// when one equals `expected`.
    private final class Values: @unchecked Sendable {
        // @unchecked Sendable: all access goes through `lock`.
        private let lock = NSLock()
        private var _values: [Int] = []
        private var expectations: [Int: XCTestExpectation] = [:]

        var values: [Int] { lock.withLock { _values } }

        func expect(_ value: Int, _ expectation: XCTestExpectation) {
            lock.withLock { expectations[value] = expectation }
        }

        func append(_ value: Int) {
            let expectation = lock.withLock { () -> XCTestExpectation? in
                _values.append(value)
                return expectations.removeValue(forKey: value)
            }
            expectation?.fulfill()
        }
    }

    private func observeCount(_ writer: some DatabaseWriter, into values: Values) -> AnyDatabaseCancellable {
        ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
            .start(in: writer, scheduling: .async(onQueue: DispatchQueue(label: "values")),
                   onError: { XCTFail("\($0)") }, onChange: { values.append($0) })
    }

    func testPoolObservationSeesTheCommitsOfAnotherPool() throws {
        let path = temporaryDatabasePath()
        let observed = try DatabasePool(path: path, configuration: observingConfiguration())
        try createTable(observed)
        let other = try DatabasePool(path: path)

        let values = Values()
        let initial = expectation(description: "initial"), final = expectation(description: "3 items")
        values.expect(0, initial)
        values.expect(3, final)
        let cancellable = observeCount(observed, into: values)
        wait(for: [initial], timeout: 10)
        for name in ["a", "b", "c"] {
            try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name]) }
        }
        wait(for: [final], timeout: 10)
        cancellable.cancel()
        // Values never go back in time.
        XCTAssertEqual(values.values, values.values.sorted())
        XCTAssertEqual(values.values.first, 0)
        XCTAssertEqual(values.values.last, 3)
    }

    func testObservationSeesAConnectionOpenedAfterItStarted() throws {
        let path = temporaryDatabasePath()
        let observed = try DatabasePool(path: path, configuration: observingConfiguration())
        try createTable(observed)

        let values = Values()
        let initial = expectation(description: "initial"), final = expectation(description: "1 item")
        values.expect(0, initial)
        values.expect(1, final)
        let cancellable = observeCount(observed, into: values)
        wait(for: [initial], timeout: 10)
        let other = try DatabasePool(path: path)
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        wait(for: [final], timeout: 10)
        cancellable.cancel()
    }

    func testQueueObservationSeesTheCommitsOfAnotherQueue() throws {
        let path = temporaryDatabasePath()
        let observed = try DatabaseQueue(path: path, configuration: observingConfiguration())
        try createTable(observed)
        let other = try DatabaseQueue(path: path, configuration: observingConfiguration())

        let values = Values()
        let initial = expectation(description: "initial"), final = expectation(description: "1 item")
        values.expect(0, initial)
        values.expect(1, final)
        let cancellable = observeCount(observed, into: values)
        wait(for: [initial], timeout: 10)
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        wait(for: [final], timeout: 10)
        cancellable.cancel()
    }

    func testRegionObservationSeesExternalCommits() throws {
        let path = temporaryDatabasePath()
        let observed = try DatabasePool(path: path, configuration: observingConfiguration())
        try createTable(observed)
        let other = try DatabasePool(path: path)

        let notified = expectation(description: "notified")
        notified.assertForOverFulfill = false
        let cancellable = DatabaseRegionObservation(tracking: Table("item"))
            .start(in: observed, onError: { XCTFail("\($0)") }, onChange: { _ in notified.fulfill() })
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        wait(for: [notified], timeout: 10)
        cancellable.cancel()
    }

    func testWithoutTheOptionExternalCommitsAreNotHeard() throws {
        let path = temporaryDatabasePath()
        let observed = try DatabasePool(path: path)
        try createTable(observed)
        let other = try DatabasePool(path: path)
        XCTAssertNil(observed.externalChangeWatcher)

        let values = Values()
        let initial = expectation(description: "initial")
        values.expect(0, initial)
        let notNotified = expectation(description: "no value for the external commit")
        notNotified.isInverted = true
        values.expect(1, notNotified)
        let cancellable = observeCount(observed, into: values)
        wait(for: [initial], timeout: 10)
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        wait(for: [notNotified], timeout: 1)
        cancellable.cancel()
    }

    func testTransactionObserversAreNotToldAboutExternalCommits() throws {
        final class Observer: TransactionObserver, @unchecked Sendable {
            // @unchecked Sendable: used on the writer's queue only.
            var commitCount = 0
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
            func databaseDidChange(with event: DatabaseEvent) { }
            func databaseDidCommit(_ db: Database) { commitCount += 1 }
            func databaseDidRollback(_ db: Database) { }
        }
        let path = temporaryDatabasePath()
        let observed = try DatabasePool(path: path, configuration: observingConfiguration())
        try createTable(observed)
        let other = try DatabasePool(path: path)
        let observer = Observer()
        observed.add(transactionObserver: observer)

        // A region observation keeps the watch running, and tells when the
        // external commit was heard.
        let notified = expectation(description: "notified")
        notified.assertForOverFulfill = false
        let cancellable = DatabaseRegionObservation(tracking: Table("item"))
            .start(in: observed, onError: { XCTFail("\($0)") }, onChange: { _ in notified.fulfill() })
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        wait(for: [notified], timeout: 10)
        cancellable.cancel()
        let commitCount = try observed.read { _ in observer.commitCount }
        XCTAssertEqual(commitCount, 0)
    }

    func testInMemoryDatabasesHaveNoWatch() throws {
        let dbQueue = try DatabaseQueue(configuration: observingConfiguration())
        XCTAssertNil(dbQueue.externalChangeWatcher)
        let named = try DatabaseQueue(named: "ExternalChangesTests", configuration: observingConfiguration())
        XCTAssertNil(named.externalChangeWatcher)
        XCTAssertFalse(ExternalChangeWatcher.isFilePath(":memory:"))
        XCTAssertFalse(ExternalChangeWatcher.isFilePath(""))
        XCTAssertFalse(ExternalChangeWatcher.isFilePath("file:cache?mode=memory&cache=shared"))
        XCTAssertTrue(ExternalChangeWatcher.isFilePath("/tmp/db.sqlite"))
        // An observation works as usual.
        let values = Values()
        let initial = expectation(description: "initial")
        values.expect(0, initial)
        try createTable(dbQueue)
        let cancellable = observeCount(dbQueue, into: values)
        wait(for: [initial], timeout: 10)
        cancellable.cancel()
    }

    func testTheWatchRunsWhileObservationsRun() throws {
        let path = temporaryDatabasePath()
        let dbPool = try DatabasePool(path: path, configuration: observingConfiguration())
        try createTable(dbPool)
        let watcher = try XCTUnwrap(dbPool.externalChangeWatcher)
        XCTAssertFalse(watcher.isWatching)

        let values1 = Values(), values2 = Values()
        let initial1 = expectation(description: "initial 1"), initial2 = expectation(description: "initial 2")
        values1.expect(0, initial1)
        values2.expect(0, initial2)
        let cancellable1 = observeCount(dbPool, into: values1)
        let cancellable2 = observeCount(dbPool, into: values2)
        wait(for: [initial1, initial2], timeout: 10)
        XCTAssertTrue(watcher.isWatching)
        #if os(Linux)
        XCTAssertTrue(watcher.usesNotifications)
        #endif
        cancellable1.cancel()
        XCTAssertTrue(watcher.isWatching)
        cancellable2.cancel()
        XCTAssertFalse(watcher.isWatching)

        // Closing the pool ends the watch for good.
        let values3 = Values()
        let initial3 = expectation(description: "initial 3")
        values3.expect(0, initial3)
        let cancellable3 = observeCount(dbPool, into: values3)
        wait(for: [initial3], timeout: 10)
        XCTAssertTrue(watcher.isWatching)
        try dbPool.close()
        XCTAssertFalse(watcher.isWatching)
        cancellable3.cancel()
    }

    func testOpeningAndClosingPoolsLeaksNoFileDescriptor() throws {
        func openDescriptorCount() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }
        let path = temporaryDatabasePath()
        try createTable(DatabasePool(path: path))
        let before = try openDescriptorCount()
        for _ in 0..<1000 {
            let dbPool = try DatabasePool(path: path, configuration: observingConfiguration())
            let cancellable = DatabaseRegionObservation(tracking: Table("item"))
                .start(in: dbPool, onError: { XCTFail("\($0)") }, onChange: { _ in })
            XCTAssertTrue(dbPool.externalChangeWatcher?.isWatching ?? false)
            try dbPool.close()
            cancellable.cancel()
        }
        // Dispatch closes the descriptors of cancelled sources on its
        // queues: give them a moment.
        let deadline = Date().addingTimeInterval(5)
        var after = try openDescriptorCount()
        while after > before + 2 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            after = try openDescriptorCount()
        }
        XCTAssertLessThanOrEqual(after, before + 2, "descriptors before: \(before), after: \(after)")
    }

    func testPollingSeesExternalCommits() throws {
        ExternalChangeWatcher.testingDisablesNotifications.withLock { $0 = true }
        defer { ExternalChangeWatcher.testingDisablesNotifications.withLock { $0 = false } }
        let path = temporaryDatabasePath()
        let observed = try DatabasePool(path: path, configuration: observingConfiguration())
        try createTable(observed)
        let other = try DatabasePool(path: path)

        let values = Values()
        let initial = expectation(description: "initial"), final = expectation(description: "1 item")
        values.expect(0, initial)
        values.expect(1, final)
        let cancellable = observeCount(observed, into: values)
        wait(for: [initial], timeout: 10)
        XCTAssertEqual(observed.externalChangeWatcher?.usesNotifications, false)
        try other.write { db in try db.execute(sql: "INSERT INTO item (name) VALUES ('a')") }
        wait(for: [final], timeout: 10)
        cancellable.cancel()
    }
}
