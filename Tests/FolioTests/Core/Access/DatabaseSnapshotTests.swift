import Folio
import Foundation
import XCTest

final class DatabaseSnapshotTests: FolioTestCase {
    /// A pool with a table of two players.
    private func makePool(configuration: Configuration = Configuration()) throws -> DatabasePool {
        let dbPool = try makeDatabasePool(configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: """
                CREATE TABLE player (name TEXT);
                INSERT INTO player VALUES ('Arthur'), ('Barbara');
                """)
        }
        return dbPool
    }

    private func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    }

    func testSnapshotSeesTheContentOfWhenItWasMade() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player VALUES ('Craig')")
        }
        XCTAssertEqual(try snapshot.read(count), 2)
        XCTAssertEqual(try dbPool.read(count), 3)
    }

    func testSnapshotKeepsSeeingOldDataWhileThePoolWrites() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        for index in 1...50 {
            try dbPool.write { db in
                try db.execute(sql: "INSERT INTO player VALUES (?)", arguments: ["Player \(index)"])
                if index.isMultiple(of: 10) {
                    try db.execute(sql: "DELETE FROM player WHERE name = 'Arthur'")
                }
            }
            XCTAssertEqual(try snapshot.read(count), 2)
            XCTAssertEqual(try snapshot.read { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name") }, ["Arthur", "Barbara"])
        }
        XCTAssertEqual(try dbPool.read(count), 51)
    }

    func testSnapshotDoesNotSeeSchemaChanges() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE team (name TEXT); DROP TABLE player")
        }
        XCTAssertTrue(try snapshot.read { db in try db.tableExists("player") })
        XCTAssertFalse(try snapshot.read { db in try db.tableExists("team") })
        XCTAssertEqual(try snapshot.read(count), 2)
    }

    func testSnapshotsSeeTheStateOfTheirCreation() throws {
        let dbPool = try makePool()
        let snapshot1 = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player VALUES ('Craig')") }
        let snapshot2 = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(try snapshot1.read(count), 2)
        XCTAssertEqual(try snapshot2.read(count), 3)
        XCTAssertEqual(try dbPool.read(count), 0)
    }

    func testSnapshotMadeFromAWriteSeesItsLastCommit() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.writeWithoutTransaction { db -> DatabaseSnapshot in
            try db.inTransaction {
                try db.execute(sql: "DELETE FROM player WHERE name = 'Arthur'")
                return .commit
            }
            let snapshot = try dbPool.makeSnapshot()
            try db.execute(sql: "DELETE FROM player")
            return snapshot
        }
        XCTAssertEqual(try snapshot.read { db in try String.fetchAll(db, sql: "SELECT name FROM player") }, ["Barbara"])
        XCTAssertEqual(try dbPool.read(count), 0)
    }

    func testMakingASnapshotInsideATransactionFails() throws {
        let dbPool = try makePool()
        try dbPool.write { db in
            let error = assertDatabaseError(.SQLITE_MISUSE) { _ = try dbPool.makeSnapshot() }
            XCTAssertEqual(error?.message, "makeSnapshot() must not be called from inside a transaction")
        }
    }

    func testMakingASnapshotOfAClosedPoolFails() throws {
        let dbPool = try makePool()
        try dbPool.close()
        assertDatabaseError(.SQLITE_MISUSE) { _ = try dbPool.makeSnapshot() }
    }

    func testSnapshotRunsInATransactionThatReadsOnce() throws {
        let dbPool = try makePool()
        clearSQLQueries()
        let snapshot = try dbPool.makeSnapshot()
        XCTAssertEqual(sqlQueries, ["PRAGMA query_only = 1", "BEGIN DEFERRED TRANSACTION", "SELECT rootpage FROM sqlite_master LIMIT 1"])
        clearSQLQueries()
        _ = try snapshot.read(count)
        _ = try snapshot.read(count)
        XCTAssertEqual(sqlQueries, ["SELECT COUNT(*) FROM player", "SELECT COUNT(*) FROM player"])
    }

    func testSnapshotRefusesWrites() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        assertDatabaseError(.SQLITE_READONLY) {
            try snapshot.read { db in try db.execute(sql: "DELETE FROM player") }
        }
        XCTAssertEqual(try snapshot.read(count), 2)
    }

    func testConfigurationAndPath() throws {
        var config = Configuration()
        config.label = "Pool"
        let dbPool = try makePool(configuration: config)
        let snapshot = try dbPool.makeSnapshot()
        XCTAssertEqual(snapshot.configuration.label, "Pool.snapshot")
        XCTAssertEqual(snapshot.path, dbPool.path)
    }

    func testSnapshotUsesTheFunctionsOfThePool() throws {
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("answer", argumentCount: 0) { _ in 42 })
        }
        let dbPool = try makePool(configuration: config)
        let snapshot = try dbPool.makeSnapshot()
        XCTAssertEqual(try snapshot.read { db in try Int.fetchOne(db, sql: "SELECT answer()") }, 42)
    }

    func testTheSnapshotTransactionHasOneDate() throws {
        let counter = Counter()
        var config = Configuration()
        config.transactionClock = .custom { _ in Date(timeIntervalSince1970: TimeInterval(counter.increment())) }
        let dbPool = try makePool(configuration: config)
        let snapshot = try dbPool.makeSnapshot()
        let date = try snapshot.read { db in try db.transactionDate }
        try dbPool.write { _ in }
        XCTAssertEqual(try snapshot.read { db in try db.transactionDate }, date)
        XCTAssertEqual(try snapshot.read { db in try db.transactionDate }, date)
    }

    func testUnsafeAndReentrantReads() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(try snapshot.unsafeRead(count), 2)
        XCTAssertEqual(try snapshot.unsafeReentrantRead(count), 2)
        XCTAssertEqual(try snapshot.reentrantRead(count), 2)
        let nested = try snapshot.read { _ in
            try snapshot.reentrantRead { _ in
                try snapshot.unsafeReentrantRead(count)
            }
        }
        XCTAssertEqual(nested, 2)
    }

    func testSnapshotReaderProtocol() throws {
        func counts(_ reader: some DatabaseSnapshotReader) throws -> [Int] {
            [
                try reader.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! },
                try reader.reentrantRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! },
            ]
        }
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(try counts(snapshot), [2, 2])

        let done = expectation(description: "asyncUnsafeRead")
        func asyncCount(_ reader: some DatabaseSnapshotReader) {
            reader.asyncUnsafeRead { result in
                XCTAssertEqual(try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player"), 2)
                done.fulfill()
            }
        }
        asyncCount(snapshot)
        wait(for: [done], timeout: 10)
    }

    func testAsyncReadAndAsyncUnsafeRead() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        let counts = ValueRecorder<Int>()
        let done = counts.expectation(self, "reads") { $0.count == 2 }
        snapshot.asyncRead { result in counts.append(try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")!) }
        snapshot.asyncUnsafeRead { result in counts.append(try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")!) }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(counts.values, [2, 2])
    }

    func testManyConcurrentAsyncReads() async throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                group.addTask {
                    if index.isMultiple(of: 4) {
                        try await dbPool.write { db in try db.execute(sql: "INSERT INTO player VALUES ('x')") }
                    }
                    return index.isMultiple(of: 2)
                        ? try await snapshot.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
                        : try await snapshot.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
                }
            }
            var counts: [Int] = []
            for try await count in group { counts.append(count) }
            return counts
        }
        XCTAssertEqual(counts, Array(repeating: 2, count: 40))
        let poolCount = try await dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
        XCTAssertEqual(poolCount, 12)
    }

    func testClosedSnapshotThrows() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try snapshot.close()
        assertDatabaseError(.SQLITE_MISUSE) { _ = try snapshot.read(count) }
        assertDatabaseError(.SQLITE_MISUSE) { _ = try snapshot.unsafeReentrantRead(count) }
        let done = expectation(description: "asyncRead")
        snapshot.asyncRead { result in
            if case .success = result { XCTFail("expected an error") }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        // The pool goes on.
        XCTAssertEqual(try dbPool.read(count), 2)
    }

    func testEndingTheSnapshotTransactionClosesTheSnapshot() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try snapshot.read { db in try db.execute(sql: "COMMIT") }
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        // The snapshot is lost: it does not read the new content.
        let error = assertDatabaseError(.SQLITE_MISUSE) { _ = try snapshot.read(count) }
        XCTAssertEqual(error?.message?.hasPrefix("connection is closed"), true)
    }

    func testInterruptedReadDoesNotEndTheSnapshot() throws {
        let started = DispatchSemaphore(value: 0)
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("started", argumentCount: 0) { _ in
                started.signal()
                return 1
            })
        }
        let dbPool = try makePool(configuration: config)
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        let codes = ValueRecorder<ResultCode?>()
        let done = codes.expectation(self, "interrupted") { !$0.isEmpty }
        snapshot.asyncRead { result in
            do {
                _ = try Int.fetchOne(try result.get(), sql: """
                    WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c)
                    SELECT MAX(x) FROM c
                    """)
                codes.append(nil)
            } catch {
                codes.append((error as? DatabaseError)?.resultCode)
            }
        }
        started.wait()
        snapshot.interrupt()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(codes.values, [.SQLITE_INTERRUPT])
        XCTAssertEqual(try snapshot.read(count), 2)
    }

    func testBackupOfASnapshot() throws {
        let dbPool = try makePool()
        let snapshot = try dbPool.makeSnapshot()
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        let copy = try DatabaseQueue()
        try snapshot.backup(to: copy)
        XCTAssertEqual(try copy.read(count), 2)
    }

    func testSnapshotOfAReadOnlyPool() throws {
        let path = temporaryDatabasePath()
        try DatabasePool(path: path).write { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT); INSERT INTO player VALUES ('Arthur')")
        }
        var config = Configuration()
        config.readonly = true
        let dbPool = try DatabasePool(path: path, configuration: config)
        let snapshot = try dbPool.makeSnapshot()
        XCTAssertEqual(try snapshot.read(count), 1)
        assertDatabaseError(.SQLITE_READONLY) {
            try snapshot.read { db in try db.execute(sql: "DELETE FROM player") }
        }
    }

    func testSnapshotAsAnErasedReader() throws {
        let dbPool = try makePool()
        let reader = AnyDatabaseReader(try dbPool.makeSnapshot())
        try dbPool.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(try reader.read(count), 2)
    }
}
