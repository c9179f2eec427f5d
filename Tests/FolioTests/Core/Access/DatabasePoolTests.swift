import Folio
import Foundation
import XCTest

final class DatabasePoolTests: FolioTestCase {
    private func makePlayerPool(configuration: Configuration = Configuration()) throws -> DatabasePool {
        let dbPool = try makeDatabasePool(configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
        }
        clearSQLQueries()
        return dbPool
    }

    // MARK: - Opening

    func testPoolSetsWALModeOnAllConnections() throws {
        let dbPool = try makeDatabasePool()
        XCTAssertEqual(try dbPool.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "wal")
        XCTAssertEqual(try dbPool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "wal")
    }

    func testReadersOfANewEmptyDatabaseSeeItEmptyThenSeeCommits() throws {
        let dbPool = try makeDatabasePool()
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }, 0)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 1)
    }

    func testReadOnlyPoolOnAWALDatabaseReads() throws {
        let path = temporaryDatabasePath()
        let writerPool = try DatabasePool(path: path)
        try writerPool.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        }
        var configuration = Configuration()
        configuration.readonly = true
        let readOnlyPool = try DatabasePool(path: path, configuration: configuration)
        XCTAssertEqual(try readOnlyPool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        XCTAssertThrowsError(try readOnlyPool.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_READONLY)
        }
    }

    func testInvalidMaximumReaderCountThrows() throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 0
        XCTAssertThrowsError(try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual(error.message, "invalid maximumReaderCount 0: a DatabasePool needs at least one reader")
        }
    }

    // MARK: - Transactions

    func testWriteRunsInAnImmediateTransaction() throws {
        let dbPool = try makePlayerPool()
        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
        }
        XCTAssertEqual(sqlQueries, [
            "BEGIN IMMEDIATE TRANSACTION",
            "INSERT INTO player (name) VALUES (?)",
            "COMMIT TRANSACTION",
        ])
    }

    func testReadRunsInADeferredTransactionOnAReadOnlyConnection() throws {
        let dbPool = try makePlayerPool()
        let name = try dbPool.read { db -> String in
            XCTAssertTrue(db.description.hasPrefix("GRDB.DatabasePool.reader."), db.description)
            return try String.fetchOne(db, sql: "SELECT 'Arthur'")!
        }
        XCTAssertEqual(name, "Arthur")
        XCTAssertEqual(sqlQueries.suffix(3), [
            "BEGIN DEFERRED TRANSACTION",
            "SELECT 'Arthur'",
            "ROLLBACK TRANSACTION",
        ])
    }

    func testReadAndUnsafeReadRefuseWrites() throws {
        let dbPool = try makePlayerPool()
        for access in [{ try dbPool.read { db in try db.execute(sql: "DELETE FROM player") } },
                       { try dbPool.unsafeRead { db in try db.execute(sql: "DELETE FROM player") } }]
        {
            XCTAssertThrowsError(try access()) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_READONLY)
                XCTAssertEqual(error.sql, "DELETE FROM player")
            }
        }
    }

    func testWriteInTransactionRollsBack() throws {
        let dbPool = try makePlayerPool()
        try dbPool.writeInTransaction { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            return .rollback
        }
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
        XCTAssertEqual(sqlQueries.prefix(3), [
            "BEGIN IMMEDIATE TRANSACTION",
            "INSERT INTO player (name) VALUES ('Arthur')",
            "ROLLBACK TRANSACTION",
        ])
    }

    // MARK: - Isolation

    func testReadDoesNotWaitForTheWriterAndDoesNotSeeUncommittedChanges() throws {
        let dbPool = try makePlayerPool()
        let gate = Gate()
        let writeDone = expectation(description: "write done")
        DispatchQueue.global().async {
            try! dbPool.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                gate.pass()
            }
            writeDone.fulfill()
        }
        gate.waitUntilReached()
        // The writer is inside its transaction: reads go on, and see the
        // last committed state.
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
        gate.open()
        wait(for: [writeDone], timeout: 10)
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 1)
    }

    func testReadSeesOneSnapshotWhileTheWriterCommits() throws {
        let dbPool = try makePlayerPool()
        let gate = Gate()
        let counts = ValueRecorder<Int>()
        let readDone = expectation(description: "read done")
        DispatchQueue.global().async {
            try! dbPool.read { db in
                counts.append(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!)
                gate.pass()
                counts.append(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!)
            }
            readDone.fulfill()
        }
        gate.waitUntilReached()
        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
        }
        gate.open()
        wait(for: [readDone], timeout: 10)
        XCTAssertEqual(counts.values, [0, 0])
    }

    /// N readers and one writer: the writer moves money between two
    /// accounts, in transactions that keep the total at 100. Readers must
    /// only see committed states: a total of 100, and versions that never
    /// go back.
    func testConcurrentReadersOnlySeeCommittedStates() throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 4
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: """
                CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
                CREATE TABLE version (value INTEGER NOT NULL);
                INSERT INTO account VALUES (1, 100), (2, 0);
                INSERT INTO version VALUES (0);
                """)
        }
        let writeCount = 200
        let readerCount = 4
        let readsPerReader = 200
        let violations = ValueRecorder<String>()
        let readsDone = Counter()

        DispatchQueue.concurrentPerform(iterations: readerCount + 1) { index in
            if index == 0 {
                for iteration in 1...writeCount {
                    try! dbPool.write { db in
                        let amount = iteration % 7 - 3
                        try db.execute(sql: "UPDATE account SET balance = balance - ? WHERE id = 1", arguments: [amount])
                        try db.execute(sql: "UPDATE account SET balance = balance + ? WHERE id = 2", arguments: [amount])
                        try db.execute(sql: "UPDATE version SET value = ?", arguments: [iteration])
                    }
                }
            } else {
                var lastVersion = -1
                for _ in 0..<readsPerReader {
                    let (total, version) = try! dbPool.read { db in
                        let balances = try Int.fetchAll(db, sql: "SELECT balance FROM account ORDER BY id")
                        let version = try Int.fetchOne(db, sql: "SELECT value FROM version")!
                        return (balances.reduce(0, +), version)
                    }
                    if total != 100 { violations.append("total \(total) at version \(version)") }
                    if version < lastVersion { violations.append("version \(version) after \(lastVersion)") }
                    lastVersion = version
                    readsDone.increment()
                }
            }
        }
        XCTAssertEqual(violations.values, [])
        XCTAssertEqual(readsDone.count, readerCount * readsPerReader)
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT value FROM version") }, writeCount)
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT SUM(balance) FROM account") }, 100)
    }

    func testAsyncConcurrentReadersOnlySeeCommittedStates() async throws {
        let dbPool = try makeDatabasePool()
        try await dbPool.write { db in
            try db.execute(sql: """
                CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
                INSERT INTO account VALUES (1, 100), (2, 0);
                """)
        }
        let totals = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                for amount in 1...100 {
                    try await dbPool.write { db in
                        try db.execute(sql: "UPDATE account SET balance = balance - ? WHERE id = 1", arguments: [amount % 5])
                        try db.execute(sql: "UPDATE account SET balance = balance + ? WHERE id = 2", arguments: [amount % 5])
                    }
                }
                return []
            }
            for _ in 0..<4 {
                group.addTask {
                    var totals: [Int] = []
                    for _ in 0..<100 {
                        totals.append(try await dbPool.read { db in
                            try Int.fetchAll(db, sql: "SELECT balance FROM account").reduce(0, +)
                        })
                    }
                    return totals
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        XCTAssertEqual(totals.count, 400)
        XCTAssertEqual(Set(totals), [100])
    }

    func testMaximumReaderCountLimitsConcurrentReads() throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 2
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        let gates = [Gate(), Gate()]
        let thirdReadStarted = ValueRecorder<Bool>()
        let done = expectation(description: "reads done")
        done.expectedFulfillmentCount = 3
        for gate in gates {
            DispatchQueue.global().async {
                try! dbPool.read { _ in gate.pass() }
                done.fulfill()
            }
        }
        for gate in gates { gate.waitUntilReached() }
        let thirdStarted = thirdReadStarted.expectation(self, "third read started") { !$0.isEmpty }
        DispatchQueue.global().async {
            try! dbPool.read { _ in thirdReadStarted.append(true) }
            done.fulfill()
        }
        // Both readers are busy: the third read waits.
        XCTAssertEqual(thirdReadStarted.values, [])
        gates[0].open()
        wait(for: [thirdStarted], timeout: 10)
        gates[1].open()
        wait(for: [done], timeout: 10)
    }

    // MARK: - Reentrancy

    func testUnsafeReentrantAccessesUseTheCurrentConnection() throws {
        let dbPool = try makePlayerPool()
        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            // Inside the write: the writer connection sees uncommitted changes.
            let count = try dbPool.unsafeReentrantRead { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
            }
            XCTAssertEqual(count, 1)
            try dbPool.unsafeReentrantWrite { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
            }
        }
        let names = try dbPool.read { db -> [String] in
            let readerDescription = db.description
            let reentrantDescription = try dbPool.unsafeReentrantRead { $0.description }
            XCTAssertEqual(reentrantDescription, readerDescription)
            return try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name")
        }
        XCTAssertEqual(names, ["Arthur", "Barbara"])
    }

    /// A read that runs on its reader's queue (`asyncRead`) finds its
    /// reader again in `unsafeReentrantRead`: the pool looks the reader up
    /// by the identifier of the queue's connection, among its open
    /// readers, and the reentrant read runs in the read's transaction.
    func testUnsafeReentrantReadInsideAsyncReadUsesTheReadersConnection() throws {
        let dbPool = try makePlayerPool()
        try dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
        }
        let done = expectation(description: "read")
        let results = ValueRecorder<String>()
        dbPool.asyncRead { result in
            do {
                let db = try result.get()
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
                let (description, isInsideTransaction, reentrantCount) = try dbPool.unsafeReentrantRead { reentrantDB in
                    (reentrantDB.description, reentrantDB.isInsideTransaction,
                     try Int.fetchOne(reentrantDB, sql: "SELECT COUNT(*) FROM player")!)
                }
                results.append(description == db.description ? "same connection" : "other connection \(description)")
                results.append("in the read's transaction: \(isInsideTransaction)")
                results.append("counts \(count) \(reentrantCount)")
            } catch {
                results.append("error \(error)")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(results.values, ["same connection", "in the read's transaction: true", "counts 1 1"])
    }

    // MARK: - Barrier

    func testBarrierWriteWaitsForReadsAndDelaysNewReads() throws {
        let dbPool = try makePlayerPool()
        let events = ValueRecorder<String>()
        let gate = Gate()
        let done = events.expectation(self, "done") { $0.last?.hasPrefix("read 2") == true }
        DispatchQueue.global().async {
            try! dbPool.read { _ in
                events.append("read 1 start")
                gate.pass()
                events.append("read 1 end")
            }
        }
        gate.waitUntilReached()
        let barrierDone = expectation(description: "barrier done")
        DispatchQueue.global().async {
            try! dbPool.barrierWriteWithoutTransaction { db in
                events.append("barrier start")
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                // A read asked during the barrier waits for its end.
                dbPool.asyncRead { result in
                    let count = try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")!
                    events.append("read 2 count \(count)")
                }
                events.append("barrier end")
            }
            barrierDone.fulfill()
        }
        gate.open()
        wait(for: [barrierDone, done], timeout: 10)
        XCTAssertEqual(events.values, ["read 1 start", "read 1 end", "barrier start", "barrier end", "read 2 count 1"])
    }

    func testAsyncBarrierWrite() async throws {
        let dbPool = try makePlayerPool()
        let count = try await dbPool.barrierWriteWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
        }
        XCTAssertEqual(count, 1)
    }

    // MARK: - Concurrent reads

    func testConcurrentReadSeesTheLastCommitOfTheWriteAccess() throws {
        let dbPool = try makePlayerPool()
        let future = try dbPool.writeWithoutTransaction { db -> DatabaseFuture<Int> in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            let future = dbPool.concurrentRead { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
            }
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
            return future
        }
        XCTAssertEqual(try future.wait(), 1)
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 2)
    }

    func testConcurrentReadOnADatabaseQueue() throws {
        let dbQueue = try makeDatabaseQueue()
        let future = try dbQueue.writeWithoutTransaction { db -> DatabaseFuture<Int> in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            let future = dbQueue.concurrentRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            return future
        }
        XCTAssertEqual(try future.wait(), 1)
    }

    func testAsyncConcurrentReadRunsWhileTheWriterGoesOn() throws {
        let dbPool = try makePlayerPool()
        let gate = Gate()
        let counts = ValueRecorder<Int>()
        let readDone = counts.expectation(self, "read done") { $0.count == 1 }
        try dbPool.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            dbPool.asyncConcurrentRead { result in
                gate.pass()
                counts.append(try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")!)
            }
        }
        // The concurrent read waits at the gate: the writer is free.
        gate.waitUntilReached()
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        gate.open()
        wait(for: [readDone], timeout: 10)
        XCTAssertEqual(counts.values, [1])
    }

    // MARK: - Checkpoints

    func testCheckpointCopiesTheWALIntoTheDatabaseFile() throws {
        let dbPool = try makePlayerPool()
        try dbPool.write { db in
            for index in 0..<100 {
                try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Player \(index)"])
            }
        }
        let (walFrameCount, checkpointedFrameCount) = try dbPool.checkpoint(.passive)
        XCTAssertGreaterThan(walFrameCount, 0)
        XCTAssertEqual(checkpointedFrameCount, walFrameCount)

        try dbPool.checkpoint(.truncate)
        let walSize = try FileManager.default.attributesOfItem(atPath: dbPool.path + "-wal")[.size] as? Int
        XCTAssertEqual(walSize, 0)
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 100)
    }

    func testRestartCheckpointFailsWithBusyWhileAReaderHoldsAnOldSnapshot() throws {
        let dbPool = try makePlayerPool()
        let gate = Gate()
        let readDone = expectation(description: "read done")
        DispatchQueue.global().async {
            try! dbPool.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
                gate.pass()
            }
            readDone.fulfill()
        }
        gate.waitUntilReached()
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        XCTAssertThrowsError(try dbPool.checkpoint(.restart)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_BUSY)
            XCTAssertEqual(error.message, "restart checkpoint of main failed: database is locked")
        }
        gate.open()
        wait(for: [readDone], timeout: 10)
        try dbPool.checkpoint(.restart)
    }

    // MARK: - Busy handling

    func testTwoPoolsWithABusyTimeoutWriteConcurrentlyWithoutFailing() throws {
        let path = temporaryDatabasePath()
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let pools = try [DatabasePool(path: path, configuration: configuration),
                         DatabasePool(path: path, configuration: configuration)]
        try pools[0].write { db in
            try db.execute(sql: "CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (0)")
        }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let dbPool = pools[index % 2]
            for _ in 0..<25 {
                try! dbPool.write { db in
                    // Read, then write: safe in an IMMEDIATE transaction.
                    let value = try Int.fetchOne(db, sql: "SELECT value FROM counter")!
                    try db.execute(sql: "UPDATE counter SET value = ?", arguments: [value + 1])
                }
                _ = try! dbPool.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") }
            }
        }
        XCTAssertEqual(try pools[1].read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") }, 100)
    }

    /// Opens two pools on a new database with a table `t`, and starts a
    /// write of the first pool (inserting 1) that holds the write lock
    /// from the moment the gate is reached until it opens, plus `delay`.
    /// Returns when the gate is reached.
    private func startLockingWrite(holdingAfterOpen delay: TimeInterval)
        throws -> (otherPool: DatabasePool, gate: Gate, writeDone: XCTestExpectation)
    {
        let path = temporaryDatabasePath()
        let lockingPool = try DatabasePool(path: path)
        let otherPool = try DatabasePool(path: path)
        try lockingPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let gate = Gate()
        let writeDone = expectation(description: "write done")
        DispatchQueue.global().async {
            try! lockingPool.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                gate.pass()
                Thread.sleep(forTimeInterval: delay)
            }
            writeDone.fulfill()
        }
        gate.waitUntilReached()
        return (otherPool, gate, writeDone)
    }

    func testWriteFailsWithBusyWhenAnotherPoolKeepsWritingAndNoTimeoutIsSet() throws {
        let (pool2, gate, writeDone) = try startLockingWrite(holdingAfterOpen: 0)
        XCTAssertThrowsError(try pool2.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_BUSY)
            XCTAssertEqual(error.message, "database is locked")
            XCTAssertEqual(error.sql, "BEGIN IMMEDIATE TRANSACTION")
        }
        // Reads of the other pool are not blocked.
        XCTAssertEqual(try pool2.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
        gate.open()
        wait(for: [writeDone], timeout: 10)
    }

    func testWriterWaitsForAWriteLockHeldForAnInstantWithoutATimeout() throws {
        // What a reader that checks the WAL index does: hold the write
        // lock for an instant.
        let (pool2, gate, writeDone) = try startLockingWrite(holdingAfterOpen: 0.01)
        gate.open()
        try pool2.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        wait(for: [writeDone], timeout: 10)
        XCTAssertEqual(try pool2.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
    }

    func testConcurrentReadersNeverMakeTheWriterFailWithBusy() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
        }
        let failures = SQLRecorder()
        DispatchQueue.concurrentPerform(iterations: 5) { index in
            do {
                if index == 0 {
                    for value in 0..<300 {
                        try dbPool.write { db in
                            try db.execute(sql: "INSERT INTO t (value) VALUES (?)", arguments: [value])
                        }
                    }
                } else {
                    for _ in 0..<600 {
                        _ = try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT MAX(value) FROM t") }
                    }
                }
            } catch {
                failures.record("\(error)")
            }
        }
        XCTAssertEqual(failures.queries, [])
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 300)
    }

    // MARK: - Async accesses and cancellation

    func testAsyncReadAndWrite() async throws {
        let dbPool = try makePlayerPool()
        let id = try await dbPool.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            return db.lastInsertedRowID
        }
        let name = try await dbPool.read { db in
            try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = ?", arguments: [id])
        }
        XCTAssertEqual(name, "Arthur")
        let count = try await dbPool.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
        XCTAssertEqual(count, 1)
    }

    func testCancelledTaskDoesNotRunItsWrite() async throws {
        let dbPool = try makePlayerPool()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await dbPool.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            }
        }
        do {
            try await task.value
            XCTFail("Expected CancellationError")
        } catch is CancellationError { }
        let count = try await dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
        XCTAssertEqual(count, 0)
    }

    func testCancellationRollsBackTheWriteAndMakesLaterStatementsFail() async throws {
        let dbPool = try makePlayerPool()
        let gate = Gate()
        let laterStatementErrors = ValueRecorder<String>()
        let task = Task {
            try await dbPool.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                gate.pass()
                do {
                    try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
                } catch {
                    laterStatementErrors.append("\(type(of: error))")
                    throw error
                }
            }
        }
        await gate.reached()
        task.cancel()
        gate.open()
        do {
            try await task.value
            XCTFail("Expected CancellationError")
        } catch is CancellationError { }
        XCTAssertEqual(laterStatementErrors.values, ["CancellationError"])
        let count = try await dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
        XCTAssertEqual(count, 0)
        // The writer is usable again.
        try await dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Craig')") }
    }

    func testCancellationInterruptsARunningRead() async throws {
        let dbPool = try makePlayerPool()
        let started = ValueRecorder<Bool>()
        let readStarted = started.expectation(self, "read started") { !$0.isEmpty }
        let task = Task {
            try await dbPool.read { db in
                started.append(true)
                // Runs until interrupted.
                return try Int.fetchOne(db, sql: """
                    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT MAX(x) FROM c
                    """)
            }
        }
        await fulfillment(of: [readStarted], timeout: 10)
        task.cancel()
        do {
            _ = try await value(of: task)
            XCTFail("Expected CancellationError")
        } catch is CancellationError { }
        // The reader is usable again.
        let count = try await dbPool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        XCTAssertEqual(count, 1)
    }

    func testCancellationStopsWaitingForABusyReader() async throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 1
        let dbPool = try makeDatabasePool(configuration: configuration)
        let gate = Gate()
        let blockingReadDone = expectation(description: "blocking read done")
        DispatchQueue.global().async {
            try! dbPool.read { _ in gate.pass() }
            blockingReadDone.fulfill()
        }
        await gate.reached()
        let waitingRead = Task { try await dbPool.read { _ in 1 } }
        waitingRead.cancel()
        do {
            _ = try await value(of: waitingRead)
            XCTFail("Expected CancellationError")
        } catch is CancellationError { }
        gate.open()
        await fulfillment(of: [blockingReadDone], timeout: 10)
        let count = try await dbPool.read { _ in 2 }
        XCTAssertEqual(count, 2)
    }

    // MARK: - Connections

    func testReleaseMemoryAndInvalidatedReadersKeepWorking() throws {
        let dbPool = try makePlayerPool()
        try dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 1)
        dbPool.releaseMemory()
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 1)
        dbPool.invalidateReadOnlyConnections()
        dbPool.releaseMemoryEventually()
        XCTAssertEqual(try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 1)
    }

    func testAccessesAfterCloseThrow() throws {
        let dbPool = try makePlayerPool()
        try dbPool.close()
        XCTAssertThrowsError(try dbPool.read { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "the database pool is closed")
        }
        XCTAssertThrowsError(try dbPool.write { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
    }

    func testAsyncReadCompletionReceivesAnIsolatedConnection() throws {
        let dbPool = try makePlayerPool()
        let counts = ValueRecorder<Int>()
        let done = counts.expectation(self, "done") { $0.count == 2 }
        dbPool.asyncRead { result in
            counts.append(try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")!)
        }
        dbPool.asyncUnsafeRead { result in
            counts.append(try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM player")!)
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(counts.values, [0, 0])
    }
}
