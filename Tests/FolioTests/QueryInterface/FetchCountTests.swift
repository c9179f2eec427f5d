import Folio
import XCTest

private struct Player: TableRecord { }

/// `fetchCount` and `isEmpty`: the SQL that counts, and counts that match
/// the number of rows `fetchAll` returns.
final class FetchCountTests: FolioTestCase {
    /// Asserts that the request counts `count` rows with `sql`, and that
    /// fetching the request returns as many rows.
    private func assertCount(
        _ db: Database,
        _ request: some FetchRequest,
        _ count: Int,
        _ sql: String,
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        XCTAssertEqual(try request.fetchCount(db), count, file: file, line: line)
        XCTAssertEqual(lastSQLQuery, sql, file: file, line: line)
        XCTAssertEqual(try Row.fetchAll(db, request).count, count, "fetchAll", file: file, line: line)
    }

    func testCountAll() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try Player.fetchCount(db), 6)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player""#)
            try assertCount(db, Player.all(), 6, #"SELECT COUNT(*) FROM "player""#)
            try assertCount(db, Table("team").all(), 3, #"SELECT COUNT(*) FROM "team""#)
        }
    }

    func testCountIgnoresOrderingAndSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(
                db, Player.filter { $0.email != nil }.order(\.name).select { [$0.name, $0.score] },
                4, #"SELECT COUNT(*) FROM "player" WHERE "email" IS NOT NULL"#)
            try assertCount(db, Player.order(\.score.desc).reversed(), 6, #"SELECT COUNT(*) FROM "player""#)
        }
    }

    func testCountOfNone() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(db, Player.none(), 0, #"SELECT COUNT(*) FROM "player" WHERE ?"#)
            try assertCount(db, Player.filter { $0.score > 600 }.none(), 0, #"SELECT COUNT(*) FROM "player" WHERE ("score" > ?) AND ?"#)
        }
    }

    func testCountDistinctSingleNotNullColumn() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(
                db, Player.select(\.isVerified).distinct(),
                2, #"SELECT COUNT(DISTINCT "isVerified") FROM "player""#)
            try assertCount(
                db, Player.select(\.id).distinct(),
                6, #"SELECT COUNT(DISTINCT "id") FROM "player""#)
            try assertCount(
                db, Player.filter { $0.score > 100 }.select(\.isVerified).distinct(),
                2, #"SELECT COUNT(DISTINCT "isVerified") FROM "player" WHERE "score" > ?"#)
        }
    }

    func testCountDistinctNullableColumnCountsTheNullRow() throws {
        try makeTeamAndPlayerDatabase().read { db in
            // COUNT(DISTINCT teamId) would be 3: SELECT DISTINCT returns 4
            // rows, NULL included.
            try assertCount(
                db, Player.select(\.teamId).distinct(),
                4, #"SELECT COUNT(*) FROM (SELECT DISTINCT "teamId" FROM "player")"#)
            try assertCount(
                db, Player.select { $0.score / 100 }.distinct(),
                5, #"SELECT COUNT(*) FROM (SELECT DISTINCT "score" / ? FROM "player")"#)
        }
    }

    func testCountDistinctSeveralColumns() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(
                db, Player.select { [$0.isVerified, $0.position] }.distinct(),
                3, #"SELECT COUNT(*) FROM (SELECT DISTINCT "isVerified", "position" FROM "player")"#)
            try assertCount(
                db, Player.all().distinct(),
                6, #"SELECT COUNT(*) FROM (SELECT DISTINCT * FROM "player")"#)
        }
    }

    func testCountGroupedRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(
                db, Player.select(\.teamId).group(\.teamId),
                4, #"SELECT COUNT(*) FROM (SELECT "teamId" FROM "player" GROUP BY "teamId")"#)
            try assertCount(
                db, Player.select(\.teamId).group(\.teamId).having { count($0.id) > 1 }.order(\.teamId),
                2, #"SELECT COUNT(*) FROM (SELECT "teamId" FROM "player" GROUP BY "teamId" HAVING COUNT("id") > ?)"#)
        }
    }

    func testCountLimitedRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(db, Player.limit(2), 2, #"SELECT COUNT(*) FROM (SELECT * FROM "player" LIMIT 2)"#)
            try assertCount(db, Player.limit(10, offset: 4), 2, #"SELECT COUNT(*) FROM (SELECT * FROM "player" LIMIT 10 OFFSET 4)"#)
            try assertCount(
                db, Player.order(\.score).limit(3),
                3, #"SELECT COUNT(*) FROM (SELECT * FROM "player" ORDER BY "score" LIMIT 3)"#)
        }
    }

    func testCountAggregatedRequestIsOneRow() throws {
        try makeTeamAndPlayerDatabase().read { db in
            try assertCount(
                db, Player.select { max($0.score) },
                1, #"SELECT COUNT(*) FROM (SELECT MAX("score") FROM "player")"#)
            try assertCount(
                db, Player.filter { $0.score > 5000 }.select { count($0.id) },
                1, #"SELECT COUNT(*) FROM (SELECT COUNT("id") FROM "player" WHERE "score" > ?)"#)
            try assertCount(
                db, Player.select { (max($0.score) - min($0.score)).forKey("range") },
                1, #"SELECT COUNT(*) FROM (SELECT MAX("score") - MIN("score") AS "range" FROM "player")"#)
            // A limit that skips the only row of an aggregate.
            try assertCount(
                db, Player.select { max($0.score) }.limit(1, offset: 1),
                0, #"SELECT COUNT(*) FROM (SELECT MAX("score") FROM "player" LIMIT 1 OFFSET 1)"#)
        }
    }

    func testCountRequestWithRawSQLSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            // Raw SQL may contain an aggregate: the count goes through a
            // subquery.
            try assertCount(
                db, Player.select(sql: "MAX(score), MIN(score)"),
                1, #"SELECT COUNT(*) FROM (SELECT MAX(score), MIN(score) FROM "player")"#)
            try assertCount(
                db, Player.select(literal: "name, \(1)"),
                6, #"SELECT COUNT(*) FROM (SELECT name, ? FROM "player")"#)
            try assertCount(
                db, Player.select(SQL("COUNT(*)").sqlExpression + 1),
                1, #"SELECT COUNT(*) FROM (SELECT (COUNT(*)) + ? FROM "player")"#)
        }
    }

    func testIsEmpty() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertTrue(try Player.filter { $0.score > 5000 }.isEmpty(db))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "score" > ?)"#)

            XCTAssertFalse(try Player.filter { $0.score > 500 }.order(\.name).isEmpty(db))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "score" > ?)"#)

            XCTAssertFalse(try Player.all().isEmpty(db))
            XCTAssertTrue(try Player.none().isEmpty(db))
            XCTAssertTrue(try Player.order(\.id).limit(1, offset: 6).isEmpty(db))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" ORDER BY "id" LIMIT 1 OFFSET 6)"#)

            // An aggregate returns one row, even without any player.
            let aggregate = Player.filter { $0.score > 5000 }.select { max($0.score) }
            XCTAssertFalse(try aggregate.isEmpty(db))
            XCTAssertEqual(try Row.fetchAll(db, aggregate).count, 1)

            XCTAssertFalse(try Table("team").all().isEmpty(db))
        }
    }
}
