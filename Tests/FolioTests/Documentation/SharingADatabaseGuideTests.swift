import Folio
import Foundation
import XCTest

/// Runs the samples of Documentation/SharingADatabase.md.
final class SharingADatabaseGuideTests: FolioTestCase {
    /// What the guide's observation printed.
    private final class Printed: @unchecked Sendable {
        // @unchecked Sendable: all access goes through `lock`.
        private let lock = NSLock()
        private var lines: [String] = []
        private var expectations: [String: XCTestExpectation] = [:]

        func expect(_ line: String, _ expectation: XCTestExpectation) {
            lock.withLock { expectations[line] = expectation }
        }

        func append(_ line: String) {
            let expectation = lock.withLock { () -> XCTestExpectation? in
                lines.append(line)
                return expectations.removeValue(forKey: line)
            }
            expectation?.fulfill()
        }
    }

    func testSharedPool() async throws {
        let databasePath = temporaryDatabasePath()
        // BEGIN GUIDE CODE open
        var config = Configuration()
        config.busyMode = .timeout(10)           // wait up to 10 s for another process's write
        config.observesExternalChanges = true    // observations hear the other processes
        let dbPool = try DatabasePool(path: databasePath, configuration: config)
        // END GUIDE CODE open
        try await dbPool.write { db in
            try db.execute(sql: "CREATE TABLE job (id INTEGER PRIMARY KEY, status TEXT NOT NULL)")
        }

        let printed = Printed()
        let initial = expectation(description: "initial"), external = expectation(description: "external commit")
        printed.expect("0 pending jobs", initial)
        printed.expect("1 pending jobs", external)
        let task = Task {
            func print(_ line: String) { printed.append(line) }
            // BEGIN GUIDE CODE observe
            let observation = ValueObservation.tracking { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE status = 'pending'") ?? 0
            }
            for try await pendingCount in observation.values(in: dbPool) {
                print("\(pendingCount) pending jobs")   // after each commit of any process
            }
            // END GUIDE CODE observe
        }
        await fulfillment(of: [initial], timeout: 10)
        // Another connection to the file: another pool, as another process
        // would open.
        let otherProcessPool = try DatabasePool(path: databasePath)
        try await otherProcessPool.write { db in
            try db.execute(sql: "INSERT INTO job (status) VALUES ('pending')")
        }
        await fulfillment(of: [external], timeout: 10)
        task.cancel()
    }

    func testCheckpoint() throws {
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t(a)") }
        // BEGIN GUIDE CODE checkpoint
        try dbPool.checkpoint(.passive)   // never waits for other processes
        // END GUIDE CODE checkpoint
        let result = try dbPool.checkpoint(.passive)
        XCTAssertEqual(result.walFrameCount, result.checkpointedFrameCount)
    }

    func testGuideShowsTestedCode() throws {
        try assertGuideShowsTestedCode(
            guide: "Documentation/SharingADatabase.md",
            testFile: #filePath,
            names: ["open", "observe", "checkpoint"])
    }
}
