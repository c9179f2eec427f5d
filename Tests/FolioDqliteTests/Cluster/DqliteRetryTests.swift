import Foundation
import XCTest
import Folio
@testable import FolioDqlite

/// The leader killed inside a read or a write transaction: what `read` and
/// `write` do, with and without `retryWrites`.
final class DqliteRetryTests: XCTestCase {
    private var cluster: DqliteTestCluster!

    override func setUpWithError() throws {
        cluster = try DqliteTestCluster()
    }

    override func tearDown() {
        cluster?.stop()
        cluster = nil
    }

    private func makeDatabase(retryWrites: Bool) throws -> DqliteDatabase {
        var dqlite = DqliteConfiguration()
        dqlite.retryWrites = retryWrites
        dqlite.leaderSearchTimeout = 20
        let database = try DqliteDatabase(servers: cluster.addresses, database: "retry", dqliteConfiguration: dqlite)
        try database.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a)") }
        return database
    }

    func testWriteThatLostItsLeaderThrowsAndIsNotApplied() throws {
        let database = try makeDatabase(retryWrites: false)
        let attempts = LockedCounter()
        XCTAssertThrowsError(try database.write { db in
            attempts.increment()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            cluster.kill(try cluster.leaderIndex())
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }) { error in
            XCTAssertEqual(error as? DqliteError, .leadershipLost)
        }
        XCTAssertEqual(attempts.value, 1)
        // Nothing of the transaction is there, on the new leader.
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
        // The database works again.
        try database.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        XCTAssertEqual(try database.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [3])
    }

    func testWriteIsRetriedWhenRetryWritesIsSet() throws {
        let database = try makeDatabase(retryWrites: true)
        let attempts = LockedCounter()
        try database.write { db in
            attempts.increment()
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [attempts.value])
            if attempts.value == 1 {
                cluster.kill(try cluster.leaderIndex())
            }
        }
        XCTAssertEqual(attempts.value, 2)
        XCTAssertEqual(try database.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [2])
    }

    func testReadIsRetriedOnTheNewLeader() throws {
        let database = try makeDatabase(retryWrites: false)
        try database.write { db in try db.execute(sql: "INSERT INTO t VALUES (7)") }
        let attempts = LockedCounter()
        let value = try database.read { db in
            attempts.increment()
            if attempts.value == 1 {
                _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
                cluster.kill(try cluster.leaderIndex())
            }
            return try Int.fetchOne(db, sql: "SELECT a FROM t")
        }
        XCTAssertEqual(attempts.value, 2)
        XCTAssertEqual(value, 7)
    }
}
