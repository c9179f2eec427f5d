import Folio
import Foundation
import XCTest

/// Runs the samples of Documentation/QueryInterface.md about bitwise
/// operators, filtered aggregates, scalar min/max, date functions, and
/// the SQL literals of "Embedding SQL in Requests".
final class QueryInterfaceSQLVocabularyGuideTests: FolioTestCase {
    typealias Player = QueryInterfaceGuide.Player

    private func makeFixtureQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try QueryInterfaceGuide.createTables(db)
            try QueryInterfaceGuide.insertFixtures(db)
            try db.execute(sql: """
                CREATE TABLE event (id INTEGER PRIMARY KEY, createdAt DATETIME);
                INSERT INTO event (createdAt) VALUES ('2020-01-23 12:34:56');
                CREATE TABLE "group" (id INTEGER PRIMARY KEY);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    private func requestSQL(_ db: Database, _ request: some FetchRequest) throws -> String {
        try request.makePreparedRequest(db).statement.sql
    }

    // MARK: SQL Operators

    func testBitwiseOperators() throws {
        try makeFixtureQueue().read { db in
            // SELECT * FROM player WHERE score & 1
            let odd = Player.filter { $0.score & 1 }
            XCTAssertEqual(try requestSQL(db, odd), #"SELECT * FROM "player" WHERE "score" & ?"#)
            XCTAssertEqual(try odd.fetchAll(db).map(\.id), [])

            // SELECT score | bonus FROM player
            let or = Player.select({ $0.score | $0.bonus }, as: Int.self).order(Column("id"))
            XCTAssertEqual(try requestSQL(db, or), #"SELECT "score" | "bonus" FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try or.fetchAll(db), [1000 | 10, 2000, 5, 500 | 50, 1500])

            // SELECT score | bonus | 4 FROM player
            let joined = Player.select({ [$0.score, $0.bonus, 4.databaseValue].joined(operator: .bitwiseOr) }, as: Int.self).order(Column("id"))
            XCTAssertEqual(try requestSQL(db, joined), #"SELECT "score" | "bonus" | ? FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try joined.fetchAll(db), [1000 | 10 | 4, 2000 | 4, 5 | 4, 500 | 50 | 4, 1500 | 4])
        }
    }

    // MARK: SQL Functions

    func testFilteredAggregatesAndScalarMinMax() throws {
        try makeFixtureQueue().read { db in
            // SELECT SUM(score) FILTER (WHERE isVerified) FROM player
            let verifiedScore = Player.select({ sum($0.score, filter: $0.isVerified) }, as: Int.self)
            XCTAssertEqual(try requestSQL(db, verifiedScore), #"SELECT SUM("score") FILTER (WHERE "isVerified") FROM "player""#)
            XCTAssertEqual(try verifiedScore.fetchOne(db), 3000)

            // SELECT MAX(score) FILTER (WHERE teamId = 1), MAX(score) FILTER (WHERE teamId = 2) FROM player
            let maxima = Player.select { [max($0.score, filter: $0.teamId == 1), max($0.score, filter: $0.teamId == 2)] }
            XCTAssertEqual(
                try requestSQL(db, maxima),
                #"SELECT MAX("score") FILTER (WHERE "teamId" = ?), MAX("score") FILTER (WHERE "teamId" = ?) FROM "player""#)
            let row = try XCTUnwrap(Row.fetchOne(db, maxima))
            XCTAssertEqual(row[0] as Int, 2000)
            XCTAssertEqual(row[1] as Int, 1500)

            // SELECT MAX(score, bonus, 100) FROM player
            let scalar = Player.select({ max($0.score, $0.bonus, 100) }, as: Int.self).order(Column("id"))
            XCTAssertEqual(try requestSQL(db, scalar), #"SELECT MAX("score", "bonus", ?) FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try scalar.fetchAll(db), [1000, 2000, 100, 500, 1500])

            // SELECT DATETIME(createdAt, '+1 days', 'start of day') FROM event
            let nextDay = Table("event").select({ dateTime($0.createdAt, .day(1), .startOfDay) }, as: String.self)
            XCTAssertEqual(try requestSQL(db, nextDay), #"SELECT DATETIME("createdAt", ?, ?) FROM "event""#)
            XCTAssertEqual(try nextDay.fetchOne(db), "2020-01-24 00:00:00")
        }
    }

    // MARK: Embedding SQL in Requests

    func testInterpolatedValues() throws {
        try makeFixtureQueue().read { db in
            // SELECT * FROM player WHERE name = ? AND id IN (?, ?, ?)
            let name = "O'Brien"
            let ids = [1, 2, 3]
            let request: SQLRequest<Player> = "SELECT * FROM player WHERE name = \(name) AND id IN \(ids)"
            XCTAssertEqual(try requestSQL(db, request), "SELECT * FROM player WHERE name = ? AND id IN (?, ?, ?)")
            XCTAssertEqual(try request.fetchAll(db).count, 0)

            // SELECT * FROM player WHERE id IN (SELECT NULL WHERE NULL)
            let noIds: [Int] = []
            let none: SQLRequest<Player> = "SELECT * FROM player WHERE id IN \(noIds)"
            XCTAssertEqual(try requestSQL(db, none), "SELECT * FROM player WHERE id IN (SELECT NULL WHERE NULL)")
            XCTAssertEqual(try none.fetchAll(db).count, 0)
        }
    }

    func testInterpolatedExpressionsTablesAndRequests() throws {
        try makeFixtureQueue().write { db in
            // SELECT (score + ?) * 2 AS doubledScore FROM player
            let bonus = 10
            let doubled: SQLRequest<Row> = "SELECT \(Column("score") + bonus) * 2 AS doubledScore FROM player"
            XCTAssertEqual(try requestSQL(db, doubled), #"SELECT ("score" + ?) * 2 AS doubledScore FROM player"#)
            XCTAssertEqual(try Row.fetchOne(db, doubled)?["doubledScore"], 2020)

            // SELECT "player".* FROM "player" WHERE "score" > ?
            let request: SQLRequest<Player> = """
                SELECT \(columnsOf: Player.self) FROM \(Player.self) WHERE \(Player.Columns.score) > \(1000)
                """
            XCTAssertEqual(try requestSQL(db, request), #"SELECT "player".* FROM "player" WHERE "score" > ?"#)
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [2, 5])

            // INSERT INTO "group" DEFAULT VALUES
            let insert: SQL = "INSERT INTO \(identifier: "group") DEFAULT VALUES"
            try db.execute(literal: insert)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "group" DEFAULT VALUES"#)

            // SELECT * FROM player WHERE score = (SELECT MAX("score") FROM "player")
            let maximumScore = Player.select { max($0.score) }
            let best: SQLRequest<Player> = "SELECT * FROM player WHERE score = (\(maximumScore))"
            XCTAssertEqual(try requestSQL(db, best), #"SELECT * FROM player WHERE score = (SELECT MAX("score") FROM "player")"#)
            XCTAssertEqual(try best.fetchAll(db).map(\.id), [2])

            let selection: SQL = "SELECT \(.allColumns), \(Column("score").forKey("points")) FROM player ORDER BY \(Column("score").desc)"
            XCTAssertEqual(try selection.build(db).sql, #"SELECT *, "score" AS "points" FROM player ORDER BY "score" DESC"#)

            // SELECT name, score + bonus AS total FROM player
            let total: SQL = "\(Column("score")) + \(Column("bonus"))"
            let totals = Player.select(literal: "name, \(total) AS total")
            XCTAssertEqual(try requestSQL(db, totals), #"SELECT name, "score" + "bonus" AS total FROM "player""#)
        }
    }

    func testSQLFunctionsAndJoinedLiterals() throws {
        try makeFixtureQueue().read { db in
            // SELECT * FROM player WHERE DATE(createdAt) = '2020-01-23'
            func date(_ value: some SQLSpecificExpressible) -> SQLExpression {
                SQL("DATE(\(value))").sqlExpression
            }
            let request = Table("event").filter { date($0.createdAt) == "2020-01-23" }
            XCTAssertEqual(try requestSQL(db, request), #"SELECT * FROM "event" WHERE (DATE("createdAt")) = ?"#)
            XCTAssertEqual(try Row.fetchAll(db, request).count, 1)

            // SELECT * FROM player WHERE score > ? ORDER BY name
            let parts: [SQL] = ["SELECT * FROM player", "WHERE score > \(1000)", "ORDER BY name"]
            let query = parts.joined(separator: " ")
            XCTAssertEqual(try query.build(db).sql, "SELECT * FROM player WHERE score > ? ORDER BY name")
            XCTAssertEqual(try Player.fetchAll(db, SQLRequest(literal: query)).map(\.id), [2, 5])
        }
    }
}
