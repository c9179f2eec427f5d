import Dispatch
import Folio
import XCTest

private enum Context {
    @TaskLocal static var user = "nobody"
}

/// GRDB's async accesses run their function as part of the calling task:
/// inside `try await dbQueue.read { … }`, the caller's `@TaskLocal` values
/// are visible, and `Task.isCancelled` is the caller's.
final class AsyncAccessTaskContextTests: FolioTestCase {
    private func assertTaskLocals(_ writer: some DatabaseWriter) async throws {
        try await Context.$user.withValue("Arthur") {
            let read = try await writer.read { _ in Context.user }
            let unsafeRead = try await writer.unsafeRead { _ in Context.user }
            let write = try await writer.write { _ in Context.user }
            let withoutTransaction = try await writer.writeWithoutTransaction { _ in Context.user }
            let barrier = try await writer.barrierWriteWithoutTransaction { _ in Context.user }
            XCTAssertEqual([read, unsafeRead, write, withoutTransaction, barrier], Array(repeating: "Arthur", count: 5))
        }
        // Outside of the scope, the default value.
        let read = try await writer.read { _ in Context.user }
        XCTAssertEqual(read, "nobody")
    }

    func testAsyncAccessesOfAQueueSeeTaskLocals() async throws {
        try await assertTaskLocals(makeDatabaseQueue())
    }

    func testAsyncAccessesOfAPoolSeeTaskLocals() async throws {
        try await assertTaskLocals(makeDatabasePool())
    }

    func testAsyncAccessesWithATargetQueueSeeTaskLocals() async throws {
        var config = Configuration()
        config.targetQueue = DispatchQueue(label: "target")
        try await assertTaskLocals(DatabaseQueue(configuration: config))
        try await assertTaskLocals(DatabasePool(path: temporaryDatabasePath(), configuration: config))
    }

    /// The function sees the cancellation of the task that runs the access.
    func testTaskIsCancelledIsTheCallersInsideAnAsyncRead() async throws {
        let dbQueue = try makeDatabaseQueue()
        let gate = Gate()
        let task = Task {
            try await dbQueue.read { _ in
                XCTAssertFalse(Task.isCancelled)
                gate.pass()
                let deadline = Date().addingTimeInterval(10)
                while !Task.isCancelled && Date() < deadline {
                    usleep(1000)
                }
                return Task.isCancelled
            }
        }
        await gate.reached()
        task.cancel()
        gate.open()
        let sawCancellation = try await value(of: task)
        XCTAssertTrue(sawCancellation)
    }

    /// A sync access from inside an async access is reentrant: it stops
    /// the program as in GRDB, so it is not tested here. A sync access
    /// after an async one, from the same task, is not.
    func testSyncAccessAfterAnAsyncAccessInTheSameTask() async throws {
        let dbQueue = try makeDatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try syncInsert(dbQueue)
        let count = try await dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        XCTAssertEqual(count, 1)
        XCTAssertEqual(try syncCount(dbQueue), 1)
    }

    private nonisolated func syncInsert(_ dbQueue: DatabaseQueue) throws {
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
    }

    private nonisolated func syncCount(_ dbQueue: DatabaseQueue) throws -> Int? {
        try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
    }
}
