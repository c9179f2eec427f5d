import Foundation
import XCTest
import Folio
@testable import FolioDqlite

/// A statement that writes and returns rows (RETURNING) is replicated: the
/// row survives the loss of the leader that ran it.
final class DqliteReturningTests: XCTestCase {
    func testInsertReturningIsReplicated() throws {
        let cluster = try DqliteTestCluster()
        defer { cluster.stop() }
        var dqlite = DqliteConfiguration()
        dqlite.leaderSearchTimeout = 20
        let database = try DqliteDatabase(servers: cluster.addresses, database: "returning", dqliteConfiguration: dqlite)
        try database.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)") }
        let returned = try database.write { db in
            try Row.fetchAll(db, sql: "INSERT INTO t (name) VALUES ('a'), ('b') RETURNING id, name")
        }
        XCTAssertEqual(returned.map { $0["name"] as String }, ["a", "b"])
        try database.write { db in try db.execute(sql: "INSERT INTO t (name) VALUES ('c')") }
        cluster.kill(try cluster.leaderIndex())
        let names = try database.read { db in try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY id") }
        XCTAssertEqual(names, ["a", "b", "c"])
    }
}
