import Foundation
import XCTest
import Folio
@testable import FolioDqlite

/// The leader killed with SIGKILL while two clients insert.
final class DqliteFailoverTests: XCTestCase {
    private var cluster: DqliteTestCluster!

    override func setUpWithError() throws {
        cluster = try DqliteTestCluster()
    }

    override func tearDown() {
        cluster?.stop()
        cluster = nil
    }

    /// Inserts `count` rows, one write transaction each. A write that
    /// throws `leadershipLost` is not applied, or was applied without its
    /// acknowledgement: the client reads whether its row is there, and
    /// inserts it again only when it is not, so that every row ends up
    /// acknowledged exactly once.
    private static func insertRows(
        _ database: DqliteDatabase, client: Int, count: Int, losses: LockedCounter) throws -> Set<Int>
    {
        var acknowledged: Set<Int> = []
        // Never loop for ever: a cluster that lost its quorum fails the test.
        let deadline = Date().addingTimeInterval(150)
        for index in 0..<count {
            let key = client * 100_000 + index
            var done = false
            while !done {
                guard Date() < deadline else {
                    throw DqliteError.noLeader("client \(client) could not insert row \(index) within 150 s")
                }
                do {
                    try database.write { db in
                        try db.execute(sql: "INSERT INTO item (key, client) VALUES (?, ?)", arguments: [key, client])
                    }
                    done = true
                } catch DqliteError.leadershipLost {
                    losses.increment()
                    done = try database.read { db in
                        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE key = ?)", arguments: [key])!
                    }
                } catch DqliteError.noLeader {
                    losses.increment()
                }
            }
            acknowledged.insert(key)
        }
        return acknowledged
    }

    func testKillingTheLeaderDuringInsertsKeepsEveryAcknowledgedInsertExactlyOnce() throws {
        var dqlite = DqliteConfiguration()
        dqlite.leaderSearchTimeout = 20
        dqlite.requestTimeout = 3
        let setup = try DqliteDatabase(servers: cluster.addresses, database: "library", dqliteConfiguration: dqlite)
        try setup.write { db in
            // No UNIQUE constraint: a doubled insert would show.
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, key INTEGER NOT NULL, client INTEGER NOT NULL)")
        }
        let clients = try (0..<2).map { _ in
            try DqliteDatabase(servers: cluster.addresses, database: "library", dqliteConfiguration: dqlite)
        }
        let losses = LockedCounter()
        let results = LockedResults()
        let group = DispatchGroup()
        for (client, database) in clients.enumerated() {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                results.record(Result { try Self.insertRows(database, client: client, count: 500, losses: losses) })
            }
        }
        // Kill the leader once the clients are under way.
        let deadline = Date().addingTimeInterval(30)
        while try setup.read({ db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item")! }) < 200 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let leader = try cluster.leaderIndex()
        cluster.kill(leader)
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)

        var acknowledged: Set<Int> = []
        for result in results.results { acknowledged.formUnion(try result.get()) }
        XCTAssertEqual(acknowledged.count, 1000)
        let rows = try setup.read { db in try Int.fetchAll(db, sql: "SELECT key FROM item ORDER BY key") }
        XCTAssertEqual(rows.count, 1000, "count")
        XCTAssertEqual(Set(rows), acknowledged, "every acknowledged insert is there")
        XCTAssertEqual(Set(rows).count, rows.count, "no insert is doubled")
        let survivors = cluster.addresses.enumerated().filter { $0.offset != leader }.map(\.element)
        XCTAssertNotEqual(try cluster.leaderIndex(), leader)
        print("failover: \(rows.count) rows, \(losses.value) writes met the leader's loss, \(cluster.crashes.count) node(s) crashed by themselves and restarted: \(cluster.crashes)")

        // The Go shell reads the same rows.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/dqlite")
        shell.arguments = ["-s", survivors.joined(separator: ","), "library", "SELECT COUNT(*), SUM(key) FROM item"]
        let pipe = Pipe()
        shell.standardOutput = pipe
        shell.standardError = pipe
        try shell.run()
        shell.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(shell.terminationStatus, 0, output)
        let expected = "\(rows.count)|\(rows.reduce(0, +))"
        XCTAssert(output.replacingOccurrences(of: " ", with: "").contains(expected), "\(output) vs \(expected)")
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<Set<Int>, any Error>] = []
    func record(_ result: Result<Set<Int>, any Error>) { lock.withLock { storage.append(result) } }
    var results: [Result<Set<Int>, any Error>] { lock.withLock { storage } }
}
