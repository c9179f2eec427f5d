import Folio
import XCTest

/// The access methods have GRDB's signatures: synchronous accesses that
/// only throw the errors of their function are `rethrows`, and async
/// accesses take non-escaping functions.
final class DatabaseAccessSignatureTests: FolioTestCase {
    func testRethrowingQueueAccessesNeedNoTry() throws {
        let dbQueue = try makeDatabaseQueue()
        XCTAssertEqual(dbQueue.inDatabase { _ in 1 }, 1)
        XCTAssertEqual(dbQueue.unsafeRead { _ in 2 }, 2)
        XCTAssertEqual(dbQueue.unsafeReentrantRead { _ in 3 }, 3)
        XCTAssertEqual(dbQueue.writeWithoutTransaction { _ in 4 }, 4)
        XCTAssertEqual(dbQueue.unsafeReentrantWrite { _ in 5 }, 5)
    }

    func testRethrowingPoolAccessesNeedNoTry() throws {
        let dbPool = try makeDatabasePool()
        XCTAssertEqual(dbPool.writeWithoutTransaction { _ in 1 }, 1)
        XCTAssertEqual(dbPool.unsafeReentrantWrite { _ in 2 }, 2)
    }

    func testRethrowingWriterRequirementsNeedNoTry() throws {
        func values(_ writer: some DatabaseWriter) -> [Int] {
            [writer.writeWithoutTransaction { _ in 1 }, writer.unsafeReentrantWrite { _ in 2 }]
        }
        XCTAssertEqual(values(try makeDatabaseQueue()), [1, 2])
        XCTAssertEqual(values(try makeDatabasePool()), [1, 2])
    }

    func testRethrowingAccessesRethrowTheErrorOfTheirFunction() throws {
        struct Failure: Error { }
        let dbQueue = try makeDatabaseQueue()
        XCTAssertThrowsError(try dbQueue.inDatabase { _ in throw Failure() }) { XCTAssertTrue($0 is Failure) }
        let dbPool = try makeDatabasePool()
        XCTAssertThrowsError(try dbPool.writeWithoutTransaction { _ in throw Failure() }) { XCTAssertTrue($0 is Failure) }
    }

    func testStatementsOfARethrowingAccessToAClosedQueueThrow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.close()
        // The function runs: only the statements fail.
        XCTAssertEqual(dbQueue.inDatabase { _ in 1 }, 1)
        assertDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE t (a)") }
        }
    }

    /// Forwards non-escaping functions to the async access methods.
    private func accessAll(
        _ writer: some DatabaseWriter,
        _ fetch: @Sendable (Database) throws -> Int) async throws -> [Int]
    {
        [
            try await writer.read(fetch),
            try await writer.unsafeRead(fetch),
            try await writer.write(fetch),
            try await writer.writeWithoutTransaction(fetch),
            try await writer.barrierWriteWithoutTransaction(fetch),
        ]
    }

    func testAsyncAccessesAcceptNonEscapingFunctions() async throws {
        let dbQueue = try makeDatabaseQueue()
        let dbPool = try makeDatabasePool()
        for index in 0..<100 {
            let fetch: @Sendable (Database) throws -> Int = { db in try Int.fetchOne(db, sql: "SELECT ?", arguments: [index])! }
            let expected = Array(repeating: index, count: 5)
            let queueValues = try await accessAll(dbQueue, fetch)
            let poolValues = try await accessAll(dbPool, fetch)
            XCTAssertEqual(queueValues, expected)
            XCTAssertEqual(poolValues, expected)
        }
    }

    func testCancelledAsyncAccessesReleaseTheirFunction() async throws {
        let dbPool = try makeDatabasePool()
        for _ in 0..<50 {
            let task = Task {
                try await dbPool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
            }
            task.cancel()
            do {
                _ = try await task.value
            } catch {
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
        }
    }
}
