import Folio
import XCTest

/// "By default, `ValueObservation` notifies the initial value, as well as
/// eventual changes and errors, on the main actor, asynchronously", and
/// "with the default `.async` scheduling, the initial fetch is always
/// performed asynchronously" (GRDB's ValueObservation.md).
final class ValueObservationDefaultSchedulingTests: FolioTestCase {
    func testDefaultSchedulingNotifiesTheInitialValueAsynchronouslyOnTheMainActor() async throws {
        let dbQueue = try makeDatabaseQueue()
        try await dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        try await Self.assertDefaultScheduling(in: dbQueue)
    }

    func testDefaultSchedulingOfAPoolNotifiesTheInitialValueAsynchronouslyOnTheMainActor() async throws {
        let dbPool = try makeDatabasePool()
        try await dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        try await Self.assertDefaultScheduling(in: dbPool)
    }

    @MainActor
    private static func assertDefaultScheduling(in writer: some DatabaseWriter) async throws {
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .removeDuplicates()
            .start(in: writer) { error in
                XCTFail("\(error)")
            } onChange: { value in
                MainActor.assertIsolated()
                values.append(value)
            }
        // Not notified yet: the main actor is busy running this function.
        XCTAssertEqual(values.values, [])
        let initial = values.expectation("initial value") { $0 == [0] }
        var result = await XCTWaiter.fulfillment(of: [initial], timeout: 10)
        XCTAssertEqual(result, .completed)

        // removeDuplicates: the update does not change the count, and is
        // not notified.
        try await writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        let inserted = values.expectation("inserted") { $0.last == 1 }
        result = await XCTWaiter.fulfillment(of: [inserted], timeout: 10)
        XCTAssertEqual(result, .completed)
        try await writer.write { db in try db.execute(sql: "UPDATE player SET name = 'Barbara'") }
        try await writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Craig')") }
        let fresh = values.expectation("fresh values") { $0.last == 2 }
        result = await XCTWaiter.fulfillment(of: [fresh], timeout: 10)
        XCTAssertEqual(result, .completed)
        XCTAssertEqual(values.values, [0, 1, 2])
        withExtendedLifetime(cancellable) { }
    }
}
