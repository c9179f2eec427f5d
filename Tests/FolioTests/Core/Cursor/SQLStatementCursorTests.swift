import Folio
import Foundation
import XCTest

/// `Database.allStatements(sql:arguments:)`, `allStatements(literal:)` and
/// `SQLStatementCursor`.
final class SQLStatementCursorTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
        }
        clearSQLQueries()
        return dbQueue
    }

    private func names(_ dbQueue: DatabaseQueue) throws -> [String] {
        try dbQueue.read { try String.fetchAll($0, sql: "SELECT name FROM player ORDER BY id") }
    }

    func testStatementsTakeTheirShareOfPositionalArguments() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let statements: SQLStatementCursor = try db.allStatements(sql: """
                INSERT INTO player (name, score) VALUES (?, ?);
                INSERT INTO player (name, score) VALUES (?, ?);
                """, arguments: ["Arthur", 100, "O'Brien", 1000])
            var sqls: [String] = []
            var arguments: [StatementArguments] = []
            while let statement = try statements.next() {
                sqls.append(statement.sql)
                arguments.append(statement.arguments)
                try statement.execute()
            }
            XCTAssertEqual(sqls, [
                "INSERT INTO player (name, score) VALUES (?, ?)",
                "INSERT INTO player (name, score) VALUES (?, ?)",
            ])
            XCTAssertEqual(arguments, [["Arthur", 100], ["O'Brien", 1000]])
            XCTAssertNil(try statements.next())
        }
        // The trace tells the SQL of each statement, without its trailing
        // semicolon or leading white space, as GRDB does.
        XCTAssertEqual(sqlQueries, [
            "BEGIN IMMEDIATE TRANSACTION",
            "INSERT INTO player (name, score) VALUES (?, ?)",
            "INSERT INTO player (name, score) VALUES (?, ?)",
            "COMMIT TRANSACTION",
        ])
        XCTAssertEqual(try names(dbQueue), ["Arthur", "O'Brien"])
    }

    func testNamedArgumentsAreSharedByTheStatements() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let statements = try db.allStatements(sql: """
                INSERT INTO player (name, score) VALUES (:name, ?);
                INSERT INTO player (name, score) VALUES (:name || '2', :score);
                """, arguments: StatementArguments(["name": "Arthur", "score": 5]) + [1])
            try statements.forEach { try $0.execute() }
        }
        XCTAssertEqual(try dbQueue.read { try Row.fetchAll($0, sql: "SELECT name, score FROM player ORDER BY id") },
                       [["name": "Arthur", "score": 1], ["name": "Arthur2", "score": 5]])
    }

    func testLiteralStatements() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let statements = try db.allStatements(literal: """
                INSERT INTO player (name) VALUES (\("Arthur"));
                INSERT INTO player (name) VALUES (\("O'Brien"));
                """)
            try statements.forEach { statement in
                try statement.execute()
            }
        }
        XCTAssertEqual(try names(dbQueue), ["Arthur", "O'Brien"])
    }

    func testStatementsWithoutArgumentsAreUnbound() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let statements = try db.allStatements(sql: """
                SELECT COUNT(*) FROM player WHERE score < ?;
                SELECT COUNT(*) FROM player WHERE score > ?;
                """)
            let first = try XCTUnwrap(statements.next())
            XCTAssertEqual(try Int.fetchOne(first, arguments: [10]), 0)
            let second = try XCTUnwrap(statements.next())
            XCTAssertEqual(second.arguments, [])
            XCTAssertNil(try statements.next())

            let literal = try db.allStatements(literal: "SELECT ?; SELECT ?")
            XCTAssertEqual(try Array(literal).count, 2)
        }
    }

    func testMissingArgumentsThrow() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            let statements = try db.allStatements(sql: """
                SELECT COUNT(*) FROM player WHERE score < ?;
                SELECT COUNT(*) FROM player WHERE score > ?;
                """, arguments: [1000])
            XCTAssertNotNil(try statements.next())
            XCTAssertThrowsError(try statements.next()) { error in
                guard let error = error as? DatabaseError else {
                    return XCTFail("unexpected error \(error)")
                }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.sql, "SELECT COUNT(*) FROM player WHERE score > ?")
                XCTAssertTrue(error.message?.contains("wrong number of statement arguments") == true, error.description)
            }
            XCTAssertNil(try statements.next())

            let literal = try db.allStatements(literal: """
                SELECT COUNT(*) FROM player WHERE score < \(1000);
                SELECT COUNT(*) FROM player WHERE score > ?;
                """)
            XCTAssertNotNil(try literal.next())
            XCTAssertThrowsError(try literal.next())

            let named = try db.allStatements(sql: "SELECT :a; SELECT :b", arguments: ["a": 1])
            XCTAssertNotNil(try named.next())
            XCTAssertThrowsError(try named.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "missing statement argument: b")
            }
        }
    }

    func testExtraArgumentsThrowBeforeTheLastStatementRuns() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let statements = try db.allStatements(sql: """
                INSERT INTO player (name) VALUES (?);
                INSERT INTO player (name) VALUES (?);
                """, arguments: ["Arthur", "Barbara", "Craig"])
            try XCTUnwrap(statements.next()).execute()
            XCTAssertThrowsError(try statements.next()) { error in
                guard let error = error as? DatabaseError else {
                    return XCTFail("unexpected error \(error)")
                }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.message, "wrong number of statement arguments: 3")
            }
            XCTAssertNil(try statements.next())
        }
        XCTAssertEqual(try names(dbQueue), ["Arthur"])
    }

    func testExtraArgumentsAfterATrailingCommentThrowAtTheEnd() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            let statements = try db.allStatements(sql: "SELECT ?; -- the end", arguments: [1, 2])
            XCTAssertNotNil(try statements.next())
            XCTAssertThrowsError(try statements.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "wrong number of statement arguments: 2")
            }

            let unknown = try db.allStatements(sql: "SELECT :a", arguments: ["a": 1, "b": 2])
            XCTAssertThrowsError(try unknown.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "unknown statement argument: b")
            }

            let empty = try db.allStatements(sql: "", arguments: [1])
            XCTAssertThrowsError(try empty.next())
        }
    }

    func testStatementsCompileOneAtATime() throws {
        // The INSERT compiles after the CREATE TABLE has run.
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let statements = try db.allStatements(sql: """
                CREATE TABLE t (a);
                INSERT INTO t VALUES (?);
                """, arguments: [42])
            while let statement = try statements.next() {
                try statement.execute()
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT a FROM t"), 42)
        }
    }

    func testArrayOfStatementsFailsWhenAStatementDependsOnAPreviousOne() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            XCTAssertThrowsError(try Array(db.allStatements(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1);"))) { error in
                guard let error = error as? DatabaseError else {
                    return XCTFail("unexpected error \(error)")
                }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error.message, "no such table: t")
                XCTAssertEqual(error.sql, "INSERT INTO t VALUES (1)")
            }
            let statements = try Array(db.allStatements(sql: "SELECT 1; SELECT 2"))
            XCTAssertEqual(statements.map(\.sql), ["SELECT 1", "SELECT 2"])
        }
    }

    func testCompilationErrorEndsTheIteration() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let statements = try db.allStatements(sql: "SELECT 1; SELEKT 2; SELECT 3")
            XCTAssertEqual(try statements.next()?.sql, "SELECT 1")
            XCTAssertThrowsError(try statements.next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.sql, "SELEKT 2; SELECT 3")
            }
            XCTAssertNil(try statements.next())
        }
    }

    func testEmptyStatementsAndCommentsAreSkipped() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let statements = try db.allStatements(sql: """
                -- first
                SELECT 1;;
                /* second */ ;
                SELECT 2; -- done
                """)
            let all = try Array(statements)
            XCTAssertEqual(try all.map { try Int.fetchOne($0) }, [1, 2])
            XCTAssertEqual(all.map(\.sql), ["-- first\nSELECT 1", "/* second */ ;\nSELECT 2"])
            XCTAssertNil(try statements.next())
            XCTAssertEqual(try Array(db.allStatements(sql: "")).count, 0)
            XCTAssertEqual(try Array(db.allStatements(sql: "  -- nothing\n")).count, 0)
        }
    }

    func testSelectResultsJoinedWithFlatMap() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Arthur', 100), ('Barbara', 1000)")
            let statements = try db.allStatements(sql: """
                SELECT name FROM player WHERE score < ?;
                SELECT name FROM player WHERE score > ?;
                """, arguments: [500, 500])
            let names = statements.flatMap { statement in try String.fetchCursor(statement) }
            XCTAssertEqual(try Array(names), ["Arthur", "Barbara"])
        }
    }

    func testStatementsHaveTheirDatabaseRegion() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.read { db in
            let statements = try Array(db.allStatements(sql: "SELECT name FROM player; SELECT score FROM player"))
            XCTAssertEqual(statements.map(\.databaseRegion.description), ["player(name)", "player(score)"])
        }
    }

    func testCursorUsedOutsideOfItsAccessThrows() throws {
        let dbQueue = try makePlayerDatabase()
        let statements = try dbQueue.read { db in try db.allStatements(sql: "SELECT 1; SELECT 2") }
        XCTAssertThrowsError(try statements.next()) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
        XCTAssertNil(try statements.next())
    }
}
