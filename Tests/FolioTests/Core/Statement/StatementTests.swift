import Folio
import XCTest

final class StatementTests: FolioTestCase {
    func testCachedStatementIsReused() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            let s1 = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
            try s1.execute(arguments: [1])
            let s2 = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
            XCTAssertTrue(s1 === s2)
            try s2.execute(arguments: [2])
            XCTAssertFalse(try db.makeStatement(sql: "INSERT INTO t VALUES (?)") === s1)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1, 2])
        }
    }

    func testStatementInUseByCursorIsNotHandedOutAgain() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1), (2)")
            let cursor = try Int.fetchCursor(db, sql: "SELECT a FROM t WHERE a > ?", arguments: [0])
            // Same SQL, other arguments, while the first cursor has not started.
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t WHERE a > ?", arguments: [1]), [2])
            XCTAssertEqual(try Array(cursor), [1, 2])
        }
    }

    func testStatementProperties() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER, Name TEXT)")
            let select = try db.makeStatement(sql: " SELECT id, Name FROM t ; ")
            XCTAssertEqual(select.sql, "SELECT id, Name FROM t")
            XCTAssertEqual(select.columnNames, ["id", "Name"])
            XCTAssertEqual(select.columnCount, 2)
            XCTAssertEqual(select.index(ofColumn: "name"), 1)
            XCTAssertNil(select.index(ofColumn: "missing"))
            XCTAssertTrue(select.isReadonly)
            XCTAssertFalse(try db.makeStatement(sql: "DELETE FROM t").isReadonly)
        }
    }

    func testMakeStatementRefusesSeveralStatements() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.makeStatement(sql: "SELECT 1; SELECT 2")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            // Trailing comments are fine.
            XCTAssertEqual(try db.makeStatement(sql: "SELECT 1; -- comment").sql, "SELECT 1")
        }
    }

    func testExecuteRunsSeveralStatementsAndConsumesArguments() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE t (a, b);
                INSERT INTO t VALUES (?, :b);
                INSERT INTO t VALUES (?, :b);
                """, arguments: StatementArguments([1, 2]) + ["b": "x"])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY a"), [["a": 1, "b": "x"], ["a": 2, "b": "x"]])
            XCTAssertEqual(db.lastInsertedRowID, 2)
            XCTAssertEqual(db.changesCount, 1)
            try db.execute(sql: "UPDATE t SET b = 'y'")
            XCTAssertEqual(db.changesCount, 2)
            XCTAssertEqual(db.totalChangesCount, 4)
        }
    }

    func testTraceReportsStatementsAndExpandedSQLOnlyWhenPublic() throws {
        var config = Configuration()
        config.publicStatementArguments = true
        let dbQueue = try DatabaseQueue(configuration: config)
        var events: [String] = []
        try dbQueue.inDatabase { db in
            db.trace { events.append("\($0)") }
            try db.execute(sql: "SELECT ?", arguments: [42])
            db.trace(nil)
            try db.execute(sql: "SELECT 1")
        }
        XCTAssertEqual(events, ["SELECT 42"])

        let privateQueue = try DatabaseQueue()
        var privateEvents: [String] = []
        try privateQueue.inDatabase { db in
            db.trace { privateEvents.append("\($0)") }
            try db.execute(sql: "SELECT ?", arguments: [42])
        }
        XCTAssertEqual(privateEvents, ["SELECT ?"])
    }

    func testSQLInterpolationNeverPastesValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT)")
            let name = "'); DROP TABLE player; --"
            try db.execute(literal: "INSERT INTO player (name) VALUES (\(name))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO player (name) VALUES (?)")
            XCTAssertTrue(try db.tableExists("player"))
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player"), name)
            let ids: [Int64] = [1, 2, 3]
            let literal: SQL = "DELETE FROM player WHERE rowid IN \(ids)"
            let (sql, arguments) = try literal.build(db)
            XCTAssertEqual(sql, "DELETE FROM player WHERE rowid IN (?, ?, ?)")
            XCTAssertEqual(arguments, [1, 2, 3])
            XCTAssertEqual(databaseQuestionMarks(count: 3), "?, ?, ?")
        }
    }

    func testSQLRequestFromLiteral() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT, score INT); INSERT INTO player VALUES ('b', 1), ('A', 2)")
            let request: SQLRequest<String> = """
                SELECT name FROM player ORDER BY name COLLATE \(.localizedCaseInsensitiveCompare)
                """
            XCTAssertEqual(try request.fetchAll(db), ["A", "b"])
            XCTAssertEqual(try request.fetchCount(db), 2)
            XCTAssertEqual(try SQLRequest<Row>(sql: "SELECT * FROM player WHERE score > ?", arguments: [1]).fetchOne(db)?["name"], "A")
        }
    }

    func testCachedSelectStarSeesColumnsAddedByAlterTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            XCTAssertEqual((try Row.fetchOne(db, sql: "SELECT * FROM t")?.columnNames).map(Array.init), ["a"])
            try db.execute(sql: "ALTER TABLE t ADD COLUMN b")
            XCTAssertEqual((try Row.fetchOne(db, sql: "SELECT * FROM t")?.columnNames).map(Array.init), ["a", "b"])
        }
    }
}
