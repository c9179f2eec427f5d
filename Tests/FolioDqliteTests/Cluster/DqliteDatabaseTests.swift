import Foundation
import XCTest
import Folio
@testable import FolioDqlite

private struct Player: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    var id: Int64?
    var name: String
    var score: Int
    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

final class DqliteDatabaseTests: DqliteClusterTestCase {
    private func makePlayers() throws -> DqliteDatabase {
        let database = try makeDatabase()
        try database.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique()
                t.column("score", .integer).notNull().defaults(to: 0)
            }
        }
        return database
    }

    func testRawSQLAndRecordsRunOnTheLeader() throws {
        let database = try makePlayers()
        var player = Player(id: nil, name: "Arthur", score: 10)
        try database.write { db in
            try player.insert(db)
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, ?)", arguments: ["Barbara", 20])
        }
        XCTAssertEqual(player.id, 1)
        let players = try database.read { db in try Player.order(Column("score").desc).fetchAll(db) }
        XCTAssertEqual(players.map(\.name), ["Barbara", "Arthur"])
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT SUM(score) FROM player") }, 30)
        // The rows are on the cluster: a second client sees them.
        let other = try DqliteDatabase(servers: [cluster.addresses[2]], database: database.databaseName)
        XCTAssertEqual(try other.read { db in try Player.fetchCount(db) }, 2)
    }

    func testPrepareDatabaseRunsOnTheCluster() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS prepared (x INTEGER)")
            try db.execute(sql: "INSERT INTO prepared (x) VALUES (1)")
        }
        let database = try makeDatabase(configuration: configuration)
        // Another client, without the preparation, reads what it wrote on the leader.
        let other = try DqliteDatabase(servers: [cluster.addresses[1]], database: database.databaseName)
        XCTAssertEqual(try other.read { db in try Int.fetchOne(db, sql: "SELECT SUM(x) FROM prepared") }, 1)
        XCTAssertEqual(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM prepared") }, 1)
    }

    func testConstraintErrorHasCodeAndMessage() throws {
        let database = try makePlayers()
        try database.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        XCTAssertThrowsError(try database.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
            XCTAssertEqual(error.message, "UNIQUE constraint failed: player.name")
        }
        XCTAssertEqual(try database.read { db in try Player.fetchCount(db) }, 1)
    }

    func testTransactionRollbackIsNotApplied() throws {
        let database = try makePlayers()
        struct Refused: Error { }
        XCTAssertThrowsError(try database.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            throw Refused()
        })
        XCTAssertEqual(try database.read { db in try Player.fetchCount(db) }, 0)
        try database.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try? db.inSavepoint {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
                return .rollback
            }
        }
        XCTAssertEqual(try database.read { db in try String.fetchAll(db, sql: "SELECT name FROM player") }, ["Arthur"])
    }

    func testForeignKeysAreOnForTheRemoteConnection() throws {
        let database = try makeDatabase()
        try database.write { db in
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "member") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team", onDelete: .cascade)
            }
        }
        XCTAssertThrowsError(try database.write { db in
            try db.execute(sql: "INSERT INTO member (teamId) VALUES (42)")
        }) { error in
            XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        }
    }

    func testParameterLimitOf255() throws {
        let database = try makePlayers()
        try database.write { db in
            for index in 0..<600 {
                try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, ?)", arguments: ["p\(index)", index])
            }
        }
        // Where Folio writes the SQL, more values than 255 go inline.
        let ids = Array(Int64(1)...Int64(600))
        let players = try database.read { db in try Player.filter(keys: ids).fetchAll(db) }
        XCTAssertEqual(players.count, 600)
        let deleted = try database.write { db in try Player.deleteAll(db, keys: Array(ids[0..<300])) }
        XCTAssertEqual(deleted, 300)
        var bulk = (0..<300).map { Player(id: nil, name: "bulk\($0)", score: $0) }
        try database.write { db in try bulk.insertAll(db) }
        XCTAssertEqual(bulk.compactMap(\.id).count, 300)
        XCTAssertEqual(try database.read { db in try Player.fetchCount(db) }, 600)
        // Raw SQL with more than 255 parameters gets a clear error, before
        // anything is sent.
        let sql = "SELECT " + Array(repeating: "?", count: 300).joined(separator: ", ")
        XCTAssertThrowsError(try database.read { db in
            try Row.fetchOne(db, sql: sql, arguments: StatementArguments(Array(repeating: 1, count: 300)))
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssert(error.message?.contains("at most 255 parameters") == true, error.message ?? "")
        }
    }

    func testCustomFunctionThrowsADescriptiveError() throws {
        let database = try makeDatabase()
        XCTAssertThrowsError(try database.write { db in
            db.add(function: DatabaseFunction("twice", argumentCount: 1, pure: true) { values in
                (Int.fromDatabaseValue(values[0]) ?? 0) * 2
            })
            _ = try Int.fetchOne(db, sql: "SELECT twice(2)")
        }) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssert(error.message?.contains("twice") == true, error.message ?? "")
        }
    }

    func testObservationSeesOwnWritesAndOtherClientsWrites() throws {
        var dqlite = DqliteConfiguration()
        dqlite.changePollingInterval = 0.2
        let database = try makeDatabase(dqliteConfiguration: dqlite)
        try database.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let values = LockedValues()
        // One expectation per value, each awaited before the next write:
        // an observation may coalesce changes that come faster than its
        // fetches, so the test lets each change be seen first.
        let seen = (0..<3).map { expectation(description: "value \($0)") }
        let cancellable = ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") ?? -1 }
            .removeDuplicates()
            .start(in: database, scheduling: .async(onQueue: DispatchQueue(label: "observation")), onError: { XCTFail("\($0)") }, onChange: { value in
                let count = values.append(value)
                if count <= seen.count { seen[count - 1].fulfill() }
            })
        wait(for: [seen[0]], timeout: 10)
        try database.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        wait(for: [seen[1]], timeout: 10)
        let other = try DqliteDatabase(servers: cluster.addresses, database: database.databaseName)
        try other.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        wait(for: [seen[2]], timeout: 10)
        cancellable.cancel()
        XCTAssertEqual(values.values, [0, 1, 2])
    }

    func testNoQuorumFailsWithinTheTimeout() throws {
        // One node of a 1-node cluster killed: no leader anywhere.
        let lone = try DqliteTestCluster(count: 1)
        defer { lone.stop() }
        var dqlite = DqliteConfiguration()
        dqlite.leaderSearchTimeout = 2
        dqlite.connectTimeout = 0.5
        let database = try DqliteDatabase(servers: lone.addresses, database: "quorum", dqliteConfiguration: dqlite)
        try database.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        lone.kill(0)
        let start = Date()
        XCTAssertThrowsError(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }) { error in
            guard case DqliteError.noLeader(let detail)? = error as? DqliteError else { return XCTFail("\(error)") }
            XCTAssert(detail.contains("within 2.0 s"), detail)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertThrowsError(try DqliteDatabase(servers: lone.addresses, database: "quorum", dqliteConfiguration: dqlite)) { error in
            guard case DqliteError.noLeader? = error as? DqliteError else { return XCTFail("\(error)") }
        }
    }
}

/// Values appended from the observation's callbacks.
final class LockedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    /// Appends a value and returns how many values there are now.
    @discardableResult
    func append(_ value: Int) -> Int { lock.withLock { storage.append(value); return storage.count } }
    var values: [Int] { lock.withLock { storage } }
}
