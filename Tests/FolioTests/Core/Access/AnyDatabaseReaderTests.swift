import Folio
import XCTest

final class AnyDatabaseReaderTests: FolioTestCase {
    private func makeReader() throws -> (DatabaseQueue, AnyDatabaseReader) {
        var config = Configuration()
        config.label = "Erased"
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1), (2)")
        }
        clearSQLQueries()
        return (dbQueue, AnyDatabaseReader(dbQueue))
    }

    func testConfigurationAndPathAreTheBase() throws {
        let (dbQueue, reader) = try makeReader()
        XCTAssertEqual(reader.configuration.label, "Erased")
        XCTAssertEqual(reader.path, dbQueue.path)
        let dbPool = try makeDatabasePool()
        XCTAssertEqual(AnyDatabaseReader(dbPool).path, dbPool.path)
    }

    func testReadIsIsolatedAndReadOnly() throws {
        let (_, reader) = try makeReader()
        XCTAssertEqual(try reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 2)
        XCTAssertEqual(sqlQueries, [
            "PRAGMA query_only = 1", "BEGIN DEFERRED TRANSACTION",
            "SELECT COUNT(*) FROM t",
            "ROLLBACK TRANSACTION", "PRAGMA query_only = 0",
        ])
        assertDatabaseError(.SQLITE_READONLY) {
            try reader.read { db in try db.execute(sql: "DELETE FROM t") }
        }
    }

    func testUnsafeReadHasNoTransaction() throws {
        let (_, reader) = try makeReader()
        let isInsideTransaction = try reader.unsafeRead { db in db.isInsideTransaction }
        XCTAssertFalse(isInsideTransaction)
        XCTAssertEqual(sqlQueries, [])
    }

    func testUnsafeReentrantReadInsideARead() throws {
        let (_, reader) = try makeReader()
        let count = try reader.read { _ in
            try reader.unsafeReentrantRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        XCTAssertEqual(count, 2)
    }

    func testAsyncReads() async throws {
        let (_, reader) = try makeReader()
        let count = try await reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        let sum = try await reader.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT SUM(a) FROM t") }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(sum, 3)
    }

    func testAsyncReadAndAsyncUnsafeRead() throws {
        let (_, reader) = try makeReader()
        let values = ValueRecorder<String>()
        let done = values.expectation(self, "both reads") { $0.count == 2 }
        reader.asyncRead { result in
            let db = try! result.get()
            values.append("read \(db.isInsideTransaction)")
        }
        reader.asyncUnsafeRead { result in
            let db = try! result.get()
            values.append("unsafeRead \(db.isInsideTransaction)")
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(values.values, ["read true", "unsafeRead false"])
    }

    func testReadsOfAPool() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
        let reader = AnyDatabaseReader(dbPool)
        XCTAssertEqual(try reader.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
    }

    func testCloseClosesTheBase() throws {
        let dbPool = try makeDatabasePool()
        let reader = AnyDatabaseReader(dbPool)
        try reader.close()
        XCTAssertThrowsError(try dbPool.read { _ in }) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "the database pool is closed")
        }
    }

    func testInterruptInterruptsTheBase() throws {
        let started = DispatchSemaphore(value: 0)
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(function: DatabaseFunction("started", argumentCount: 0) { _ in
                started.signal()
                return 1
            })
        }
        let dbQueue = try DatabaseQueue(configuration: config)
        let reader = AnyDatabaseReader(dbQueue)
        let result = ValueRecorder<ResultCode?>()
        let done = result.expectation(self, "interrupted") { !$0.isEmpty }
        reader.asyncUnsafeRead { db in
            do {
                _ = try Int.fetchOne(try db.get(), sql: """
                    WITH RECURSIVE c(x) AS (SELECT started() UNION ALL SELECT x + 1 FROM c)
                    SELECT MAX(x) FROM c
                    """)
                result.append(nil)
            } catch {
                result.append((error as? DatabaseError)?.resultCode)
            }
        }
        started.wait()
        reader.interrupt()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(result.values, [.SQLITE_INTERRUPT])
    }

    func testBackupToItsOwnBaseFails() throws {
        let (dbQueue, reader) = try makeReader()
        assertDatabaseError(.SQLITE_MISUSE) { try reader.backup(to: dbQueue) }
        assertDatabaseError(.SQLITE_MISUSE) { try reader.backup(to: AnyDatabaseWriter(dbQueue)) }
        let destination = try DatabaseQueue()
        try reader.backup(to: destination)
        XCTAssertEqual(try destination.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 2)
    }
}
