import Folio
import Foundation
import XCTest

/// Arguments built from an array literal keep the literal's values until
/// they are bound or read: they behave as arguments built from database
/// values.
final class StatementArgumentsLiteralTests: FolioTestCase {
    func testLiteralArgumentsAreEqualToConvertedArguments() {
        let literal: StatementArguments = [1, "Arthur", nil, 2.5]
        let converted = StatementArguments([
            DatabaseValue(value: 1)!, "Arthur".databaseValue, .null, 2.5.databaseValue,
        ])
        XCTAssertEqual(literal, converted)
        XCTAssertEqual(converted, literal)
        XCTAssertEqual(literal.hashValue, converted.hashValue)
        XCTAssertEqual(Set([literal, converted]).count, 1)
        XCTAssertNotEqual(literal, [1, "Arthur", nil, 2.0])
        XCTAssertEqual(literal.description, converted.description)
        XCTAssertEqual(literal.description, "[1, \"Arthur\", NULL, 2.5]")
        XCTAssertFalse(literal.isEmpty)
        let empty: StatementArguments = []
        XCTAssertTrue(empty.isEmpty)
        XCTAssertEqual(empty, StatementArguments())
    }

    func testLiteralArgumentsAppendAndConcatenate() {
        var arguments: StatementArguments = [1]
        arguments += [2, "x"]
        XCTAssertEqual(arguments.description, "[1, 2, \"x\"]")
        let replaced = arguments.append(contentsOf: ["name": "Arthur"])
        XCTAssertEqual(replaced, [:])
        XCTAssertEqual(arguments.description, "[\"name\": \"Arthur\", 1, 2, \"x\"]")
        let sum: StatementArguments = [1] + [nil]
        XCTAssertEqual(sum, StatementArguments([DatabaseValue(value: 1)!, .null]))
    }

    func testStatementKeepsTheLiteralArgumentsItBound() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c)")
            let statement = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?, ?)")
            try statement.execute(arguments: [1, "two", nil])
            XCTAssertEqual(statement.arguments, [1, "two", nil])
            XCTAssertEqual(statement.arguments.description, "[1, \"two\", NULL]")
            // The same statement then binds other kinds of arguments.
            try statement.execute(arguments: StatementArguments([4, 5, 6]))
            statement.arguments = [7, Data("8".utf8), 9.5]
            try statement.execute()
            let rows = try Row.fetchAll(db, sql: "SELECT a, b, c FROM t ORDER BY rowid")
            XCTAssertEqual(rows, [
                ["a": 1, "b": "two", "c": nil],
                ["a": 4, "b": 5, "c": 6],
                ["a": 7, "b": Data("8".utf8), "c": 9.5],
            ])
        }
    }

    func testLiteralWithUnrepresentableValueThrowsNamingTheArguments() throws {
        var configuration = Configuration()
        configuration.publicStatementArguments = true
        let dbQueue = try makeDatabaseQueue(configuration: configuration)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b)")
            let statement = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?)")
            let error = assertThrowsDatabaseError(try statement.execute(arguments: [1, UInt64.max]))
            XCTAssertEqual(error?.sql, "INSERT INTO t VALUES (?, ?)")
            XCTAssertNotNil(error?.arguments)
            // The statement does not run with a half-bound literal.
            XCTAssertThrowsError(try statement.execute())
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
            try statement.execute(arguments: [1, 2])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 1)
        }
    }

    func testLiteralArgumentsFeedMultipleStatementsAndNamedParameters() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b)")
            try db.execute(sql: "INSERT INTO t VALUES (?, ?); INSERT INTO t VALUES (?, ?)", arguments: [1, 2, 3, "4"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT :x + ?", arguments: [40, 2]), 42)
            let rows = try Row.fetchAll(db, sql: "SELECT a, b FROM t ORDER BY rowid")
            XCTAssertEqual(rows, [["a": 1, "b": 2], ["a": 3, "b": "4"]])
        }
    }
}
