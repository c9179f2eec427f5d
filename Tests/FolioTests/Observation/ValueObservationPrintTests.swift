import Dispatch
import Folio
import XCTest

/// A text stream that keeps each write it receives, from any thread.
private final class WriteRecorder: TextOutputStream, Sendable {
    private let storage = TestLocked([String]())
    var writes: [String] { storage.withLock { $0 } }
    func write(_ string: String) { storage.withLock { $0.append(string) } }
}

/// `print(_:to:)` writes GRDB's lines, as `Swift.print(_:to:)` writes
/// them: each event in one write, without a new line character, followed
/// by a write of the new line character.
final class ValueObservationPrintTests: FolioTestCase {
    func testEachEventIsOneWriteFollowedByANewLine() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        let stream = WriteRecorder()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .print("obs", to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: .main), onError: { XCTFail("\($0)") }, onChange: values.append)
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        cancellable.cancel()
        XCTAssertEqual(stream.writes, [
            "obs: start", "\n",
            "obs: fetch", "\n",
            "obs: tracked region: player(*)", "\n",
            "obs: value: 0", "\n",
            "obs: cancel", "\n",
        ])
    }

    func testReadOnlyObservationTracksNoRegion() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        let snapshot = try dbPool.makeSnapshot()
        let stream = WriteRecorder()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .print(to: stream)
            .start(in: snapshot, scheduling: .async(onQueue: .main), onError: { XCTFail("\($0)") }, onChange: values.append)
        wait(for: [values.expectation(self, "value") { $0 == [0] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(stream.writes.filter { $0 != "\n" }, ["start", "fetch", "value: 0"])
    }

    func testObservationOfAReadOnlyQueueNotifiesOneValueAndTracksNoRegion() throws {
        let path = temporaryDatabasePath()
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        var configuration = Configuration()
        configuration.readonly = true
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration)
        let stream = WriteRecorder()
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
            .print(to: stream)
            .start(in: dbQueue, scheduling: .async(onQueue: .main), onError: { XCTFail("\($0)") }, onChange: values.append)
        wait(for: [values.expectation(self, "value") { $0 == [0] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
        XCTAssertEqual(stream.writes.filter { $0 != "\n" }, ["start", "fetch", "value: 0"])
    }
}
