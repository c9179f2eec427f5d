import CSQLite
import Folio
import Foundation
import XCTest

/// What a connection tells about itself and its library: the last error,
/// the SQLite version, the argument limit, and its descriptions.
final class DatabaseDiagnosticsTests: FolioTestCase {
    func testLastErrorAfterAFailedStatement() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.execute(sql: "SELECT * FROM missing"))
            XCTAssertEqual(db.lastErrorCode, .SQLITE_ERROR)
            XCTAssertEqual(db.lastErrorMessage, "no such table: missing")

            try db.execute(sql: "CREATE TABLE t (a UNIQUE)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            // After a successful step, SQLite reports SQLITE_DONE.
            XCTAssertEqual(db.lastErrorCode, .SQLITE_DONE)
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO t VALUES (1)"))
            XCTAssertEqual(db.lastErrorCode, .SQLITE_CONSTRAINT_UNIQUE)
            XCTAssertEqual(db.lastErrorMessage, "UNIQUE constraint failed: t.a")
        }
    }

    func testSQLiteLibVersionNumber() throws {
        let version = Database.sqliteLibVersionNumber
        XCTAssertEqual(version, sqlite3_libversion_number())
        let dbQueue = try makeDatabaseQueue()
        let text = try dbQueue.read { try String.fetchOne($0, sql: "SELECT sqlite_version()")! }
        let parts = text.split(separator: ".").compactMap { CInt($0) }
        XCTAssertEqual(parts.count, 3, text)
        XCTAssertEqual(version, parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2])
        XCTAssertGreaterThanOrEqual(version, 3_040_000)
    }

    func testMaximumStatementArgumentCount() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let maximum = db.maximumStatementArgumentCount
            XCTAssertGreaterThanOrEqual(maximum, 999)
            func sql(_ count: Int) -> String {
                "SELECT 1 WHERE 1 IN (" + Array(repeating: "?", count: count).joined(separator: ",") + ")"
            }
            let statement = try db.makeStatement(sql: sql(maximum))
            XCTAssertEqual(try Int.fetchOne(statement, arguments: StatementArguments(Array(1...maximum))), 1)
            XCTAssertThrowsError(try db.makeStatement(sql: sql(maximum + 1))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "too many SQL variables", String("\(error)".prefix(100)))
            }
        }
    }

    func testDescriptionOfAQueueConnection() throws {
        try DatabaseQueue().inDatabase { db in
            XCTAssertEqual(db.description, "GRDB.DatabaseQueue")
            XCTAssertEqual("\(db)", "GRDB.DatabaseQueue")
            XCTAssertEqual(db.debugDescription, "<Database: GRDB.DatabaseQueue>")
            XCTAssertEqual(String(reflecting: db), "<Database: GRDB.DatabaseQueue>")
        }
        var config = Configuration()
        config.label = "MyDatabase"
        try DatabaseQueue(configuration: config).inDatabase { db in
            XCTAssertEqual(db.description, "MyDatabase")
            XCTAssertEqual(db.configuration.label, "MyDatabase")
        }
    }

    func testDescriptionOfPoolConnections() throws {
        let path = temporaryDatabasePath()
        let dbPool = try DatabasePool(path: path)
        XCTAssertEqual(try dbPool.write { $0.description }, "GRDB.DatabasePool.writer")
        XCTAssertEqual(try dbPool.read { $0.description }, "GRDB.DatabasePool.reader.1")
        try dbPool.close()

        var config = Configuration()
        config.label = "MyDatabase"
        let labeled = try DatabasePool(path: path, configuration: config)
        XCTAssertEqual(try labeled.write { $0.description }, "MyDatabase.writer")
        XCTAssertEqual(try labeled.read { $0.description }, "MyDatabase.reader.1")
        XCTAssertEqual(try labeled.read { $0.debugDescription }, "<Database: MyDatabase.reader.1>")
    }
}
