import Folio
import Foundation
import XCTest

final class StatementArgumentsTests: FolioTestCase {
    func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
        }
        return dbQueue
    }

    // MARK: - Binding

    func testPositionalArgumentsBindInOrder() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, ?)", arguments: ["Arthur", 1000])
            XCTAssertEqual(lastSQLQuery, "INSERT INTO player (name, score) VALUES (?, ?)")
            let values: [(any DatabaseValueConvertible)?] = ["Barbara", nil]
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, ?)", arguments: StatementArguments(values))
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (?2, ?1)", arguments: [750, "Craig"])
            let rows = try Row.fetchAll(db, sql: "SELECT name, score FROM player ORDER BY id")
            XCTAssertEqual(rows, [["name": "Arthur", "score": 1000], ["name": "Barbara", "score": nil], ["name": "Craig", "score": 750]])
        }
    }

    func testArgumentsFromASequenceOfValues() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let ids: [Int64] = [1, 2, 3]
            let arguments = StatementArguments(ids)
            XCTAssertEqual(arguments, [1, 2, 3])
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT ? + ? + ?", arguments: arguments), [6])
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT ? + ?", arguments: StatementArguments(Set([5]).union([7]))), [12])
        }
    }

    func testNamedArgumentsBindWithEveryPrefix() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            for sql in [
                "INSERT INTO player (name, score) VALUES (:name, :score)",
                "INSERT INTO player (name, score) VALUES ($name, $score)",
                "INSERT INTO player (name, score) VALUES (@name, @score)",
            ] {
                try db.execute(sql: sql, arguments: ["name": "Arthur", "score": 1000])
                XCTAssertEqual(lastSQLQuery, sql)
            }
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT name, score FROM player"),
                           Array(repeating: ["name": "Arthur", "score": 1000], count: 3))
            // A name used twice binds twice.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT :x * :x", arguments: ["x": 7]), 49)
            // Dictionaries of values work too.
            let dictionary: [String: (any DatabaseValueConvertible)?] = ["name": "Barbara", "score": nil]
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (:name, :score)", arguments: StatementArguments(dictionary))
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT name, score FROM player ORDER BY id DESC"), ["name": "Barbara", "score": nil])
        }
    }

    func testNamedAndPositionalArgumentsMix() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let arguments = StatementArguments(["Arthur"]) + StatementArguments(["score": 10])
            try db.execute(sql: "INSERT INTO player (name, score) VALUES (?, :score)", arguments: arguments)
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT name, score FROM player"), ["name": "Arthur", "score": 10])
        }
    }

    // MARK: - Errors

    func testTooFewPositionalArgumentsThrowsWithTheSQL() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let sql = "INSERT INTO player (name, score) VALUES (?, ?)"
            let error = assertThrowsDatabaseError(try db.execute(sql: sql, arguments: ["Arthur"]))
            XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual(error?.sql, sql)
            XCTAssertEqual(error?.message, "wrong number of statement arguments: 1")
            XCTAssertTrue(error?.description.contains(sql) ?? false, error?.description ?? "")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)

            let selectError = assertThrowsDatabaseError(try Row.fetchAll(db, sql: "SELECT ?, ?", arguments: [1]))
            XCTAssertEqual(selectError?.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual(selectError?.sql, "SELECT ?, ?")
            let statement = try db.makeStatement(sql: "SELECT ?, ?")
            XCTAssertThrowsError(try statement.validateArguments([1]))
            XCTAssertNoThrow(try statement.validateArguments([1, 2]))
        }
    }

    func testTooManyPositionalArgumentsThrowsWithTheSQLBeforeRunning() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let sql = "INSERT INTO player (name) VALUES (?)"
            // Twice: the first time prepares, the second reuses the cached statement.
            for _ in 0..<2 {
                let error = assertThrowsDatabaseError(try db.execute(sql: sql, arguments: ["Arthur", "Barbara"]))
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error?.sql, sql)
                XCTAssertEqual(error?.message, "wrong number of statement arguments: 2")
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
            }
            let selectError = assertThrowsDatabaseError(try Int.fetchAll(db, sql: "SELECT ?", arguments: [1, 2]))
            XCTAssertEqual(selectError?.sql, "SELECT ?")
        }
    }

    func testMissingAndUnknownNamedArgumentsThrowWithTheSQL() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let sql = "INSERT INTO player (name, score) VALUES (:name, :score)"
            let missing = assertThrowsDatabaseError(try db.execute(sql: sql, arguments: ["name": "Arthur"]))
            XCTAssertEqual(missing?.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual(missing?.message, "missing statement argument: score")
            XCTAssertEqual(missing?.sql, sql)

            for _ in 0..<2 {
                let unknown = assertThrowsDatabaseError(try db.execute(sql: sql, arguments: ["name": "Arthur", "score": 1, "bonus": 2]))
                XCTAssertEqual(unknown?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(unknown?.message, "unknown statement argument: bonus")
                XCTAssertEqual(unknown?.sql, sql)
                XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
            }
            let selectError = assertThrowsDatabaseError(try Row.fetchOne(db, sql: "SELECT :a", arguments: ["a": 1, "b": 2, "c": 3]))
            XCTAssertEqual(selectError?.message, "unknown statement arguments: b, c")
            XCTAssertEqual(selectError?.sql, "SELECT :a")
        }
    }

    func testArgumentsAreHiddenFromErrorsUnlessPublic() throws {
        let sql = "INSERT INTO player (id, name) VALUES (?, ?)"
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            try db.execute(sql: sql, arguments: [1, "Arthur"])
            let error = assertThrowsDatabaseError(try db.execute(sql: sql, arguments: [1, "secret"]))
            XCTAssertEqual(error?.resultCode, .SQLITE_CONSTRAINT)
            XCTAssertNil(error?.arguments)
            XCTAssertFalse(error?.description.contains("secret") ?? true)
        }
        var configuration = Configuration()
        configuration.publicStatementArguments = true
        let publicQueue = try makeDatabaseQueue(configuration: configuration)
        try publicQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: sql, arguments: [1, "Arthur"])
            let error = assertThrowsDatabaseError(try db.execute(sql: sql, arguments: [1, "visible"]))
            XCTAssertEqual(error?.arguments, [1, "visible"])
            XCTAssertTrue(error?.description.contains("visible") ?? false, error?.description ?? "")
        }
    }

    // MARK: - Combining

    func testPlusAndAppendConcatenatePositionalValuesAndMergeNamedOnes() {
        var arguments: StatementArguments = [1, "a"]
        arguments += [2]
        XCTAssertEqual(arguments, [1, "a", 2])
        _ = arguments.append(contentsOf: ["b"])
        XCTAssertEqual(arguments, [1, "a", 2, "b"])

        let named: StatementArguments = ["x": 1, "y": 2]
        let merged = named + ["y": 3, "z": 4]
        XCTAssertEqual(merged, ["x": 1, "y": 3, "z": 4])

        let mixed = StatementArguments([1]) + ["name": "Arthur"] + [2]
        XCTAssertEqual(mixed.description, #"["name": "Arthur", 1, 2]"#)
        XCTAssertFalse(mixed.isEmpty)
        XCTAssertTrue(StatementArguments().isEmpty)
        XCTAssertTrue((StatementArguments() + StatementArguments()).isEmpty)
    }

    func testDescriptionUsesSQLLiterals() {
        let arguments: StatementArguments = [1, 1.5, "O'Brien", Data([0xAB]), nil]
        XCTAssertEqual(arguments.description, #"[1, 1.5, "O\'Brien", Data(1 bytes), NULL]"#)
        let named: StatementArguments = ["b": 2, "a": "x"]
        XCTAssertEqual(named.description, #"["a": "x", "b": 2]"#)
    }

    func testArgumentsAcceptEveryValueType() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let uuid = UUID()
            let date = Date(timeIntervalSince1970: 0)
            let arguments: StatementArguments = [
                true, Int8(1), UInt16(2), Int64(3), Float(4.5), "s", Data([1]), date, uuid,
                URL(string: "https://a.b")!, Decimal(string: "1.5")!, NSNumber(value: 6), NSNull(),
                DatabaseDateComponents(DateComponents(hour: 1, minute: 2), format: .HM), DatabaseValue.null,
            ]
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT " + databaseQuestionMarks(count: 15), arguments: arguments))
            XCTAssertEqual(Array(row.databaseValues), [
                1.databaseValue, 1.databaseValue, 2.databaseValue, 3.databaseValue, 4.5.databaseValue, "s".databaseValue,
                Data([1]).databaseValue, "1970-01-01 00:00:00.000".databaseValue, uuid.databaseValue,
                "https://a.b".databaseValue, "1.5".databaseValue, 6.databaseValue, .null, "01:02".databaseValue, .null,
            ])
        }
    }
}
