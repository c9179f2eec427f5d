import Folio
import XCTest

/// GRDB's `execute(literal:)` and `allStatements(literal:)` run SQL strings
/// of several statements whose interpolated arguments belong to any of
/// them, each statement taking its own; `makeStatement(literal:)` compiles
/// one statement, followed by a semicolon, white space or comments.
final class LiteralMultipleStatementsTests: FolioTestCase {
    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a, b)") }
        return dbQueue
    }

    func testExecuteLiteralGivesEachStatementItsArguments() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            try db.execute(literal: """
                INSERT INTO t VALUES (\(1), \("one"));
                INSERT INTO t VALUES (2, 'two');
                INSERT INTO t VALUES (\(3), \("three"))
                """)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT a, b FROM t ORDER BY a"), [
                ["a": 1, "b": "one"], ["a": 2, "b": "two"], ["a": 3, "b": "three"],
            ])
        }
    }

    func testExecuteLiteralWithArgumentsInALaterStatementOnly() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            try db.execute(literal: "DELETE FROM t; INSERT INTO t VALUES (\(5), \("five"))")
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT a, b FROM t"), [["a": 5, "b": "five"]])
        }
    }

    func testAllStatementsLiteralGivesEachStatementItsArguments() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            let statements = try db.allStatements(literal: "INSERT INTO t VALUES (1, 'x'); INSERT INTO t VALUES (\(2), \("y"))")
            var arguments: [StatementArguments] = []
            while let statement = try statements.next() {
                arguments.append(statement.arguments)
                try statement.execute()
            }
            XCTAssertEqual(arguments, [[], [2, "y"]])
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a"), [1, 2])
        }
    }

    func testMakeStatementLiteralWithATrailingSemicolonAndComment() throws {
        let dbQueue = try makeQueue()
        try dbQueue.write { db in
            let statement = try db.makeStatement(literal: "INSERT INTO t VALUES (\(1), \("one")); -- done\n")
            try statement.execute()
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
            // Several statements: makeStatement compiles one only.
            XCTAssertThrowsError(try db.makeStatement(literal: "SELECT \(1); SELECT \(2)"))
        }
    }
}
