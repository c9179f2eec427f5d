import Folio
import Foundation
import XCTest

/// With an asynchronous scheduler, the initial value of an observation is
/// the database as it was when `start` was called: a write made right after
/// `start` is notified as a second value, never folded into the first.
final class ValueObservationInitialValueOrderTests: FolioTestCase {
    private func setUp(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)")
        }
    }

    private func assertInitialValueThenChange(_ writer: some DatabaseWriter, requiresWriteAccess: Bool = false) throws {
        try setUp(writer)
        // Many rounds: the order used to depend on a race between the
        // registration of the observer and the write below.
        for round in 0..<20 {
            try writer.write { db in try db.execute(sql: "UPDATE t SET a = ?", arguments: [round * 10]) }
            let values = ValueRecorder<Int>()
            var observation = ValueObservation.tracking { db in
                try Int.fetchOne(db, sql: "SELECT a FROM t") ?? -1
            }
            observation.requiresWriteAccess = requiresWriteAccess
            let cancellable = observation.start(
                in: writer,
                scheduling: .async(onQueue: DispatchQueue(label: "ValueObservationInitialValueOrderTests")),
                onError: { XCTFail("\($0)") },
                onChange: { values.append($0) })
            try writer.write { db in try db.execute(sql: "UPDATE t SET a = a + 1") }
            wait(for: [values.expectation(self, "two values") { $0.count == 2 }], timeout: 30)
            XCTAssertEqual(values.values, [round * 10, round * 10 + 1], "round \(round)")
            cancellable.cancel()
        }
    }

    func testQueueNotifiesTheInitialValueBeforeAWriteMadeAfterStart() throws {
        try assertInitialValueThenChange(makeDatabaseQueue())
    }

    func testPoolNotifiesTheInitialValueBeforeAWriteMadeAfterStart() throws {
        try assertInitialValueThenChange(DatabasePool(path: temporaryDatabasePath()))
    }

    func testObservationWithWriteAccessNotifiesTheInitialValueBeforeAWriteMadeAfterStart() throws {
        try assertInitialValueThenChange(makeDatabaseQueue(), requiresWriteAccess: true)
        try assertInitialValueThenChange(DatabasePool(path: temporaryDatabasePath()), requiresWriteAccess: true)
    }

    func testInitialFetchOfQueueIsReadOnly() throws {
        let dbQueue = try makeDatabaseQueue()
        try setUp(dbQueue)
        let errors = ValueRecorder<Int32>()
        let cancellable = ValueObservation
            .tracking { db in try db.execute(sql: "DELETE FROM t") }
            .start(
                in: dbQueue,
                scheduling: .async(onQueue: DispatchQueue(label: "ValueObservationInitialValueOrderTests")),
                onError: { errors.append(($0 as? DatabaseError)?.resultCode.rawValue ?? -1) },
                onChange: { _ in XCTFail("a fetch that writes must fail") })
        wait(for: [errors.expectation(self, "error") { !$0.isEmpty }], timeout: 30)
        XCTAssertEqual(errors.values, [ResultCode.SQLITE_READONLY.rawValue])
        XCTAssertEqual(try dbQueue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") }, 1)
        withExtendedLifetime(cancellable) { }
    }
}
