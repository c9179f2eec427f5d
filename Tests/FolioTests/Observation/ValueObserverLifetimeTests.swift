import Dispatch
import Folio
import XCTest

/// The writer keeps a started observation until it is cancelled, failed,
/// or its cancellable is deallocated; then it lets it go, with everything
/// its closures capture, and the database connection with it.
final class ValueObserverLifetimeTests: FolioTestCase {
    /// An object captured by the closures of an observation.
    private final class Witness: Sendable {}

    private func startObservation(
        in writer: some DatabaseWriter,
        witness: Witness,
        values: ValueRecorder<Int>) -> AnyDatabaseCancellable
    {
        ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .start(
                in: writer,
                scheduling: .async(onQueue: DispatchQueue(label: "values")),
                onError: { _ in _ = witness },
                onChange: { value in
                    _ = witness
                    values.append(value)
                })
    }

    private func assertObservationIsReleased(
        _ writer: some DatabaseWriter,
        stop: (inout AnyDatabaseCancellable?) -> Void) throws
    {
        try writer.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        let values = ValueRecorder<Int>()
        weak var weakWitness: Witness?
        var cancellable: AnyDatabaseCancellable?
        do {
            let witness = Witness()
            weakWitness = witness
            cancellable = startObservation(in: writer, witness: witness, values: values)
        }
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        try writer.write { db in try db.execute(sql: "INSERT INTO player DEFAULT VALUES") }
        wait(for: [values.expectation(self, "change") { $0 == [0, 1] }], timeout: 10)
        XCTAssertNotNil(weakWitness, "a running observation keeps its closures")

        stop(&cancellable)
        // The writer removes the observer in its next access.
        try writer.write { db in try db.execute(sql: "INSERT INTO player DEFAULT VALUES") }
        try writer.read { _ in }
        // The reduce queue may still hold the last value for a moment.
        let deadline = Date().addingTimeInterval(10)
        while weakWitness != nil && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertNil(weakWitness, "a stopped observation releases its closures")
        XCTAssertEqual(values.values, [0, 1], "no value after the stop")
    }

    func testCancelReleasesTheObserverOfAQueue() throws {
        try assertObservationIsReleased(DatabaseQueue()) { $0?.cancel() }
    }

    func testDeallocatedCancellableReleasesTheObserverOfAQueue() throws {
        try assertObservationIsReleased(DatabaseQueue()) { $0 = nil }
    }

    func testCancelReleasesTheObserverOfAPool() throws {
        let pool = try DatabasePool(path: temporaryDatabasePath())
        try assertObservationIsReleased(pool) { $0?.cancel() }
    }

    func testDeallocatedCancellableReleasesTheObserverOfAPool() throws {
        let pool = try DatabasePool(path: temporaryDatabasePath())
        try assertObservationIsReleased(pool) { $0 = nil }
    }

    /// A connection that is no longer referenced is closed even while an
    /// observation that was cancelled had been registered on it.
    func testCancelledObservationDoesNotKeepTheQueueAlive() throws {
        weak var weakQueue: DatabaseQueue?
        let values = ValueRecorder<Int>()
        do {
            let dbQueue = try DatabaseQueue()
            weakQueue = dbQueue
            try dbQueue.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            let cancellable = startObservation(in: dbQueue, witness: Witness(), values: values)
            wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
            cancellable.cancel()
            try dbQueue.read { _ in }
        }
        let deadline = Date().addingTimeInterval(10)
        while weakQueue != nil && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertNil(weakQueue)
    }
}
