import Foundation
import XCTest
@testable import FolioDqlite

/// The test cluster's supervisor: a node that ends by itself (not killed
/// by the test) is restarted, keeps its data, and the cluster keeps a leader.
final class DqliteTestClusterTests: XCTestCase {
    func testANodeThatEndsByItselfIsRestarted() throws {
        let cluster = try DqliteTestCluster()
        defer { cluster.stop() }
        let database = try DqliteDatabase(servers: cluster.addresses, database: "supervised")
        try database.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        let follower = try (cluster.leaderIndex() + 1) % 3
        let process = try XCTUnwrap(cluster.process(follower))
        kill(process.processIdentifier, SIGKILL)
        // The supervisor restarts it.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, cluster.process(follower) == nil || cluster.process(follower) === process {
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(cluster.crashes.count, 1)
        XCTAssertNotNil(cluster.process(follower))
        XCTAssertFalse(cluster.process(follower) === process)
        // A node killed by the test stays down.
        let leader = try cluster.leaderIndex()
        cluster.kill(leader)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertNil(cluster.process(leader))
        XCTAssertEqual(cluster.crashes.count, 1)
        // The two running nodes elect a leader that has the row.
        XCTAssertNotEqual(try cluster.leaderIndex(), leader)
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT SUM(x) FROM t") }, 1)
    }
}
