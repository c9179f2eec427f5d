import Folio
import XCTest

/// "The async database access methods honor task cancellation. Once an
/// async Task is cancelled, reads and writes throw `CancellationError`,
/// and any transaction is rollbacked" (GRDB's Concurrency.md): a write
/// cancelled in the middle runs no further statement, and ends with a
/// rollback, never a commit.
final class CancelledWriteTests: FolioTestCase {
    func testWriteCancelledInTheMiddleThrowsCancellationErrorAndRollsBack() async throws {
        let dbQueue = try makeDatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let setupCount = sqlQueries.count
        let task = Task {
            try await dbQueue.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                withUnsafeCurrentTask { $0?.cancel() }
                try db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        do {
            try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        let queries = Array(sqlQueries.dropFirst(setupCount))
        XCTAssertEqual(queries, ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "ROLLBACK TRANSACTION"])
        let count = try await dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        XCTAssertEqual(count, 0)
    }
}
