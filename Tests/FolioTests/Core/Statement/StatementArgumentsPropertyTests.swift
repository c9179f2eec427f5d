import Folio
import XCTest

/// `Statement.arguments { get set }` and the statement informations, as
/// GRDB declares them.
final class StatementArgumentsPropertyTests: FolioTestCase {
    func testSettingArgumentsBindsThemForTheNextExecution() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            let statement = try db.makeStatement(sql: "INSERT INTO player (id, name) VALUES (?, ?)")
            statement.arguments = [1, "Arthur"]
            XCTAssertEqual(statement.arguments, [1, "Arthur"])
            try statement.execute()
            XCTAssertEqual(lastSQLQuery, "INSERT INTO player (id, name) VALUES (?, ?)")
            statement.arguments = [2, "Barbara"]
            try statement.execute()
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id"), ["Arthur", "Barbara"])
        }
    }

    func testSettingNamedArgumentsBindsThem() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let statement = try db.makeStatement(sql: "SELECT :name || :suffix")
            statement.arguments = ["name": "Arthur", "suffix": "!"]
            XCTAssertEqual(try String.fetchOne(statement), "Arthur!")
        }
    }

    func testArgumentsThatDoNotFitThrowAtTheNextExecution() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            let statement = try db.makeStatement(sql: "INSERT INTO player (id, name) VALUES (?, ?)")
            statement.arguments = [1]
            XCTAssertEqual(statement.arguments, [1])
            XCTAssertThrowsError(try statement.execute()) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error?.sql, "INSERT INTO player (id, name) VALUES (?, ?)")
            }
            statement.arguments = [1, "Arthur", "extra"]
            XCTAssertThrowsError(try statement.execute()) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue((error as? DatabaseError)?.message?.contains("wrong number of statement arguments") == true)
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)

            // Arguments that fit again: the statement runs.
            statement.arguments = [1, "Arthur"]
            try statement.execute()
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player"), "Arthur")
        }
    }

    func testUnknownNamedArgumentThrowsAtTheNextFetch() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let statement = try db.makeStatement(sql: "SELECT :name")
            statement.arguments = ["name": "Arthur", "other": 1]
            XCTAssertThrowsError(try String.fetchOne(statement)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue((error as? DatabaseError)?.message?.contains("unknown statement argument: other") == true)
            }
        }
    }

    func testStatementInformations() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INT)")
            let statement = try db.makeStatement(sql: "SELECT name, score FROM player WHERE id = 1")
            XCTAssertEqual(statement.sql, "SELECT name, score FROM player WHERE id = 1")
            XCTAssertEqual(statement.columnCount, 2)
            XCTAssertEqual(statement.columnNames, ["name", "score"])
            XCTAssertEqual(statement.databaseRegion.description, "player(id,name,score)")
            let insert = try db.makeStatement(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            XCTAssertEqual(insert.columnCount, 0)
            XCTAssertEqual(insert.columnNames, [])
            XCTAssertTrue(insert.databaseRegion.isEmpty)
        }
    }
}
