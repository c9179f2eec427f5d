import Dispatch
import Folio
import Foundation
import XCTest

/// Runs the samples of Documentation/InterruptingAndCancelling.md.
///
/// The slow statements call `started()`, an SQL function that signals a
/// semaphore when they begin, so that a test can interrupt or cancel them
/// while they run, whatever the load of the machine: a statement that is
/// never interrupted would run for minutes.
final class InterruptingGuideTests: FolioTestCase {
    /// Counts to a billion: minutes of work, unless interrupted.
    let slowQuery = """
        WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000)
        SELECT count(*) FROM c
        """
    /// Inserts a billion rows, unless interrupted.
    let slowUpdate = """
        INSERT INTO log (message)
        WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000)
        SELECT x FROM c
        """

    /// A queue whose `started()` function signals `started`.
    private func makeQueue(started: DispatchSemaphore) throws -> DatabaseQueue {
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("started", argumentCount: 0, pure: false) { _ in
                started.signal()
                return 1
            })
        }
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath(), configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE log (id INTEGER PRIMARY KEY, message TEXT)")
        }
        return dbQueue
    }

    /// Interrupts the queue once the slow statement has started.
    private func interruptWhenStarted(_ dbQueue: DatabaseQueue, _ started: DispatchSemaphore) {
        DispatchQueue.global().async {
            started.wait()
            dbQueue.interrupt()
        }
    }

    func testInterrupt() throws {
        let started = DispatchSemaphore(value: 0)
        let dbQueue = try makeQueue(started: started)
        interruptWhenStarted(dbQueue, started)
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE interrupt
        // On a thread that runs a long query
        do {
            let count = try dbQueue.read { db in
                try Int.fetchOne(db, sql: slowQuery)
            }
            print(count ?? 0)
        } catch DatabaseError.SQLITE_INTERRUPT {
            print("interrupted")
        }

        // On another thread, for example when the user taps Cancel
        dbQueue.interrupt()
        // END GUIDE CODE interrupt
        XCTAssertEqual(printed, ["interrupted"])
        // The interruption does not affect the next statements.
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT 1") }, 1)
    }

    func testInterruptedTransactionAborts() throws {
        let started = DispatchSemaphore(value: 0)
        let dbQueue = try makeQueue(started: started)
        interruptWhenStarted(dbQueue, started)
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE abort
        do {
            try dbQueue.write { db in
                do {
                    try db.execute(sql: slowUpdate)         // throws SQLITE_INTERRUPT
                } catch { }
                try db.execute(sql: "INSERT INTO log (message) VALUES ('done')") // throws SQLITE_ABORT
            }
        } catch DatabaseError.SQLITE_INTERRUPT, DatabaseError.SQLITE_ABORT {
            print("interrupted: nothing was written")
        }
        // END GUIDE CODE abort
        XCTAssertEqual(printed, ["interrupted: nothing was written"])
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log") }, 0)
    }

    func testCancel() async throws {
        let started = DispatchSemaphore(value: 0)
        let dbQueue = try makeQueue(started: started)
        let slowUpdate = self.slowUpdate
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE cancel
        let task = Task {
            try await dbQueue.write { db in
                try db.execute(sql: "INSERT INTO log (message) VALUES ('start')")
                try db.execute(sql: slowUpdate)
            }
        }
        task.cancel()
        do {
            try await task.value
        } catch is CancellationError {
            print("cancelled: nothing was written")
        }
        // END GUIDE CODE cancel
        XCTAssertEqual(printed, ["cancelled: nothing was written"])
        let logCount = try await dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log") }
        XCTAssertEqual(logCount, 0)
    }

    func testCancelWhileTheStatementRuns() async throws {
        let started = DispatchSemaphore(value: 0)
        let dbQueue = try makeQueue(started: started)
        let slowUpdate = self.slowUpdate
        let task = Task {
            try await dbQueue.write { db in
                try db.execute(sql: "INSERT INTO log (message) VALUES ('start')")
                try db.execute(sql: slowUpdate)
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                task.cancel()
                continuation.resume()
            }
        }
        do {
            try await task.value
            XCTFail("expected an error")
        } catch is CancellationError {
        }
        let logCount = try await dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log") }
        XCTAssertEqual(logCount, 0)
    }

    func testTimeout() throws {
        let started = DispatchSemaphore(value: 0)
        let dbQueue = try makeQueue(started: started)
        // On a busy machine, the timer may fire before the query starts:
        // the test also interrupts once the query has started.
        interruptWhenStarted(dbQueue, started)
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }
        // BEGIN GUIDE CODE timeout
        let timer = DispatchWorkItem { dbQueue.interrupt() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1, execute: timer)
        defer { timer.cancel() }
        do {
            _ = try dbQueue.read { db in try Int.fetchOne(db, sql: slowQuery) }
        } catch DatabaseError.SQLITE_INTERRUPT {
            print("the query took more than 0.1 s")
        }
        // END GUIDE CODE timeout
        XCTAssertEqual(printed, ["the query took more than 0.1 s"])
    }

    func testGuideShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/InterruptingAndCancelling.md",
            testFile: #filePath,
            names: ["interrupt", "abort", "cancel", "timeout"])
    }
}
