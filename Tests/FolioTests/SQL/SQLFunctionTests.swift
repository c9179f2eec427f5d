import Folio
import XCTest

private struct Player: TableRecord { }

/// SQL functions of the query interface: aggregates, scalar functions,
/// date functions, the Swift string functions, and custom functions.
final class SQLFunctionTests: FolioTestCase {
    func testAggregates() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select {
                [count($0.bonus), count(distinct: $0.score), sum($0.score), sum(distinct: $0.score),
                 total($0.bonus), average($0.score), average(distinct: $0.score), min($0.score), max($0.score)]
            }
            XCTAssertEqual(try sql(db, request), """
                SELECT COUNT("bonus"), COUNT(DISTINCT "score"), SUM("score"), SUM(DISTINCT "score"), \
                TOTAL("bonus"), AVG("score"), AVG(DISTINCT "score"), MIN("score"), MAX("score") FROM "player"
                """)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row[0] as Int, 5)
            XCTAssertEqual(row[1] as Int, 5)
            XCTAssertEqual(row[2] as Int, 3510)
            XCTAssertEqual(row[3] as Int, 2510)
            XCTAssertEqual(row[4] as Double, 65)
            XCTAssertEqual(row[5] as Double, 585)
            XCTAssertEqual(row[6] as Double, 502)
            XCTAssertEqual(row[7] as Int, 10)
            XCTAssertEqual(row[8] as Int, 1000)
        }
    }

    func testAggregatesOfNoRow() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter { $0.score > 5000 }
                .select { [count($0.id), sum($0.score), total($0.score), average($0.score), max($0.score)] }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT COUNT("id"), SUM("score"), TOTAL("score"), AVG("score"), MAX("score") FROM "player" WHERE "score" > ?"#)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row[0] as Int, 0)
            XCTAssertNil(row[1] as Int?)
            XCTAssertEqual(row[2] as Double, 0)
            XCTAssertNil(row[3] as Double?)
            XCTAssertNil(row[4] as Int?)
        }
    }

    func testAggregateFetchedAsValue() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select { max($0.score) }
            XCTAssertEqual(try sql(db, request), #"SELECT MAX("score") FROM "player""#)
            XCTAssertEqual(try Int.fetchOne(db, request), 1000)

            let typed = Player.select({ max($0.score) }, as: Int.self)
            XCTAssertEqual(try typed.fetchOne(db), 1000)
            XCTAssertEqual(lastSQLQuery, #"SELECT MAX("score") FROM "player" LIMIT 1"#)

            let minMax = Player.select { [min($0.score), max($0.score)] }
            let row = try XCTUnwrap(Row.fetchOne(db, minMax))
            XCTAssertEqual(row[0] as Int?, 10)
            XCTAssertEqual(row[1] as Int?, 1000)
        }
    }

    func testScalarFunctions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter { $0.id == 4 }
                .select {
                    [abs($0.bonus - $0.score), length($0.email), coalesce([$0.name, $0.teamId, $0.email]),
                     $0.name.ifNull("nobody"), cast($0.score, as: .text), cast($0.email, as: .integer)]
                }
            XCTAssertEqual(try sql(db, request), """
                SELECT ABS("bonus" - "score"), LENGTH("email"), COALESCE("name", "teamId", "email"), \
                IFNULL("name", ?), CAST("score" AS TEXT), CAST("email" AS INTEGER) FROM "player" WHERE "id" = ?
                """)
            XCTAssertEqual(try arguments(db, request), ["nobody", 4])
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row[0] as Int, 5)
            XCTAssertEqual(row[1] as Int, 13)
            XCTAssertEqual(row[2] as String, "anon@test.org")
            XCTAssertEqual(row[3] as String, "nobody")
            XCTAssertEqual(row[4] as DatabaseValue, "10".databaseValue)
            XCTAssertEqual(row[5] as DatabaseValue, 0.databaseValue)
        }
    }

    func testFunctionsInFilters() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { length($0.name) > 5 }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE LENGTH("name") > ?"#)
            XCTAssertEqual(try ids(db, request), [1, 2])

            let ratio = Player
                .filter { $0.bonus != nil }
                .select { (cast($0.bonus, as: .real) / $0.score).forKey("ratio") }
                .order(Column("ratio").desc)
                .limit(1)
            XCTAssertEqual(
                try sql(db, ratio),
                #"SELECT CAST("bonus" AS REAL) / "score" AS "ratio" FROM "player" WHERE "bonus" IS NOT NULL ORDER BY "ratio" DESC LIMIT 1"#)
            XCTAssertEqual(try Double.fetchOne(db, ratio), 0.5)
        }
    }

    func testDateFunctions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE game (id INTEGER PRIMARY KEY, date TEXT)")
            try db.execute(sql: "INSERT INTO game (date) VALUES ('2024-03-15 10:30:00')")
            let game = Table("game")

            let tomorrow = game.select(dateTime(Column("date"), .day(1)), as: String.self)
            XCTAssertEqual(try sql(db, tomorrow), #"SELECT DATETIME("date", ?) FROM "game""#)
            XCTAssertEqual(try arguments(db, tomorrow), ["+1 days"])
            XCTAssertEqual(try tomorrow.fetchOne(db), "2024-03-16 10:30:00")

            let modifiers = game.select(
                dateTime(Column("date"), .startOfMonth, .month(-1), .hour(2), .minute(-30), .second(1.5)),
                as: String.self)
            XCTAssertEqual(try sql(db, modifiers), #"SELECT DATETIME("date", ?, ?, ?, ?, ?) FROM "game""#)
            XCTAssertEqual(try arguments(db, modifiers), ["start of month", "-1 months", "+2 hours", "-30 minutes", "+1.5 seconds"])
            XCTAssertEqual(try modifiers.fetchOne(db), "2024-02-01 01:30:01")

            let nextYear = game.select(dateTime(Column("date"), .startOfYear, .year(1), .startOfDay), as: String.self)
            XCTAssertEqual(try nextYear.fetchOne(db), "2025-01-01 00:00:00")

            let julian = game.select(julianDay(Column("date"), .startOfYear), as: Double.self)
            XCTAssertEqual(try sql(db, julian), #"SELECT JULIANDAY("date", ?) FROM "game""#)
            XCTAssertEqual(try julian.fetchOne(db), 2460310.5)

            let unixEpoch = game.select(dateTime(86400.databaseValue, .unixEpoch), as: String.self)
            XCTAssertEqual(try unixEpoch.fetchOne(db), "1970-01-02 00:00:00")

            let weekday = game.select(dateTime(Column("date"), .weekday(0), .startOfDay), as: String.self)
            XCTAssertEqual(try weekday.fetchOne(db), "2024-03-17 00:00:00")
        }
    }

    func testSwiftStringFunctions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter { $0.id == 5 }
                .select { [$0.name.capitalized, $0.name.lowercased, $0.name.uppercased,
                           $0.name.localizedCapitalized, $0.name.localizedLowercased, $0.name.localizedUppercased] }
            XCTAssertEqual(try sql(db, request), """
                SELECT swiftCapitalizedString("name"), swiftLowercaseString("name"), swiftUppercaseString("name"), \
                swiftLocalizedCapitalizedString("name"), swiftLocalizedLowercaseString("name"), \
                swiftLocalizedUppercaseString("name") FROM "player" WHERE "id" = ?
                """)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row[0] as String, "Éric")
            XCTAssertEqual(row[1] as String, "éric")
            XCTAssertEqual(row[2] as String, "ÉRIC")
            XCTAssertEqual(row[5] as String, "ÉRIC")

            let capitalized = Player.filter { $0.id == 2 }.select({ $0.name.capitalized }, as: String.self)
            XCTAssertEqual(try capitalized.fetchOne(db), "Barbara")

            // Unicode-aware comparison, which SQLite's UPPER can not do.
            let eric = Player.filter { $0.name.uppercased == "ÉRIC" }
            XCTAssertEqual(try ids(db, eric), [5])
        }
    }

    func testCustomFunction() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.write { db in
            let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
                String.fromDatabaseValue(values[0]).map { String($0.reversed()) }
            }
            db.add(function: reverse)
            let request = Player.filter { $0.id <= 2 }.select({ reverse($0.name) }, as: String.self)
            XCTAssertEqual(try sql(db, request), #"SELECT reverse("name") FROM "player" WHERE "id" <= ?"#)
            XCTAssertEqual(try request.fetchAll(db), ["ruhtrA", "arabrab"])

            let filtered = Player.filter { reverse($0.name) == "giarC" }
            XCTAssertEqual(try ids(db, filtered), [3])
        }
    }

    func testCustomAggregate() throws {
        struct Product: DatabaseAggregate {
            var product: Int64 = 1
            mutating func step(_ dbValues: [DatabaseValue]) {
                if let value = Int64.fromDatabaseValue(dbValues[0]) { product *= value }
            }
            func finalize() -> (any DatabaseValueConvertible)? { product }
        }
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.write { db in
            let product = DatabaseFunction("product", argumentCount: 1, pure: true, aggregate: Product.self)
            db.add(function: product)
            let request = Player.select({ product($0.position) }, as: Int.self)
            XCTAssertEqual(try sql(db, request), #"SELECT product("position") FROM "player""#)
            XCTAssertEqual(try request.fetchOne(db), 4)
            XCTAssertEqual(try request.fetchAll(db), [4])
            XCTAssertEqual(try request.fetchCount(db), 1)
        }
    }
}
