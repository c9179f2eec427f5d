import Dispatch
import Folio
import Foundation
import XCTest

private struct TestError: Error, CustomStringConvertible {
    var description: String { "TestError" }
}

final class SharedValueObservationTests: FolioTestCase {
    private let notificationQueue = DispatchQueue(label: "SharedValueObservationTests")

    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        return dbQueue
    }

    private func insertPlayer(_ writer: some DatabaseWriter) throws {
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
    }

    /// Counts the starts, fetches and cancellations of the database
    /// observation.
    private final class Events: Sendable {
        let starts = Counter()
        let fetches = Counter()
        let cancels = Counter()
    }

    private func playerCount(_ events: Events) -> ValueObservation<ValueReducers.Trace<ValueReducers.Fetch<Int>>> {
        ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .handleEvents(
                willStart: { events.starts.increment() },
                willFetch: { events.fetches.increment() },
                didCancel: { events.cancels.increment() })
    }

    private func subscribe(
        _ shared: SharedValueObservation<Int>,
        values: ValueRecorder<Int>,
        errors: ValueRecorder<String>? = nil)
        -> AnyDatabaseCancellable
    {
        shared.start { error in
            if let errors { errors.append("\(error)") } else { XCTFail("\(error)") }
        } onChange: { value in
            values.append(value)
        }
    }

    // MARK: - Sharing

    func testOneDatabaseObservationFeedsAllSubscriptions() throws {
        let dbQueue = try makePlayerQueue()
        let events = Events()
        let shared = playerCount(events).shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue))
        let values1 = ValueRecorder<Int>()
        let values2 = ValueRecorder<Int>()
        let cancellable1 = subscribe(shared, values: values1)
        let cancellable2 = subscribe(shared, values: values2)
        wait(for: [
            values1.expectation(self, "initial value 1") { $0 == [0] },
            values2.expectation(self, "initial value 2") { $0 == [0] },
        ], timeout: 10)
        try insertPlayer(dbQueue)
        wait(for: [
            values1.expectation(self, "fresh value 1") { $0 == [0, 1] },
            values2.expectation(self, "fresh value 2") { $0 == [0, 1] },
        ], timeout: 10)
        XCTAssertEqual(events.starts.count, 1)
        XCTAssertEqual(events.fetches.count, 2)
        withExtendedLifetime((cancellable1, cancellable2)) { }
    }

    func testSeparateSharedObservationsDoNotShare() throws {
        let dbQueue = try makePlayerQueue()
        let events = Events()
        let values1 = ValueRecorder<Int>()
        let values2 = ValueRecorder<Int>()
        let cancellable1 = subscribe(playerCount(events).shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue)), values: values1)
        let cancellable2 = subscribe(playerCount(events).shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue)), values: values2)
        wait(for: [
            values1.expectation(self, "initial value 1") { $0 == [0] },
            values2.expectation(self, "initial value 2") { $0 == [0] },
        ], timeout: 10)
        XCTAssertEqual(events.starts.count, 2)
        withExtendedLifetime((cancellable1, cancellable2)) { }
    }

    func testNewSubscriptionGetsTheLastValueWithoutFetching() throws {
        let dbQueue = try makePlayerQueue()
        let events = Events()
        let shared = playerCount(events).shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue))
        let values1 = ValueRecorder<Int>()
        let cancellable1 = subscribe(shared, values: values1)
        wait(for: [values1.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        try insertPlayer(dbQueue)
        wait(for: [values1.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)

        let values2 = ValueRecorder<Int>()
        let cancellable2 = subscribe(shared, values: values2)
        wait(for: [values2.expectation(self, "last value") { $0 == [1] }], timeout: 10)
        XCTAssertEqual(events.fetches.count, 2)

        try insertPlayer(dbQueue)
        wait(for: [
            values1.expectation(self, "value 2 for 1") { $0 == [0, 1, 2] },
            values2.expectation(self, "value 2 for 2") { $0 == [1, 2] },
        ], timeout: 10)
        withExtendedLifetime((cancellable1, cancellable2)) { }
    }

    func testCancelledSubscriptionIsNoLongerNotified() throws {
        let dbQueue = try makePlayerQueue()
        let shared = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue))
        let values1 = ValueRecorder<Int>()
        let values2 = ValueRecorder<Int>()
        let cancellable1 = subscribe(shared, values: values1)
        let cancellable2 = subscribe(shared, values: values2)
        wait(for: [values2.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        cancellable1.cancel()
        try insertPlayer(dbQueue)
        wait(for: [values2.expectation(self, "fresh value") { $0 == [0, 1] }], timeout: 10)
        XCTAssertEqual(values1.values, [0])
        withExtendedLifetime(cancellable2) { }
    }

    // MARK: - Extents

    func testWhileObservedStopsWithTheLastSubscriptionAndRestartsOnTheNext() throws {
        let dbQueue = try makePlayerQueue()
        let events = Events()
        let shared = playerCount(events).shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue), extent: .whileObserved)
        let values1 = ValueRecorder<Int>()
        let values2 = ValueRecorder<Int>()
        let cancellable1 = subscribe(shared, values: values1)
        let cancellable2 = subscribe(shared, values: values2)
        wait(for: [values2.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        cancellable1.cancel()
        XCTAssertEqual(events.cancels.count, 0)
        cancellable2.cancel()
        XCTAssertEqual(events.cancels.count, 1)

        try insertPlayer(dbQueue)
        let values3 = ValueRecorder<Int>()
        let cancellable3 = subscribe(shared, values: values3)
        // A fresh value, fetched by a new database observation.
        wait(for: [values3.expectation(self, "restarted value") { $0 == [1] }], timeout: 10)
        XCTAssertEqual(events.starts.count, 2)
        XCTAssertEqual(events.fetches.count, 2)
        withExtendedLifetime(cancellable3) { }
    }

    func testObservationLifetimeKeepsObservingWithoutSubscriptions() throws {
        let dbQueue = try makePlayerQueue()
        let events = Events()
        var shared: SharedValueObservation<Int>? = playerCount(events)
            .shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue), extent: .observationLifetime)
        let values1 = ValueRecorder<Int>()
        let cancellable1 = subscribe(shared!, values: values1)
        wait(for: [values1.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        cancellable1.cancel()
        XCTAssertEqual(events.cancels.count, 0)

        try insertPlayer(dbQueue)
        let values2 = ValueRecorder<Int>()
        let cancellable2 = subscribe(shared!, values: values2)
        wait(for: [values2.expectation(self, "fresh value") { $0.last == 1 }], timeout: 10)
        XCTAssertEqual(events.starts.count, 1)
        cancellable2.cancel()

        // Deallocated without subscriptions: the observation stops. The
        // notification of the last value may still hold the shared
        // observation for a moment, on the notification queue: its end
        // releases it.
        shared = nil
        notificationQueue.sync { }
        XCTAssertEqual(events.cancels.count, 1)
    }

    func testWhileObservedRecoversFromErrorsOnResubscription() throws {
        let dbQueue = try makePlayerQueue()
        let attempts = Counter()
        // The first fetch waits until both subscriptions have started.
        let gate = Gate()
        let shared = ValueObservation
            .tracking { db -> Int in
                if attempts.increment() == 1 {
                    gate.pass()
                    throw TestError()
                }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue))
        let values1 = ValueRecorder<Int>()
        let errors1 = ValueRecorder<String>()
        let values2 = ValueRecorder<Int>()
        let errors2 = ValueRecorder<String>()
        let cancellable1 = subscribe(shared, values: values1, errors: errors1)
        let cancellable2 = subscribe(shared, values: values2, errors: errors2)
        gate.waitUntilReached()
        gate.open()
        wait(for: [
            errors1.expectation(self, "error 1") { $0 == ["TestError"] },
            errors2.expectation(self, "error 2") { $0 == ["TestError"] },
        ], timeout: 10)

        let values3 = ValueRecorder<Int>()
        let cancellable3 = subscribe(shared, values: values3)
        wait(for: [values3.expectation(self, "recovered value") { $0 == [0] }], timeout: 10)
        XCTAssertEqual(values1.values, [])
        XCTAssertEqual(values2.values, [])
        withExtendedLifetime((cancellable1, cancellable2, cancellable3)) { }
    }

    func testObservationLifetimeNotifiesItsErrorToLaterSubscriptions() throws {
        let dbQueue = try makePlayerQueue()
        let attempts = Counter()
        let shared = ValueObservation
            .tracking { db -> Int in
                if attempts.increment() == 1 { throw TestError() }
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            .shared(in: dbQueue, scheduling: .async(onQueue: notificationQueue), extent: .observationLifetime)
        let values1 = ValueRecorder<Int>()
        let errors1 = ValueRecorder<String>()
        let cancellable1 = subscribe(shared, values: values1, errors: errors1)
        wait(for: [errors1.expectation(self, "error 1") { $0 == ["TestError"] }], timeout: 10)

        let values2 = ValueRecorder<Int>()
        let errors2 = ValueRecorder<String>()
        let cancellable2 = subscribe(shared, values: values2, errors: errors2)
        wait(for: [errors2.expectation(self, "error 2") { $0 == ["TestError"] }], timeout: 10)
        XCTAssertEqual(attempts.count, 1)
        XCTAssertEqual(values2.values, [])
        withExtendedLifetime((cancellable1, cancellable2)) { }
    }

    func testExtentIsHashable() {
        XCTAssertEqual(SharedValueObservationExtent.whileObserved, .whileObserved)
        XCTAssertNotEqual(SharedValueObservationExtent.whileObserved, .observationLifetime)
        XCTAssertEqual(Set<SharedValueObservationExtent>([.whileObserved, .observationLifetime, .whileObserved]).count, 2)
    }

    // MARK: - Schedulers and async sequences

    func testImmediateSchedulingNotifiesEachSubscriptionBeforeStartReturns() throws {
        let dbQueue = try makePlayerQueue()
        let events = Events()
        XCTAssertTrue(Thread.isMainThread)
        let shared = playerCount(events).shared(in: dbQueue, scheduling: .immediate)
        let values1 = ValueRecorder<Int>()
        let cancellable1 = subscribe(shared, values: values1)
        XCTAssertEqual(values1.values, [0])
        let values2 = ValueRecorder<Int>()
        let cancellable2 = subscribe(shared, values: values2)
        XCTAssertEqual(values2.values, [0])
        XCTAssertEqual(events.fetches.count, 1)
        withExtendedLifetime((cancellable1, cancellable2)) { }
    }

    func testDefaultSchedulingNotifiesOnTheMainQueue() async throws {
        let dbQueue = try makePlayerQueue()
        let shared = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .shared(in: dbQueue)
        try await Self.assertMainQueueNotifications(shared)
    }

    @MainActor
    private static func assertMainQueueNotifications(_ shared: SharedValueObservation<Int>) async throws {
        let values = ValueRecorder<Int>()
        let cancellable = shared.start { error in
            XCTFail("\(error)")
        } onChange: { value in
            XCTAssertTrue(Thread.isMainThread)
            values.append(value)
        }
        let initial = values.expectation("initial value") { $0 == [0] }
        let result = await XCTWaiter.fulfillment(of: [initial], timeout: 10)
        XCTAssertEqual(result, .completed)
        withExtendedLifetime(cancellable) { }
    }

    func testValuesIterateTheSharedObservation() async throws {
        let dbPool = try makeDatabasePool()
        try await dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        let events = Events()
        let shared = playerCount(events).shared(in: dbPool, scheduling: .task)
        var iterator1 = shared.values().makeAsyncIterator()
        var iterator2 = shared.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        let first1 = try await iterator1.next()
        let first2 = try await iterator2.next()
        XCTAssertEqual(first1, 0)
        XCTAssertEqual(first2, 0)
        try await dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        let second1 = try await iterator1.next()
        let second2 = try await iterator2.next()
        XCTAssertEqual(second1, 1)
        XCTAssertEqual(second2, 1)
        XCTAssertEqual(events.starts.count, 1)
    }

    func testValuesThrowTheObservationError() async throws {
        let dbQueue = try makePlayerQueue()
        let shared = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing")! }
            .shared(in: dbQueue, scheduling: .task)
        do {
            for try await _ in shared.values() {
                XCTFail("unexpected value")
            }
            XCTFail("expected error")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error.message, "no such table: missing")
        }
    }
}
