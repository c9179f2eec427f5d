import Folio
import XCTest

private struct Player: TableRecord { }

/// `updateAll`: column assignments, the UPDATE statement of a request,
/// and the updated rows.
final class UpdateAllTests: FolioTestCase {
    private func column(_ db: Database, _ name: String) throws -> [DatabaseValue] {
        try DatabaseValue.fetchAll(db, sql: "SELECT \(name) FROM player ORDER BY id")
    }

    func testUpdateAllWithAssignments() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.updateAll(db, Column("score").set(to: 0)), 6)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?"#)
            XCTAssertEqual(try column(db, "score"), Array(repeating: 0.databaseValue, count: 6))

            XCTAssertEqual(try Player.updateAll(db, Column("score").set(to: 1), Column("bonus") += 1), 6)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?, "bonus" = "bonus" + ?"#)
            XCTAssertEqual(try column(db, "bonus"), [11, 21, nil, 6, 1, 31].map { $0.databaseValue })

            XCTAssertEqual(try Player.updateAll(db, [Column("bonus").set(to: nil)]), 6)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "bonus" = ?"#)
            XCTAssertEqual(try column(db, "bonus"), Array(repeating: .null, count: 6))
        }
    }

    func testUpdateAllWithClosures() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.updateAll(db) { [$0.score.set(to: 0), $0.isVerified.set(to: true), $0.bonus.set(to: nil)] }, 6)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?, "isVerified" = ?, "bonus" = ?"#)
            XCTAssertEqual(try column(db, "isVerified"), Array(repeating: 1.databaseValue, count: 6))

            XCTAssertEqual(try Player.filter { $0.teamId == 1 }.updateAll(db) { $0.score.set(to: 7) }, 2)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ? WHERE "teamId" = ?"#)
            XCTAssertEqual(try column(db, "score"), [7, 7, 0, 0, 0, 0].map { $0.databaseValue })

            XCTAssertEqual(try Player.all().updateAll(db) { [$0.score += 1] }, 6)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ?"#)
        }
    }

    func testCompoundAssignmentOperators() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let arthur = Player.filter { $0.id == 1 }
            XCTAssertEqual(try arthur.updateAll(db) { $0.score += 100 }, 1)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ? WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 1100)

            try arthur.updateAll(db) { $0.score -= 50 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" - ? WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 1050)

            try arthur.updateAll(db) { $0.score *= 2 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" * ? WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 2100)

            try arthur.updateAll(db) { $0.score /= 3 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" / ? WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 700)

            // The right operand is kept together.
            try arthur.updateAll(db) { $0.score -= $0.bonus - $0.position }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" - ("bonus" - "position") WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 691)

            try arthur.updateAll(db) { $0.score /= $0.bonus - 1 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" / ("bonus" - ?) WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 76)
        }
    }

    func testAssignmentOfExpressions() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.filter { $0.bonus != nil }.updateAll(db) { $0.score.set(to: $0.score + $0.bonus * 2) }, 5)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ("bonus" * ?) WHERE "bonus" IS NOT NULL"#)
            XCTAssertEqual(try column(db, "score"), [1020, 540, 1000, 20, 750, 310].map { $0.databaseValue })

            try Player.updateAll(db) { $0.score += $0.bonus * 2 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ("bonus" * ?)"#)

            try Player.updateAll(db) { $0.email.set(to: $0.name.lowercased ?? "nobody") }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "email" = IFNULL(swiftLowercaseString("name"), ?)"#)
            XCTAssertEqual(try column(db, "email")[3], "nobody".databaseValue)
        }
    }

    func testUpdateWithLimitGoesThroughRowID() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.order(\.score.desc).limit(2).updateAll(db) { $0.isVerified.set(to: false) }, 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"UPDATE "player" SET "isVerified" = ? ORDER BY "score" DESC LIMIT 2"#)
            XCTAssertEqual(try column(db, "isVerified"), [0, 0, 0, 0, 1, 0].map { $0.databaseValue })
        }
    }

    func testUpdateWithConflictResolution() throws {
        try makeTeamAndPlayerDatabase().write { db in
            try db.execute(sql: "CREATE UNIQUE INDEX player_team_position ON player(teamId, position)")
            let barbara = Player.filter { $0.id == 2 }

            assertDatabaseError(
                sql: #"UPDATE "player" SET "position" = ? WHERE "id" = ?"#,
                message: "UNIQUE constraint failed: player.teamId, player.position")
            {
                try barbara.updateAll(db) { $0.position.set(to: 1) }
            }

            XCTAssertEqual(try barbara.updateAll(db, onConflict: .ignore) { $0.position.set(to: 1) }, 0)
            XCTAssertEqual(lastSQLQuery, #"UPDATE OR IGNORE "player" SET "position" = ? WHERE "id" = ?"#)
            XCTAssertEqual(try column(db, "position")[1], 2.databaseValue)

            XCTAssertEqual(try barbara.updateAll(db, onConflict: .replace, Column("position").set(to: 1)), 1)
            XCTAssertEqual(lastSQLQuery, #"UPDATE OR REPLACE "player" SET "position" = ? WHERE "id" = ?"#)
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player ORDER BY id"), [2, 3, 4, 5, 6])

            XCTAssertEqual(try Player.updateAll(db, onConflict: .ignore) { [$0.position.set(to: 1)] }, 4)
            XCTAssertEqual(lastSQLQuery, #"UPDATE OR IGNORE "player" SET "position" = ?"#)
        }
    }

    func testUpdateWithCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let nameCTE = CommonTableExpression(named: "playerName", literal: "SELECT \("O'Brien")")
            XCTAssertEqual(try Player.with(nameCTE).filter { $0.name == nil }.updateAll(db) { $0.name.set(to: nameCTE.all()) }, 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "playerName" AS (SELECT ?) UPDATE "player" SET "name" = (SELECT * FROM "playerName") WHERE "name" IS NULL"#)
            XCTAssertEqual(try column(db, "name")[3], "O'Brien".databaseValue)
        }
    }

    func testUpdateWithCorrelatedSubquery() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let playerAlias = TableAlias<Player>(name: "p")
            let teamName = Table("team").filter(Column("id") == playerAlias.teamId).select(Column("name"))
            XCTAssertEqual(try Player.aliased(playerAlias).updateAll(db) { $0.email.set(to: teamName) }, 6)
            XCTAssertEqual(
                lastSQLQuery,
                #"UPDATE "player" AS "p" SET "email" = (SELECT "name" FROM "team" WHERE "id" = "p"."teamId")"#)
            XCTAssertEqual(
                try column(db, "email"),
                ["Reds", "Reds", "Blues", nil, "Greens", "Greens"].map { $0.databaseValue })
        }
    }

    func testUpdateWithoutAssignmentDoesNothing() throws {
        try makeTeamAndPlayerDatabase().write { db in
            clearSQLQueries()
            XCTAssertEqual(try Player.updateAll(db, []), 0)
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testUpdateTable() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let teams = Table("team")
            XCTAssertEqual(try teams.updateAll(db, Column("color").set(to: "green")), 3)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "team" SET "color" = ?"#)
            XCTAssertEqual(try teams.filter(Column("id") == 1).updateAll(db, Column("color").set(to: "crimson")), 1)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "team" SET "color" = ? WHERE "id" = ?"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT color FROM team ORDER BY id"), ["crimson", "green", "green"])
        }
    }
}
