import Dispatch
import Folio
import Foundation
import XCTest

/// Runs the observation samples of Documentation/Concurrency.md:
/// schedulers, tracing, observations that write, shared observations.
final class ObservationGuideTests: FolioTestCase {
    typealias Player = ConcurrencyGuide.Player

    private func makePool() throws -> DatabasePool {
        let dbPool = try makeDatabasePool()
        try ConcurrencyGuide.migrator.migrate(dbPool)
        return dbPool
    }

    private func insertPlayer(_ writer: some DatabaseWriter, _ name: String) throws {
        try writer.write { db in try Player(id: nil, name: name, teamId: nil).insert(db) }
    }

    func testSchedulers() throws {
        let dbPool = try makePool()
        let observation = ValueObservation.tracking { db in
            try Player.order(\.name).fetchAll(db)
        }
        // BEGIN GUIDE CODE schedulers
        let queue = DispatchQueue(label: "players")
        let queueCancellable = observation.start(in: dbPool, scheduling: .async(onQueue: queue)) { error in
            // Called on queue
        } onChange: { players in
            // Called on queue
        }

        @MainActor func startObservation() -> AnyDatabaseCancellable {
            observation.start(in: dbPool, scheduling: .immediate) { error in
                // Called on the main actor
            } onChange: { players in
                // Called on the main actor: the first time before start returns
            }
        }
        // END GUIDE CODE schedulers

        // XCTest runs synchronous tests on the main thread.
        let immediateCancellable = MainActor.assumeIsolated { startObservation() }
        let done = expectation(description: "queue reached")
        queue.async { done.fulfill() }
        wait(for: [done], timeout: 10)
        queueCancellable.cancel()
        immediateCancellable.cancel()
    }

    func testPrint() throws {
        let dbQueue = try makeDatabaseQueue()
        try ConcurrencyGuide.migrator.migrate(dbQueue)
        let queue = DispatchQueue(label: "print")
        // BEGIN GUIDE CODE print
        let tracedCancellable = ValueObservation
            .tracking { db in try Player.fetchCount(db) }
            .print("Player count")
            .start(in: dbQueue, scheduling: .async(onQueue: queue)) { _ in } onChange: { _ in }

        // Prints:
        // Player count: start
        // Player count: fetch
        // Player count: tracked region: player(*)
        // Player count: value: 2
        // (after a new player is committed)
        // Player count: database did change
        // Player count: fetch
        // Player count: value: 3
        // END GUIDE CODE print

        // The same lines, to a stream.
        let stream = GuideLog()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Player.fetchCount(db) }
            .print("Player count", to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: queue)) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [2] }], timeout: 10)
        try insertPlayer(dbQueue, "Craig")
        wait(for: [values.expectation(self, "fresh value") { $0 == [2, 3] }], timeout: 10)
        XCTAssertEqual(stream.lines, [
            "Player count: start",
            "Player count: fetch",
            "Player count: tracked region: player(*)",
            "Player count: value: 2",
            "Player count: database did change",
            "Player count: fetch",
            "Player count: value: 3",
        ])
        withExtendedLifetime((tracedCancellable, cancellable)) { }
    }

    func testHandleEvents() throws {
        let dbPool = try makePool()
        let observation = ValueObservation.tracking { db in
            try Player.order(\.name).fetchAll(db)
        }
        let fetchCount = Counter()
        // BEGIN GUIDE CODE handleEvents
        let countedObservation = observation.handleEvents(
            willFetch: { fetchCount.increment() },
            didReceiveValue: { players in print("\(players.count) players") })
        // END GUIDE CODE handleEvents

        let values = ValueRecorder<Int>()
        let cancellable = countedObservation
            .map(\.count)
            .start(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "handleEvents"))) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [2] }], timeout: 10)
        try insertPlayer(dbPool, "Craig")
        wait(for: [values.expectation(self, "fresh value") { $0 == [2, 3] }], timeout: 10)
        XCTAssertEqual(fetchCount.count, 2)
        withExtendedLifetime(cancellable) { }
    }

    func testRequiresWriteAccess() throws {
        let dbPool = try makePool()
        // BEGIN GUIDE CODE requiresWriteAccess
        var writingObservation = ValueObservation.tracking { db -> Int in
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS fetchLog (date TEXT)")
            try db.execute(sql: "INSERT INTO fetchLog VALUES (CURRENT_TIMESTAMP)")
            return try Player.fetchCount(db)
        }
        writingObservation.requiresWriteAccess = true
        // END GUIDE CODE requiresWriteAccess

        let values = ValueRecorder<Int>()
        let cancellable = writingObservation
            .start(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "write"))) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        wait(for: [values.expectation(self, "initial value") { $0 == [2] }], timeout: 10)
        try insertPlayer(dbPool, "Craig")
        wait(for: [values.expectation(self, "fresh value") { $0 == [2, 3] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(try dbPool.write { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM fetchLog") }, 2)
    }

    func testSharedObservation() async throws {
        let dbPool = try makePool()
        try await Self.runSharedSample(dbPool)
    }

    @MainActor
    private static func runSharedSample(_ dbPool: DatabasePool) async throws {
        // BEGIN GUIDE CODE shared
        let sharedPlayers = ValueObservation
            .tracking { db in try Player.order(\.name).fetchAll(db) }
            .shared(in: dbPool) // notifies on the main queue by default

        let cancellable1 = sharedPlayers.start { error in
            // Handle error
        } onChange: { players in
            print("List: \(players.count) players")
        }
        let cancellable2 = sharedPlayers.start { error in
            // Handle error
        } onChange: { players in
            print("Badge: \(players.count)")
        }
        // END GUIDE CODE shared

        let counts = ValueRecorder<Int>()
        let cancellable3 = sharedPlayers.start { error in
            XCTFail("\(error)")
        } onChange: { players in
            counts.append(players.count)
        }
        let initial = counts.expectation("initial value") { $0 == [2] }
        let initialResult = await XCTWaiter.fulfillment(of: [initial], timeout: 10)
        XCTAssertEqual(initialResult, .completed)
        try await dbPool.write { db in try Player(id: nil, name: "Craig", teamId: nil).insert(db) }
        let fresh = counts.expectation("fresh value") { $0 == [2, 3] }
        let freshResult = await XCTWaiter.fulfillment(of: [fresh], timeout: 10)
        XCTAssertEqual(freshResult, .completed)
        withExtendedLifetime((cancellable1, cancellable2, cancellable3)) { }
    }

    func testSharedObservationValues() async throws {
        let dbPool = try makePool()
        let task = Task {
            // BEGIN GUIDE CODE sharedValues
            let sharedCount = ValueObservation
                .tracking { db in try Player.fetchCount(db) }
                .shared(in: dbPool, scheduling: .task)
            for try await count in sharedCount.values() {
                print("Fresh count: \(count)")
            }
            // END GUIDE CODE sharedValues
        }
        // Cancelling the task ends the iteration.
        task.cancel()
        try await value(of: task)
    }

    func testGuideShowsTheTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/Concurrency.md",
            testFile: #filePath,
            names: ["schedulers", "print", "handleEvents", "requiresWriteAccess", "shared", "sharedValues"])
    }
}

/// A text stream that keeps the lines it receives, from any thread.
private final class GuideLog: TextOutputStream, Sendable {
    private let text = TestLocked("")

    var lines: [String] {
        text.withLock { text in text.split(separator: "\n").map(String.init) }
    }

    func write(_ string: String) {
        text.withLock { $0 += string }
    }
}
