import Folio
import XCTest

private struct Player: TableRecord { }

/// The closure and key-path spellings of GRDB 7's query interface:
/// `$0.name` and `\.name` are the columns of the record.
final class DatabaseComponentsTests: FolioTestCase {
    func testDocumentedRequestSpellings() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(
                try sql(db, Player.filter { $0.email != nil }.order(\.name)),
                #"SELECT * FROM "player" WHERE "email" IS NOT NULL ORDER BY "name""#)
            XCTAssertEqual(try sql(db, Player.select(\.name, as: String.self)), #"SELECT "name" FROM "player""#)
            XCTAssertEqual(try sql(db, Player.select(\.name, as: String.self).distinct()), #"SELECT DISTINCT "name" FROM "player""#)
            XCTAssertEqual(try sql(db, Player.filter { [1, 2, 3].contains($0.id) }), #"SELECT * FROM "player" WHERE "id" IN (?, ?, ?)"#)
            XCTAssertEqual(
                try sql(db, Player.filter { $0.name != nil && $0.height > 1.75 }),
                #"SELECT * FROM "player" WHERE ("name" IS NOT NULL) AND ("height" > ?)"#)
            XCTAssertEqual(try ids(db, Player.filter { $0.name != nil && $0.height > 1.75 }), [1, 3, 5])
            XCTAssertEqual(
                try sql(db, Player.select { [$0.name, max($0.score)] }.group(\.name)),
                #"SELECT "name", MAX("score") FROM "player" GROUP BY "name""#)
            XCTAssertEqual(
                try sql(db, Player.select { [$0.teamId, max($0.score)] }.group(\.teamId).having { min($0.score) >= 500 }),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY "teamId" HAVING MIN("score") >= ?"#)
            XCTAssertEqual(try sql(db, Player.order(\.score.desc)), #"SELECT * FROM "player" ORDER BY "score" DESC"#)
            XCTAssertEqual(try sql(db, Player.order { [$0.score.desc, $0.name] }), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            XCTAssertEqual(try sql(db, Player.order(\.name.ascNullsLast)), #"SELECT * FROM "player" ORDER BY "name" ASC NULLS LAST"#)
            XCTAssertEqual(try sql(db, Player.order(\.score).order(\.name)), #"SELECT * FROM "player" ORDER BY "name""#)
            XCTAssertEqual(
                try sql(db, Player.annotated { ($0.score + $0.bonus).forKey("total") }),
                #"SELECT *, "score" + "bonus" AS "total" FROM "player""#)
            XCTAssertEqual(try sql(db, Player.filter { $0.score === 1000 }), #"SELECT * FROM "player" WHERE "score" IS ?"#)
            XCTAssertEqual(
                try sql(db, Player.filter { !$0.isVerified || $0.score < 1000 }),
                #"SELECT * FROM "player" WHERE (NOT "isVerified") OR ("score" < ?)"#)
            XCTAssertEqual(try ids(db, Player.filter { !$0.isVerified || $0.score < 1000 }), [2, 4, 5, 6])
        }
    }

    func testChainedRequestMethods() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter { $0.name != nil }
                .filter { $0.email != nil }
                .order(\.name)
                .reversed()
                .order(\.score)
                .limit(20, offset: 40)
                .limit(10)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE ("name" IS NOT NULL) AND ("email" IS NOT NULL) ORDER BY "score" LIMIT 10"#)
            XCTAssertEqual(try ids(db, request), [2, 5, 1])
        }
    }

    func testSelectionClosures() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let maxScore = Player.select { max($0.score) }
            XCTAssertEqual(try Int.fetchOne(db, maxScore), 1000)

            let typed = Player.select({ max($0.score) }, as: Int.self)
            XCTAssertEqual(try typed.fetchOne(db), 1000)

            let row = try XCTUnwrap(Row.fetchOne(db, Player.select { [min($0.score), max($0.score)] }))
            XCTAssertEqual(row[0] as Int, 10)
            XCTAssertEqual(row[1] as Int, 1000)

            let fahrenheit = Player.filter { $0.id == 1 }.select { ($0.height * 1.8 + 32).forKey("fahrenheit") }
            XCTAssertEqual(try sql(db, fahrenheit), #"SELECT ("height" * ?) + ? AS "fahrenheit" FROM "player" WHERE "id" = ?"#)

            let sum = Player.filter { $0.id == 1 }.select { [$0.score, $0.bonus, 1000.databaseValue].joined(operator: .add) }
            XCTAssertEqual(try Int.fetchOne(db, sum), 2010)

            let ifNull = Player.order(\.id).select { $0.name ?? "Anonymous" }
            XCTAssertEqual(try String.fetchAll(db, ifNull)[3], "Anonymous")

            let teamCount = Player.select { count(distinct: $0.teamId) }
            XCTAssertEqual(try sql(db, teamCount), #"SELECT COUNT(DISTINCT "teamId") FROM "player""#)
            XCTAssertEqual(try Int.fetchOne(db, teamCount), 3)
        }
    }

    func testBitwiseOperators() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.id == 6 }.select {
                [($0.score & 0xFF).forKey("and"), ($0.bonus | 1).forKey("or"), (~$0.position).forKey("not"),
                 ($0.position << 4).forKey("left"), ($0.score >> 2).forKey("right"), ($0.score & $0.bonus & 0x1F).forKey("and3")]
            }
            XCTAssertEqual(try sql(db, request), """
                SELECT "score" & ? AS "and", "bonus" | ? AS "or", ~"position" AS "not", \
                "position" << ? AS "left", "score" >> ? AS "right", "score" & "bonus" & ? AS "and3" \
                FROM "player" WHERE "id" = ?
                """)
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row["and"] as Int, 250 & 0xFF)
            XCTAssertEqual(row["or"] as Int, 31)
            XCTAssertEqual(row["not"] as Int, ~2)
            XCTAssertEqual(row["left"] as Int, 32)
            XCTAssertEqual(row["right"] as Int, 62)
            XCTAssertEqual(row["and3"] as Int, 250 & 30 & 0x1F)

            let rocky = Player.filter { $0.score & 2 != 0 }
            XCTAssertEqual(try sql(db, rocky), #"SELECT * FROM "player" WHERE ("score" & ?) <> ?"#)
            XCTAssertEqual(try ids(db, rocky), [4, 5, 6]) // 10, 750 and 250 have their second bit set
        }
    }

    func testDetachedColumn() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter { $0.bonus != nil }
                .select { ($0.score + $0.bonus).forKey("total") }
                .order(Column("total").detached.desc)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "score" + "bonus" AS "total" FROM "player" WHERE "bonus" IS NOT NULL ORDER BY "total" DESC"#)
            XCTAssertEqual(try Int.fetchAll(db, request), [1010, 750, 520, 280, 15])

            let alias = TableAlias<Player>(name: "p")
            let aliased = Player.aliased(alias)
                .select { [$0.id, ($0.score * 2).forKey("double")] }
                .filter(Column("id") < 3)
                .order(Column("double").detached, Column("id"))
            XCTAssertEqual(
                try sql(db, aliased),
                #"SELECT "p"."id", "p"."score" * ? AS "double" FROM "player" "p" WHERE "p"."id" < ? ORDER BY "double", "p"."id""#)
            XCTAssertEqual(try ids(db, aliased), [2, 1])
        }
    }

    func testComponentsOfTableRequests() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Table("team").filter { $0.color != nil }.order { $0.name.desc }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "team" WHERE "color" IS NOT NULL ORDER BY "name" DESC"#)
            XCTAssertEqual(try ids(db, request), [1, 2])
        }
    }
}
