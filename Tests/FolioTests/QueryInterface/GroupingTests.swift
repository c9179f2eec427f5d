import Folio
import XCTest

private struct Player: TableRecord { }

/// `group` and `having`.
final class GroupingTests: FolioTestCase {
    func testGroupBy() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select { [$0.teamId, max($0.score).forKey("best"), count($0.id).forKey("count")] }
                .group(\.teamId)
                .order(\.teamId)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "teamId", MAX("score") AS "best", COUNT("id") AS "count" FROM "player" GROUP BY "teamId" ORDER BY "teamId""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["teamId"] as Int? }, [nil, 1, 2, 42])
            XCTAssertEqual(rows.map { $0["best"] as Int }, [10, 1000, 1000, 750])
            XCTAssertEqual(rows.map { $0["count"] as Int }, [1, 2, 1, 2])
        }
    }

    func testGroupBySeveralExpressionsReplacesGrouping() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select { [$0.isVerified, $0.score / 500, count($0.id)] }
                .group(\.teamId)
                .group { [$0.isVerified, $0.score / 500] }
                .order { [$0.isVerified, $0.score / 500] }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "isVerified", "score" / ?, COUNT("id") FROM "player" GROUP BY "isVerified", "score" / ? ORDER BY "isVerified", "score" / ?"#)
            XCTAssertEqual(try arguments(db, request), [500, 500, 500])
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { [$0[0] as Int, $0[1] as Int, $0[2] as Int] }, [[0, 0, 2], [0, 1, 1], [1, 1, 1], [1, 2, 2]])
        }
    }

    func testHaving() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select { [$0.teamId, max($0.score)] }
                .group(\.teamId)
                .having { min($0.score) >= 500 }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY "teamId" HAVING MIN("score") >= ?"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0[0] as Int }, [1, 2])

            // Successive having conditions are joined with AND.
            let twice = request.having(count(Column("id")) > 1)
            XCTAssertEqual(
                try sql(db, twice),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY "teamId" HAVING (MIN("score") >= ?) AND (COUNT("id") > ?)"#)
            XCTAssertEqual(try Row.fetchAll(db, twice).map { $0[0] as Int }, [1])

            let rawSQL = Player.select(Column("teamId")).group(Column("teamId")).having(sql: "COUNT(*) = ?", arguments: [2]).order(Column("teamId"))
            XCTAssertEqual(
                try sql(db, rawSQL),
                #"SELECT "teamId" FROM "player" GROUP BY "teamId" HAVING COUNT(*) = ? ORDER BY "teamId""#)
            XCTAssertEqual(try Int.fetchAll(db, rawSQL), [1, 42])
        }
    }

    func testRawSQLGrouping() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(sql: "score / 500, COUNT(*)")
                .filter(sql: "name IS NOT ?", arguments: ["Arthur"])
                .group(sql: "score / 500")
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT score / 500, COUNT(*) FROM "player" WHERE name IS NOT ? GROUP BY score / 500"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { [$0[0] as Int, $0[1] as Int] }, [[0, 2], [1, 2], [2, 1]])
        }
    }

    func testAliasingAfterGrouping() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let alias = TableAlias<Player>(name: "p")
            let request = Player
                .select { [$0.teamId, count($0.id)] }
                .group(\.teamId)
                .having { count($0.id) > 1 }
                .aliased(alias)
                .order(alias.teamId)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "p"."teamId", COUNT("p"."id") FROM "player" "p" GROUP BY "p"."teamId" HAVING COUNT("p"."id") > ? ORDER BY "p"."teamId""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0[0] as Int }, [1, 42])
        }
    }
}
