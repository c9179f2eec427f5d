import Dispatch
import Folio
import XCTest

/// GRDB's ValueObservation "fetches immediately after each change": a
/// sequence of transactions gives one value per transaction when the
/// observer keeps up, and code that awaits each value does not hang.
final class ValueObservationEveryTransactionTests: FolioTestCase {
    private let transactionCount = 20

    private static func countObservation() -> ValueObservation<ValueReducers.Fetch<Int>> {
        ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    }

    private func createPlayers(_ writer: some DatabaseWriter) throws {
        try writer.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
    }

    private static func insertPlayer(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO player DEFAULT VALUES")
    }

    /// Starts the observation, waits for its initial value, writes
    /// `transactionCount` transactions in a row, and checks that each
    /// transaction gave its own value.
    private func assertOneValuePerTransaction(
        _ writer: some DatabaseWriter,
        write: (Int) throws -> Void,
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        try createPlayers(writer)
        let values = ValueRecorder<Int>()
        let cancellable = Self.countObservation().start(
            in: writer,
            scheduling: .async(onQueue: DispatchQueue(label: "values")),
            onError: { XCTFail("\($0)") },
            onChange: values.append)
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        for index in 1...transactionCount {
            try write(index)
        }
        let expected = Array(0...transactionCount)
        wait(for: [values.expectation(self, "values") { $0.count >= expected.count }], timeout: 10)
        XCTAssertEqual(values.values, expected, file: file, line: line)
        withExtendedLifetime(cancellable) { }
    }

    func testQueueNotifiesEachTransactionWrittenInARow() throws {
        let dbQueue = try makeDatabaseQueue()
        try assertOneValuePerTransaction(dbQueue) { _ in try dbQueue.write(Self.insertPlayer) }
    }

    func testQueueNotifiesEachTransactionOfOneAccess() throws {
        let dbQueue = try makeDatabaseQueue()
        try assertOneValuePerTransaction(dbQueue) { index in
            // All transactions in the last access.
            guard index == transactionCount else { return }
            try dbQueue.writeWithoutTransaction { db in
                for _ in 1...transactionCount {
                    try db.inTransaction {
                        try Self.insertPlayer(db)
                        return .commit
                    }
                }
            }
        }
    }

    func testQueueNotifiesEachAsynchronousWrite() throws {
        let dbQueue = try makeDatabaseQueue()
        try assertOneValuePerTransaction(dbQueue) { _ in
            dbQueue.asyncWrite({ db in try Self.insertPlayer(db) }, completion: { _, result in
                if case .failure(let error) = result { XCTFail("\(error)") }
            })
        }
    }

    func testPoolNotifiesEachTransactionWrittenInARow() throws {
        let dbPool = try makeDatabasePool()
        try assertOneValuePerTransaction(dbPool) { _ in try dbPool.write(Self.insertPlayer) }
    }

    func testPoolNotifiesEachTransactionOfOneAccess() throws {
        let dbPool = try makeDatabasePool()
        try assertOneValuePerTransaction(dbPool) { index in
            guard index == transactionCount else { return }
            try dbPool.writeWithoutTransaction { db in
                for _ in 1...transactionCount {
                    try db.inTransaction {
                        try Self.insertPlayer(db)
                        return .commit
                    }
                }
            }
        }
    }

    func testPoolNotifiesEachTransactionFromTheStart() throws {
        // Transactions written right after the start, before the initial
        // value is known, are notified one by one as well.
        let dbPool = try makeDatabasePool()
        try createPlayers(dbPool)
        let values = ValueRecorder<Int>()
        let cancellable = Self.countObservation().start(
            in: dbPool,
            scheduling: .async(onQueue: DispatchQueue(label: "values")),
            onError: { XCTFail("\($0)") },
            onChange: values.append)
        for _ in 1...5 {
            try dbPool.write(Self.insertPlayer)
        }
        wait(for: [values.expectation(self, "values") { $0.last == 5 }], timeout: 10)
        XCTAssertEqual(values.values, [0, 1, 2, 3, 4, 5])
        withExtendedLifetime(cancellable) { }
    }

    func testAsyncSequenceAwaitingEachValueDoesNotHang() async throws {
        for writer in [try makeDatabaseQueue() as any DatabaseWriter, try makeDatabasePool()] {
            try await writer.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
            let count = transactionCount
            var iterator = Self.countObservation().values(in: writer).makeAsyncIterator()
            var values = [try await iterator.next()]
            for _ in 1...count {
                try await writer.write { db in try db.execute(sql: "INSERT INTO player DEFAULT VALUES") }
            }
            // Each value is awaited: a missing one would hang here.
            while values.count <= count {
                values.append(try await iterator.next())
            }
            XCTAssertEqual(values, Array(0...count))
        }
    }

    func testSharedObservationNotifiesEachTransaction() throws {
        let dbPool = try makeDatabasePool()
        try createPlayers(dbPool)
        let shared = Self.countObservation().shared(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "shared")))
        let values = ValueRecorder<Int>()
        let cancellable = shared.start(onError: { XCTFail("\($0)") }, onChange: values.append)
        wait(for: [values.expectation(self, "initial") { $0 == [0] }], timeout: 10)
        for _ in 1...transactionCount {
            try dbPool.write(Self.insertPlayer)
        }
        let expectedCount = transactionCount + 1
        wait(for: [values.expectation(self, "values") { $0.count == expectedCount }], timeout: 10)
        XCTAssertEqual(values.values, Array(0...transactionCount))
        withExtendedLifetime(cancellable) { }
    }
}
