import Dispatch
import Folio
import XCTest

/// GRDB's database access methods are not reentrant, and say so: a nested
/// access stops the program. Accesses that are not nested never do, whatever
/// the connections that were opened and released before: the reentrancy
/// checks identify connections with values that are never reused, instead of
/// per-connection queue keys, whose addresses a new connection could reuse
/// while the old connection's queue still ran.
final class ReentrancyCheckTests: FolioTestCase {
    /// A read of a pool that the program has released goes on, on the
    /// pool's reader queue. New queues, created and written from that read,
    /// are not inside an access of their own: before, they could get the
    /// address of the released pool's queue key, and stop with "Database
    /// methods are not reentrant".
    func testNewQueuesWriteFromAReadOfAReleasedPool() throws {
        var pool: DatabasePool? = try makeDatabasePool()
        let gate = Gate()
        let done = expectation(description: "writes done")
        let failures = TestLocked<[String]>([])
        let paths = (0..<20).map { _ in temporaryDatabasePath() }
        pool!.asyncUnsafeRead { _ in
            gate.pass()
            for index in 0..<300 {
                do {
                    let dbQueue = try DatabaseQueue()
                    try dbQueue.write { db in
                        try db.execute(sql: "CREATE TABLE t (a)")
                        try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [index])
                    }
                    guard index < paths.count else { continue }
                    let pool = try DatabasePool(path: paths[index])
                    try pool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
                    _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            done.fulfill()
        }
        gate.waitUntilReached()
        pool = nil
        gate.open()
        wait(for: [done], timeout: 60)
        XCTAssertEqual(failures.withLock { $0 }, [])
    }

    /// The first write of many new queues, from the main thread, with no
    /// enclosing access, while released queues finish their last blocks.
    func testFirstWriteOfNewQueuesFromTheMainThread() throws {
        for index in 0..<300 {
            let dbQueue = try DatabaseQueue()
            dbQueue.asyncWriteWithoutTransaction { db in
                try? db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a)")
            }
            try dbQueue.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a)")
                try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [index])
            }
        }
    }

    /// Two accesses to two different queues nest: only an access to the
    /// same connection is reentrant.
    func testAccessesToDifferentConnectionsNest() throws {
        let dbQueue1 = try makeDatabaseQueue()
        let dbQueue2 = try makeDatabaseQueue()
        let pool = try makeDatabasePool()
        let value = try dbQueue1.write { _ in
            try dbQueue2.write { _ in
                try pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
            }
        }
        XCTAssertEqual(value, 1)
    }

    /// `unsafeReentrantRead` from a read of another pool does not use the
    /// other pool's reader.
    func testUnsafeReentrantReadFromAReadOfAnotherPoolUsesItsOwnConnection() throws {
        let pool1 = try makeDatabasePool()
        let pool2 = try makeDatabasePool()
        try pool1.write { db in try db.execute(sql: "CREATE TABLE one (a)") }
        try pool2.write { db in try db.execute(sql: "CREATE TABLE two (a)") }
        let tables = try pool1.read { _ in
            try pool2.unsafeReentrantRead { db in try db.tableExists("two") && !db.tableExists("one") }
        }
        XCTAssertTrue(tables)
    }
}
