import Dispatch
import Foundation
import Folio
import XCTest

private struct TestError: Error, Equatable { }

final class ValueObservationTests: FolioTestCase {
    private func createTables(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                """)
        }
    }

    private let notificationQueue = DispatchQueue(label: "ValueObservationTests")

    // MARK: - Scripted writes

    /// Observes player names during a scripted series of writes. Writes to
    /// other tables, and to columns that are not read, must not trigger
    /// any fetch.
    private func assertScriptedValues(in writer: some DatabaseWriter) async throws {
        try createTables(writer)
        let fetchCount = Counter()
        let observation = ValueObservation.tracking { db in
            fetchCount.increment()
            return try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id")
        }
        let task = Task { () -> ([[String]], [Int]) in
            var values: [[String]] = []
            var fetchCounts: [Int] = []
            for try await names in observation.values(in: writer) {
                values.append(names)
                fetchCounts.append(fetchCount.count)
                switch values.count {
                case 1:
                    try await writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
                case 2:
                    try await writer.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')") }
                    try await writer.write { db in try db.execute(sql: "UPDATE player SET score = 100") }
                    try await writer.write { db in try db.execute(sql: "UPDATE player SET name = 'Barbara'") }
                case 3:
                    try await writer.write { db in try db.execute(sql: "DELETE FROM player") }
                default:
                    return (values, fetchCounts)
                }
            }
            return (values, fetchCounts)
        }
        let (values, fetchCounts) = try await value(of: task)
        XCTAssertEqual(values, [[], ["Arthur"], ["Barbara"], []])
        XCTAssertEqual(fetchCounts, [1, 2, 3, 4])
    }

    func testScriptedWritesOnADatabaseQueue() async throws {
        try await assertScriptedValues(in: makeDatabaseQueue())
    }

    func testScriptedWritesOnADatabasePool() async throws {
        try await assertScriptedValues(in: makeDatabasePool())
    }

    func testRemoveDuplicatesAndMap() async throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let observation = ValueObservation
            .tracking { db in
                fetchCount.increment()
                return try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(score), 0) FROM player")!
            }
            .removeDuplicates()
            .map { "max \($0)" }
        let task = Task { () -> [String] in
            var values: [String] = []
            for try await value in observation.values(in: dbQueue) {
                values.append(value)
                switch values.count {
                case 1:
                    try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Arthur', 10)") }
                case 2:
                    // Same maximum: fetched, not notified.
                    try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Barbara', 5)") }
                    try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Craig', 20)") }
                default:
                    return values
                }
            }
            return values
        }
        let values = try await value(of: task)
        XCTAssertEqual(values, ["max 0", "max 10", "max 20"])
        XCTAssertEqual(fetchCount.count, 4)
    }

    // MARK: - Pools

    func testPoolFetchesOnReadersAndNotifiesOnTheSchedulerQueue() throws {
        let dbPool = try makeDatabasePool()
        try createTables(dbPool)
        let connections = ValueRecorder<String>()
        let values = ValueRecorder<Int>()
        let queue = notificationQueue
        let cancellable = ValueObservation
            .tracking { db in
                connections.append(db.description)
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .start(in: dbPool, scheduling: .async(onQueue: queue)) { error in
                XCTFail("\(error)")
            } onChange: { value in
                dispatchPrecondition(condition: .onQueue(queue))
                values.append(value)
            }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)
        XCTAssertEqual(connections.values.count, 2)
        XCTAssertTrue(connections.values.allSatisfy { $0.hasPrefix("GRDB.DatabasePool.reader.") }, "\(connections.values)")
        withExtendedLifetime(cancellable) { }
    }

    func testBurstOfCommitsIsNotifiedCommitByCommitOnADatabaseQueue() throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in
                fetchCount.increment()
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)

        // Ten commits in a row, queued behind a blocked access: as GRDB,
        // a queue fetches right after each commit, and notifies each.
        let gate = Gate()
        dbQueue.asyncWriteWithoutTransaction { _ in gate.pass() }
        gate.waitUntilReached()
        for _ in 0..<10 {
            dbQueue.asyncWrite({ db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            }, completion: { _, result in
                if case .failure(let error) = result { XCTFail("\(error)") }
            })
        }
        gate.open()
        wait(for: [values.expectation(self, "last value") { $0.last == 10 }], timeout: 10)
        XCTAssertEqual(values.values, Array(0...10))
        XCTAssertEqual(fetchCount.count, 11)
        withExtendedLifetime(cancellable) { }
    }

    func testBurstOfCommitsDuringAFetchIsCoalescedOnADatabasePool() throws {
        let dbPool = try makeDatabasePool()
        try createTables(dbPool)
        let fetchCount = Counter()
        let gate = Gate()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in
                if fetchCount.increment() == 2 {
                    // The first refetch waits, while the writer goes on.
                    gate.pass()
                }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .start(in: dbPool, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)

        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        gate.waitUntilReached()
        for _ in 0..<9 {
            try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        }
        gate.open()
        // The observer lags: the first of the nine commits waited for the
        // blocked fetch until the timeout (5 s), and the others did not wait.
        // The waiting fetch sees the ten players; the nine commits that
        // happened during the fetch cause a single extra fetch.
        wait(for: [values.expectation(self, "last value") { $0.count == 3 }], timeout: 10)
        XCTAssertEqual(values.values, [0, 10, 10])
        XCTAssertEqual(fetchCount.count, 3)
        withExtendedLifetime(cancellable) { }
    }

    func testNonConstantRegionDoesNotMissChangesCommittedDuringAFetch() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try db.execute(sql: """
                CREATE TABLE config (enabled INTEGER NOT NULL);
                INSERT INTO config VALUES (0);
                CREATE TABLE item (id INTEGER PRIMARY KEY);
                """)
        }
        let fetchCount = Counter()
        let gate = Gate()
        let values = ValueRecorder<Int?>()
        // Reads the item table only when enabled.
        let cancellable = ValueObservation
            .tracking { db -> Int? in
                let fetchIndex = fetchCount.increment()
                let isEnabled = try Int.fetchOne(db, sql: "SELECT enabled FROM config")! != 0
                if fetchIndex == 2 { gate.pass() }
                guard isEnabled else { return nil }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item")!
            }
            .start(in: dbPool, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [nil] }], timeout: 10)

        try dbPool.write { db in try db.execute(sql: "UPDATE config SET enabled = 1") }
        // The fetch has read the config, not the items yet. Its snapshot
        // misses the item inserted now, and the observed region does not
        // contain the item table yet.
        gate.waitUntilReached()
        try dbPool.write { db in try db.execute(sql: "INSERT INTO item DEFAULT VALUES") }
        gate.open()
        wait(for: [values.expectation(self, "last value") { $0.last == 1 }], timeout: 10)
        XCTAssertEqual(values.values, [nil, 0, 1])
        XCTAssertEqual(fetchCount.count, 3)
        withExtendedLifetime(cancellable) { }
    }

    func testObservationStartedDuringWritesReachesTheLastCommittedState() throws {
        let dbPool = try makeDatabasePool()
        try createTables(dbPool)
        let values = ValueRecorder<Int>()
        let writesDone = expectation(description: "writes done")
        DispatchQueue.global().async {
            for _ in 0..<50 {
                try! dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
            }
            writesDone.fulfill()
        }
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbPool, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [writesDone, values.expectation(self, "last value") { $0.last == 50 }], timeout: 20)
        XCTAssertEqual(values.values, values.values.sorted())
        withExtendedLifetime(cancellable) { }
    }

    // MARK: - Tracking modes

    func testTrackingConstantRegion() throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .trackingConstantRegion { db in
                fetchCount.increment()
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)
        XCTAssertEqual(fetchCount.count, 2)
        withExtendedLifetime(cancellable) { }
    }

    func testTrackingExplicitRegions() throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let values = ValueRecorder<Int>()
        // Fetches teams, but only tracks players.
        let cancellable = ValueObservation
            .tracking(region: SQLRequest<Row>(sql: "SELECT * FROM player")) { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM team")!
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }

    func testRegisteredAccessIsTracked() throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in
                try db.registerAccess(to: SQLRequest<Row>(sql: "SELECT name FROM team"))
                return fetchCount.increment()
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [1] }], timeout: 10)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [1, 2] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }

    // MARK: - Stopping

    func testCancelStopsTheObservation() throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in
                fetchCount.increment()
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        cancellable.cancel()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        // A fetch would have been scheduled before this read.
        try dbQueue.read { _ in }
        notificationQueue.sync { }
        XCTAssertEqual(fetchCount.count, 1)
        XCTAssertEqual(values.values, [0])
    }

    func testLeavingTheLoopStopsTheObservation() async throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let observation = ValueObservation.tracking { db in
            fetchCount.increment()
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
        }
        for try await count in observation.values(in: dbQueue) {
            XCTAssertEqual(count, 0)
            break
        }
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        try await dbQueue.read { _ in }
        XCTAssertEqual(fetchCount.count, 1)
    }

    func testTaskCancellationEndsTheSequence() async throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let values = ValueRecorder<Int>()
        let firstValue = values.expectation(self, "first value") { !$0.isEmpty }
        let observation = ValueObservation.tracking { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
        }
        let task = Task {
            for try await count in observation.values(in: dbQueue) {
                values.append(count)
            }
            return "ended"
        }
        await fulfillment(of: [firstValue], timeout: 10)
        task.cancel()
        let result = try await value(of: task)
        XCTAssertEqual(result, "ended")
        XCTAssertEqual(values.values, [0])
    }

    func testFetchErrorStopsTheObservation() async throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        let fetchCount = Counter()
        let observation = ValueObservation.tracking { db in
            fetchCount.increment()
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            if count == 1 { throw TestError() }
            return count
        }
        let task = Task { () async throws -> ([Int], (any Error)?) in
            var values: [Int] = []
            do {
                for try await count in observation.values(in: dbQueue) {
                    values.append(count)
                    try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
                }
                return (values, nil)
            } catch {
                return (values, error)
            }
        }
        let (values, error) = try await value(of: task)
        XCTAssertEqual(values, [0])
        XCTAssertEqual(error as? TestError, TestError())
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        try await dbQueue.read { _ in }
        XCTAssertEqual(fetchCount.count, 2)
    }

    func testSQLErrorIsNotified() throws {
        let dbQueue = try makeDatabaseQueue()
        let errors = ValueRecorder<String>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing") }
            .start(in: dbQueue, scheduling: .async(onQueue: notificationQueue)) { error in
                errors.append((error as? DatabaseError)?.description ?? "\(error)")
            } onChange: { _ in XCTFail("Unexpected value") }
        wait(for: [errors.expectation(self, "error") { !$0.isEmpty }], timeout: 10)
        XCTAssertEqual(errors.values, ["SQLite error 1: no such table: missing - while executing `SELECT COUNT(*) FROM missing`"])
        withExtendedLifetime(cancellable) { }
    }

    // MARK: - Main actor

    func testImmediateSchedulingNotifiesTheInitialValueBeforeStartReturns() throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        // XCTest runs synchronous tests on the main thread.
        MainActor.assumeIsolated {
            Self.assertImmediateScheduling(in: dbQueue)
        }
    }

    @MainActor
    private static func assertImmediateScheduling(in dbQueue: DatabaseQueue) {
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbQueue, scheduling: .immediate) { error in
                XCTFail("\(error)")
            } onChange: { value in
                values.append(value)
            }
        XCTAssertEqual(values.values, [0])
        withExtendedLifetime(cancellable) { }
    }

    func testMainActorSchedulingNotifiesOnTheMainActor() async throws {
        let dbQueue = try makeDatabaseQueue()
        try createTables(dbQueue)
        // A static main actor function, because test discovery does not
        // accept main actor async test methods without a warning in
        // strict concurrency mode.
        try await Self.assertMainActorScheduling(in: dbQueue)
    }

    @MainActor
    private static func assertMainActorScheduling(in dbQueue: DatabaseQueue) async throws {
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbQueue) { error in
                XCTFail("\(error)")
            } onChange: { value in
                XCTAssertTrue(Thread.isMainThread)
                values.append(value)
            }
        let initialValue = values.expectation("initial value") { $0 == [0] }
        let initialResult = await XCTWaiter.fulfillment(of: [initialValue], timeout: 10)
        XCTAssertEqual(initialResult, .completed)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        let freshValue = values.expectation("fresh value") { $0 == [0, 1] }
        let freshResult = await XCTWaiter.fulfillment(of: [freshValue], timeout: 10)
        XCTAssertEqual(freshResult, .completed)
        withExtendedLifetime(cancellable) { }
    }

    func testTaskSchedulingNotifiesValuesInOrder() throws {
        let dbPool = try makeDatabasePool()
        try createTables(dbPool)
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbPool, scheduling: .task) { error in
                XCTFail("\(error)")
            } onChange: { value in
                values.append(value)
            }
        for _ in 0..<20 {
            try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        }
        wait(for: [values.expectation(self, "last value") { $0.last == 20 }], timeout: 10)
        XCTAssertEqual(values.values, values.values.sorted())
        withExtendedLifetime(cancellable) { }
    }

    // MARK: - DatabaseRegionObservation

    private func assertRegionObservation(in writer: some DatabaseWriter) throws {
        try createTables(writer)
        let counts = ValueRecorder<Int>()
        let observation = DatabaseRegionObservation(tracking: SQLRequest<Row>(sql: "SELECT name FROM player"))
        let cancellable = observation.start(in: writer) { error in
            XCTFail("\(error)")
        } onChange: { db in
            // Runs right after the commit, on the writer.
            counts.append(try! Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!)
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        try writer.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')") }
        try writer.write { db in try db.execute(sql: "UPDATE player SET score = 1") }
        try writer.write { db in try db.execute(sql: "UPDATE player SET name = 'Barbara'") }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Craig')")
            try db.execute(sql: "INSERT INTO player (name) VALUES ('David')")
        }
        XCTAssertEqual(counts.values, [1, 1, 3])
        cancellable.cancel()
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Eve')") }
        XCTAssertEqual(counts.values, [1, 1, 3])
    }

    func testDatabaseRegionObservationOnADatabaseQueue() throws {
        try assertRegionObservation(in: makeDatabaseQueue())
    }

    func testDatabaseRegionObservationOnADatabasePool() throws {
        try assertRegionObservation(in: makeDatabasePool())
    }
}
