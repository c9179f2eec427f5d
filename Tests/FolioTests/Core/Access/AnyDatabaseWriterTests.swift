import Folio
import XCTest

final class AnyDatabaseWriterTests: FolioTestCase {
    private func makeWriter() throws -> (DatabaseQueue, AnyDatabaseWriter) {
        var config = Configuration()
        config.label = "Erased"
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        clearSQLQueries()
        return (dbQueue, AnyDatabaseWriter(dbQueue))
    }

    private func values(_ reader: some DatabaseReader) throws -> [Int] {
        try reader.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
    }

    func testConfigurationAndPathAreTheBase() throws {
        let (dbQueue, writer) = try makeWriter()
        XCTAssertEqual(writer.configuration.label, "Erased")
        XCTAssertEqual(writer.path, dbQueue.path)
    }

    func testWriteRunsInATransaction() throws {
        let (dbQueue, writer) = try makeWriter()
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        XCTAssertEqual(sqlQueries, ["BEGIN IMMEDIATE TRANSACTION", "INSERT INTO t VALUES (1)", "COMMIT TRANSACTION"])
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testWriteWithoutTransaction() throws {
        let (dbQueue, writer) = try makeWriter()
        try writer.writeWithoutTransaction { db in
            XCTAssertFalse(db.isInsideTransaction)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        XCTAssertEqual(sqlQueries, ["INSERT INTO t VALUES (1)"])
        XCTAssertEqual(try values(dbQueue), [1])
        XCTAssertEqual(writer.writeWithoutTransaction { _ in 42 }, 42)
    }

    func testBarrierWriteWithoutTransactionOfAPool() throws {
        let dbPool = try makeDatabasePool()
        let writer = AnyDatabaseWriter(dbPool)
        try writer.barrierWriteWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        }
        XCTAssertEqual(try values(writer), [1])
    }

    func testUnsafeReentrantWriteInsideAWrite() throws {
        let (dbQueue, writer) = try makeWriter()
        try writer.write { _ in
            try writer.unsafeReentrantWrite { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testAsyncAccesses() async throws {
        let dbPool = try makeDatabasePool()
        let writer = AnyDatabaseWriter(dbPool)
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        try await writer.barrierWriteWithoutTransaction { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        let count = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        let sum = try await writer.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT SUM(a) FROM t") }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(sum, 3)
    }

    func testAsyncWriteWithoutTransactionAndAsyncBarrier() throws {
        let (dbQueue, writer) = try makeWriter()
        let events = ValueRecorder<String>()
        let done = events.expectation(self, "both writes") { $0.count == 2 }
        writer.asyncWriteWithoutTransaction { db in
            try! db.execute(sql: "INSERT INTO t VALUES (1)")
            events.append("write")
        }
        writer.asyncBarrierWriteWithoutTransaction { result in
            try! result.get().execute(sql: "INSERT INTO t VALUES (2)")
            events.append("barrier")
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(events.values, ["write", "barrier"])
        XCTAssertEqual(try values(dbQueue), [1, 2])
    }

    func testAsyncWrite() throws {
        let (dbQueue, writer) = try makeWriter()
        let results = ValueRecorder<Int>()
        let done = results.expectation(self, "write") { !$0.isEmpty }
        writer.asyncWrite({ db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return db.changesCount
        }, completion: { _, result in
            results.append(try! result.get())
        })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(results.values, [1])
        XCTAssertEqual(try values(dbQueue), [1])
    }

    func testSpawnConcurrentReadOfAPool() throws {
        let dbPool = try makeDatabasePool()
        let writer = AnyDatabaseWriter(dbPool)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let counts = ValueRecorder<Int>()
        let done = counts.expectation(self, "read") { !$0.isEmpty }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            writer.spawnConcurrentRead { result in
                counts.append(try! Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM t")!)
            }
            // Not seen by the concurrent read.
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(counts.values, [1])
    }

    func testReadsOfTheWriter() throws {
        let (_, writer) = try makeWriter()
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        XCTAssertEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        XCTAssertEqual(try writer.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        XCTAssertEqual(try writer.unsafeReentrantRead { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        let done = expectation(description: "reads")
        done.expectedFulfillmentCount = 2
        writer.asyncRead { result in
            XCTAssertEqual(try? Int.fetchOne(result.get(), sql: "SELECT a FROM t"), 1)
            done.fulfill()
        }
        writer.asyncUnsafeRead { result in
            XCTAssertEqual(try? Int.fetchOne(result.get(), sql: "SELECT a FROM t"), 1)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    func testWriterExtensionsWork() throws {
        let (dbQueue, writer) = try makeWriter()
        // Backup, vacuum and migrations, through the erased writer.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        let copy = try DatabaseQueue()
        try writer.backup(to: copy)
        XCTAssertEqual(try values(copy), [1])
        try writer.vacuum()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try migrator.migrate(writer)
        XCTAssertEqual(try values(dbQueue), [1, 2])
    }

    func testCloseClosesTheBase() throws {
        let (dbQueue, writer) = try makeWriter()
        try writer.close()
        assertDatabaseError(.SQLITE_MISUSE) { _ = try dbQueue.read { _ in } }
    }
}
