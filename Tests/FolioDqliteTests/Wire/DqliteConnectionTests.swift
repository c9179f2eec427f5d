import Foundation
import XCTest
import Folio
@testable import FolioDqlite

/// The wire client alone (raw SQL) against a real three-node cluster.
final class DqliteConnectionTests: XCTestCase {
    private var cluster: DqliteTestCluster!

    override func setUpWithError() throws {
        cluster = try DqliteTestCluster()
    }

    override func tearDown() {
        cluster?.stop()
        cluster = nil
    }

    private func leaderConnection(database: String = "wire", prepared: Bool = true) throws -> DqliteConnection {
        var configuration = DqliteConfiguration()
        configuration.preparesStatements = prepared
        let connector = DqliteConnector(seeds: cluster.addresses, configuration: configuration, clientID: 1)
        return try connector.connectToLeader(database: database, known: [])
    }

    func testLeaderDiscoveryFindsTheLeaderFromAnyNode() throws {
        let leader = cluster.addresses[try cluster.leaderIndex()]
        for address in cluster.addresses {
            let connector = DqliteConnector(seeds: [address], configuration: DqliteConfiguration(), clientID: 1)
            let connection = try connector.connectToLeader(database: "wire", known: [])
            XCTAssertEqual(connection.address, leader)
        }
    }

    func testClusterListsThreeVoters() throws {
        let connection = try leaderConnection()
        let servers = try connection.cluster()
        XCTAssertEqual(Set(servers.map(\.address)), Set(cluster.addresses))
        XCTAssertEqual(servers.filter { $0.role == .voter }.count, 3)
    }

    func testEveryColumnTypeAndNullRoundTrip() throws {
        for prepared in [true, false] {
            let connection = try leaderConnection(prepared: prepared)
            let table = prepared ? "t1" : "t2"
            _ = try connection.exec(sql: "CREATE TABLE \(table) (i INTEGER, f REAL, t TEXT, b BLOB, n, d DATETIME, o BOOLEAN)", arguments: [], prepared: prepared)
            let values: [DatabaseValue] = [
                Int64.min.databaseValue, (-1.5e300).databaseValue, "héllo 🌍".databaseValue,
                Data([0, 1, 2, 255]).databaseValue, DatabaseValue.null, "2024-01-02 03:04:05".databaseValue, 1.databaseValue,
            ]
            let result = try connection.exec(sql: "INSERT INTO \(table) VALUES (?, ?, ?, ?, ?, ?, ?)", arguments: values, prepared: prepared)
            XCTAssertEqual(result.changes, 1)
            XCTAssertEqual(result.lastInsertedRowID, 1)
            _ = try connection.exec(sql: "INSERT INTO \(table) VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL)", arguments: [], prepared: prepared)
            let rows = try connection.query(sql: "SELECT * FROM \(table) ORDER BY rowid", arguments: [], prepared: prepared)
            XCTAssertEqual(rows.columnNames, ["i", "f", "t", "b", "n", "d", "o"])
            XCTAssertEqual(Array(rows.values[0..<7]), values)
            XCTAssertEqual(Array(rows.values[7..<13]), Array(repeating: DatabaseValue.null, count: 6))
            let types = try connection.query(sql: "SELECT typeof(i), typeof(f), typeof(t), typeof(b), typeof(n) FROM \(table) WHERE rowid = 1", arguments: [], prepared: prepared)
            XCTAssertEqual(types.values, ["integer", "real", "text", "blob", "null"].map { $0.databaseValue })
        }
    }

    func testOneMebibyteBlobRoundTrips() throws {
        let connection = try leaderConnection()
        _ = try connection.exec(sql: "CREATE TABLE t (b BLOB)", arguments: [], prepared: true)
        let blob = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        _ = try connection.exec(sql: "INSERT INTO t VALUES (?)", arguments: [blob.databaseValue], prepared: true)
        let rows = try connection.query(sql: "SELECT b, length(b) FROM t", arguments: [], prepared: true)
        XCTAssertEqual(rows.values, [blob.databaseValue, (1 << 20).databaseValue])
    }

    func testTenThousandRowsSpanSeveralResponses() throws {
        let connection = try leaderConnection()
        let rows = try connection.query(
            sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10000) SELECT x, 'row ' || x FROM c",
            arguments: [], prepared: true)
        XCTAssertEqual(rows.columnNames.count, 2)
        XCTAssertEqual(rows.values.count, 20_000)
        XCTAssertGreaterThan(connection.lastQueryResponseCount, 1, "several ROWS responses")
        for index in stride(from: 0, to: 10_000, by: 997) {
            XCTAssertEqual(rows.values[2 * index], (index + 1).databaseValue)
            XCTAssertEqual(rows.values[2 * index + 1], "row \(index + 1)".databaseValue)
        }
    }

    func testConstraintErrorCarriesTheExtendedCodeAndMessage() throws {
        let connection = try leaderConnection()
        _ = try connection.exec(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)", arguments: [], prepared: true)
        _ = try connection.exec(sql: "INSERT INTO t (name) VALUES (?)", arguments: ["a".databaseValue], prepared: true)
        XCTAssertThrowsError(try connection.exec(sql: "INSERT INTO t (name) VALUES (?)", arguments: ["a".databaseValue], prepared: true)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
            XCTAssertEqual(error.message, "UNIQUE constraint failed: t.name")
            XCTAssertEqual(error.sql, "INSERT INTO t (name) VALUES (?)")
        }
        // The connection still works after an error.
        XCTAssertEqual(try connection.query(sql: "SELECT count(*) FROM t", arguments: [], prepared: true).values, [1.databaseValue])
    }

    func testTextWithNulByteIsRefusedBeforeSending() throws {
        let connection = try leaderConnection()
        XCTAssertThrowsError(try connection.query(sql: "SELECT ?", arguments: ["a\u{0}b".databaseValue], prepared: true)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.extendedResultCode, .SQLITE_MISMATCH)
            XCTAssert(error.message?.contains("NUL byte") == true, error.message ?? "")
        }
        // As a blob, the bytes go through.
        let rows = try connection.query(sql: "SELECT ?", arguments: [Data("a\u{0}b".utf8).databaseValue], prepared: true)
        XCTAssertEqual(rows.values, [Data("a\u{0}b".utf8).databaseValue])
    }

    func testMoreThan255ParametersAreRefusedBeforeSending() throws {
        let connection = try leaderConnection()
        let sql = "SELECT " + Array(repeating: "?", count: 256).joined(separator: ", ")
        XCTAssertThrowsError(try connection.query(sql: sql, arguments: Array(repeating: 1.databaseValue, count: 256), prepared: true)) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.extendedResultCode, .SQLITE_RANGE)
            XCTAssert(error.message?.contains("at most 255") == true, error.message ?? "")
        }
        let sql255 = "SELECT " + Array(repeating: "?", count: 255).joined(separator: " + ")
        let rows = try connection.query(sql: sql255, arguments: Array(repeating: 1.databaseValue, count: 255), prepared: true)
        XCTAssertEqual(rows.values, [255.databaseValue])
    }

    func testManyDistinctStatementsArePreparedAndFinalized() throws {
        let connection = try leaderConnection()
        for index in 0..<(DqliteConnection.maximumPreparedStatements * 2 + 10) {
            let rows = try connection.query(sql: "SELECT \(index) + ?", arguments: [1.databaseValue], prepared: true)
            XCTAssertEqual(rows.values, [(index + 1).databaseValue])
        }
    }

    func testExecSQLAndPreparedStatementsGiveTheSameResults() throws {
        let connection = try leaderConnection()
        _ = try connection.exec(sql: "CREATE TABLE t (a)", arguments: [], prepared: false)
        for prepared in [true, false, true] {
            let result = try connection.exec(sql: "INSERT INTO t VALUES (?)", arguments: [prepared.databaseValue], prepared: prepared)
            XCTAssertEqual(result.changes, 1)
        }
        XCTAssertEqual(try connection.query(sql: "SELECT a FROM t ORDER BY rowid", arguments: [], prepared: false).values,
                       [1, 0, 1].map { $0.databaseValue })
    }

    func testFollowerAnswersNotLeader() throws {
        let leader = try cluster.leaderIndex()
        let follower = cluster.addresses[(leader + 1) % 3]
        let connection = try DqliteConnection(address: follower, timeouts: DqliteConfiguration())
        try connection.open(database: "wire")
        XCTAssertThrowsError(try connection.exec(sql: "CREATE TABLE t (a)", arguments: [], prepared: false)) { error in
            XCTAssertEqual((error as? DatabaseError)?.extendedResultCode.rawValue, DqliteProtocol.notLeader)
        }
    }
}
