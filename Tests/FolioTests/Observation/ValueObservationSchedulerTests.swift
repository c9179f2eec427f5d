import Dispatch
import Folio
import Foundation
import XCTest

final class ValueObservationSchedulerTests: FolioTestCase {
    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        return dbQueue
    }

    private func playerCount() -> ValueObservation<ValueReducers.Fetch<Int>> {
        ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    }

    // MARK: - Built-in schedulers

    func testBuiltInSchedulersTellWhetherTheInitialValueIsImmediate() {
        let async: some ValueObservationScheduler = .async(onQueue: .main)
        let mainActor: some ValueObservationScheduler = .mainActor
        let task: some ValueObservationScheduler = .task
        let immediate: some ValueObservationScheduler = .immediate
        let mainActorImmediate: some ValueObservationMainActorScheduler = .immediate
        XCTAssertFalse(AsyncValueObservationScheduler(queue: .main).immediateInitialValue())
        XCTAssertFalse(async.immediateInitialValue())
        XCTAssertFalse(mainActor.immediateInitialValue())
        XCTAssertFalse(task.immediateInitialValue())
        // XCTest runs synchronous tests on the main thread, as the
        // immediate scheduler requires.
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertTrue(ImmediateValueObservationScheduler().immediateInitialValue())
        XCTAssertTrue(immediate.immediateInitialValue())
        XCTAssertTrue(mainActorImmediate.immediateInitialValue())
    }

    func testAsyncSchedulerCreatedWithItsInitializerNotifiesOnItsQueue() throws {
        let dbQueue = try makePlayerQueue()
        let queue = DispatchQueue(label: "observation")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let values = ValueRecorder<Int>()
        let cancellable = playerCount().start(
            in: dbQueue,
            scheduling: AsyncValueObservationScheduler(queue: queue),
            onError: { error in XCTFail("\(error)") },
            onChange: { value in
                XCTAssertEqual(DispatchQueue.getSpecific(key: key), true)
                values.append(value)
            })
        wait(for: [values.expectation(self, "initial value") { $0 == [0] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }

    func testImmediateSchedulingFromTheNonIsolatedStartNotifiesBeforeStartReturns() throws {
        let dbQueue = try makePlayerQueue()
        let values = ValueRecorder<Int>()
        let cancellable = startNonisolated(playerCount(), in: dbQueue, scheduling: .immediate, values: values)
        XCTAssertEqual(values.values, [0])
        withExtendedLifetime(cancellable) { }
    }

    /// Calls the start method that is not isolated to the main actor.
    private func startNonisolated<Scheduler: ValueObservationScheduler>(
        _ observation: ValueObservation<ValueReducers.Fetch<Int>>,
        in reader: any DatabaseReader,
        scheduling scheduler: Scheduler,
        values: ValueRecorder<Int>)
        -> AnyDatabaseCancellable
    {
        observation.start(
            in: reader,
            scheduling: scheduler,
            onError: { error in XCTFail("\(error)") },
            onChange: { values.append($0) })
    }

    func testMainActorSchedulersRunActionsOnTheMainActorInOrder() async {
        await Self.assertMainActorSchedulersRunActionsInOrder()
    }

    @MainActor
    private static func assertMainActorSchedulersRunActionsInOrder() async {
        let actions = ValueRecorder<String>()
        let done = actions.expectation("all actions") { $0.count == 4 }
        let delayed: some ValueObservationMainActorScheduler = .mainActor
        let immediate: some ValueObservationMainActorScheduler = .immediate
        delayed.scheduleOnMainActor {
            MainActor.assertIsolated()
            actions.append("delayed main actor")
        }
        immediate.scheduleOnMainActor {
            MainActor.assertIsolated()
            actions.append("immediate main actor")
        }
        delayed.schedule {
            XCTAssertTrue(Thread.isMainThread)
            actions.append("delayed")
        }
        immediate.schedule {
            XCTAssertTrue(Thread.isMainThread)
            actions.append("immediate")
        }
        // Scheduled actions run later, when the main actor is free.
        XCTAssertEqual(actions.values, [])
        let result = await XCTWaiter.fulfillment(of: [done], timeout: 10)
        XCTAssertEqual(result, .completed)
        XCTAssertEqual(actions.values, ["delayed main actor", "immediate main actor", "delayed", "immediate"])
    }

    func testImmediateSchedulingNotifiesFreshValuesOnTheMainActor() async throws {
        let dbQueue = try makePlayerQueue()
        try await Self.assertImmediateScheduling(in: dbQueue)
    }

    @MainActor
    private static func assertImmediateScheduling(in dbQueue: DatabaseQueue) async throws {
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(in: dbQueue, scheduling: .immediate) { error in
                XCTFail("\(error)")
            } onChange: { value in
                MainActor.assertIsolated()
                values.append(value)
            }
        XCTAssertEqual(values.values, [0])
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        let fresh = values.expectation("fresh value") { $0 == [0, 1] }
        let result = await XCTWaiter.fulfillment(of: [fresh], timeout: 10)
        XCTAssertEqual(result, .completed)
        withExtendedLifetime(cancellable) { }
    }

    func testMainActorStartReportsErrorsOnTheMainActor() async throws {
        let dbQueue = try makePlayerQueue()
        try await Self.assertMainActorError(in: dbQueue)
    }

    @MainActor
    private static func assertMainActorError(in dbQueue: DatabaseQueue) async throws {
        let errors = ValueRecorder<String>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing")! }
            .start(in: dbQueue) { error in
                MainActor.assertIsolated()
                errors.append("\((error as? DatabaseError)?.resultCode == .SQLITE_ERROR)")
            } onChange: { _ in
                XCTFail("unexpected value")
            }
        let failed = errors.expectation("error") { $0 == ["true"] }
        let result = await XCTWaiter.fulfillment(of: [failed], timeout: 10)
        XCTAssertEqual(result, .completed)
        withExtendedLifetime(cancellable) { }
    }

    // MARK: - Existential readers and writers

    func testObservationsAcceptExistentialReadersAndWriters() async throws {
        let writers: [any DatabaseWriter] = [try makePlayerQueue(), try makeDatabasePool()]
        for writer in writers {
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            }
            let reader: any DatabaseReader = writer
            var iterator: AsyncValueObservation<Int>.AsyncIterator = playerCount()
                .values(in: reader)
                .makeAsyncIterator()
            let first = try await iterator.next()
            XCTAssertEqual(first, 0)

            let changes = ValueRecorder<Int>()
            let cancellable = DatabaseRegionObservation(tracking: SQLRequest<Row>(sql: "SELECT * FROM player"))
                .start(in: writer) { error in XCTFail("\(error)") } onChange: { _ in changes.append(1) }
            try await writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
            let second = try await iterator.next()
            XCTAssertEqual(second, 1)
            XCTAssertEqual(changes.values, [1])
            withExtendedLifetime(cancellable) { }
        }
    }

    func testTrackingMethodsInferTheirReducer() {
        let observations: [ValueObservation<ValueReducers.Fetch<Int>>] = [
            .tracking { _ in 1 },
            .trackingConstantRegion { _ in 1 },
            .tracking(region: DatabaseRegion.fullDatabase, fetch: { _ in 1 }),
            .tracking(regions: [DatabaseRegion.fullDatabase], fetch: { _ in 1 }),
        ]
        XCTAssertEqual(observations.count, 4)
        let inferred = ValueObservation.tracking { _ in "value" }
        XCTAssertTrue(type(of: inferred) == ValueObservation<ValueReducers.Fetch<String>>.self)
    }
}
