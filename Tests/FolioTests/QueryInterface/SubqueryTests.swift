import Folio
import XCTest

private struct Player: TableRecord { }
private struct Team: TableRecord { }

/// Requests used as subqueries: `IN (request)`, `contains`, `exists()`,
/// scalar subqueries, correlated subqueries with `TableAlias`, and SQL
/// requests as subqueries.
final class SubqueryTests: FolioTestCase {
    func testRequestContains() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let redTeamIDs = Team.filter { $0.color == "red" }.select(\.id)
            let request = Player.filter { redTeamIDs.contains($0.teamId) }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" = ?)"#)
            XCTAssertEqual(try arguments(db, request), ["red"])
            XCTAssertEqual(try ids(db, request), [1, 2])

            let notIn = Player.filter { !redTeamIDs.contains($0.teamId) }
            XCTAssertEqual(
                try sql(db, notIn),
                #"SELECT * FROM "player" WHERE "teamId" NOT IN (SELECT "id" FROM "team" WHERE "color" = ?)"#)
            XCTAssertEqual(try ids(db, notIn), [3, 5, 6])

            let sqlRequest = SQLRequest<Int64>(sql: "SELECT id FROM team WHERE color = ?", arguments: ["blue"])
            let fromSQL = Player.filter { sqlRequest.contains($0.teamId) }
            XCTAssertEqual(try sql(db, fromSQL), #"SELECT * FROM "player" WHERE "teamId" IN (SELECT id FROM team WHERE color = ?)"#)
            XCTAssertEqual(try ids(db, fromSQL), [3])
        }
    }

    func testArgumentsFollowTheOrderOfTheSQL() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let otherTeams = Team.filter { $0.name != "Reds" }.select(\.id)
            let request = Player
                .select { [$0.id, ($0.score + 1).forKey("next")] }
                .filter { $0.score > 100 && otherTeams.contains($0.teamId) && $0.position == 1 }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "id", "score" + ? AS "next" FROM "player" WHERE ("score" > ?) AND ("teamId" IN (SELECT "id" FROM "team" WHERE "name" <> ?)) AND ("position" = ?)"#)
            XCTAssertEqual(try arguments(db, request), [1, 100, "Reds", 1])
            XCTAssertEqual(try ids(db, request), [3, 5])
        }
    }

    func testScalarSubqueries() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let maximumScore = Player.select { max($0.score) }
            let best = Player.filter { $0.score == maximumScore }
            XCTAssertEqual(
                try sql(db, best),
                #"SELECT * FROM "player" WHERE "score" = (SELECT MAX("score") FROM "player" "player1")"#)
            XCTAssertEqual(try ids(db, best), [1, 3])

            let sqlMaximum = SQLRequest<Int>(sql: "SELECT max(score) FROM player")
            let sqlBest = Player.filter { $0.score == sqlMaximum }
            XCTAssertEqual(try sql(db, sqlBest), #"SELECT * FROM "player" WHERE "score" = (SELECT max(score) FROM player)"#)
            XCTAssertEqual(try ids(db, sqlBest), [1, 3])

            let averageScore = Player.select(average(Column("score")))
            let aboveAverage = Player.filter { $0.score >= averageScore }
            XCTAssertEqual(try ids(db, aboveAverage), [1, 3, 5])
        }
    }

    func testExistsWithTableAlias() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let teamAlias = TableAlias<Team>()
            let bestPlayer = Player.filter { $0.teamId == teamAlias.id && $0.score > 900 }
            let teams = Team.aliased(teamAlias).filter(bestPlayer.exists())
            XCTAssertEqual(
                try sql(db, teams),
                #"SELECT * FROM "team" WHERE EXISTS (SELECT * FROM "player" WHERE ("teamId" = "team"."id") AND ("score" > ?))"#)
            XCTAssertEqual(try ids(db, teams), [1, 2])

            let others = Team.aliased(teamAlias).filter(!bestPlayer.exists())
            XCTAssertEqual(
                try sql(db, others),
                #"SELECT * FROM "team" WHERE NOT EXISTS (SELECT * FROM "player" WHERE ("teamId" = "team"."id") AND ("score" > ?))"#)
            XCTAssertEqual(try ids(db, others), [42])
        }
    }

    func testCorrelatedSubqueryOnTheSameTable() throws {
        try makeTeamAndPlayerDatabase().read { db in
            // Named alias
            let coachAlias = TableAlias<Player>(name: "coach")
            let coachedPlayer = Player.filter { $0.coachId == coachAlias.id }
            let coaches = Player.aliased(coachAlias).filter(coachedPlayer.exists())
            XCTAssertEqual(
                try sql(db, coaches),
                #"SELECT "coach".* FROM "player" "coach" WHERE EXISTS (SELECT * FROM "player" WHERE "coachId" = "coach"."id")"#)
            XCTAssertEqual(try ids(db, coaches), [1, 3])

            // Unnamed alias: the inner table gets another name.
            let alias = TableAlias<Player>()
            let coached = Player.filter { $0.coachId == alias.id }
            let unnamedCoaches = Player.aliased(alias).filter(coached.exists())
            XCTAssertEqual(
                try sql(db, unnamedCoaches),
                #"SELECT * FROM "player" WHERE EXISTS (SELECT * FROM "player" "player1" WHERE "coachId" = "player"."id")"#)
            XCTAssertEqual(try ids(db, unnamedCoaches), [1, 3])

            // Correlated scalar subquery in the selection.
            let coachName = Player.filter { $0.id == alias.coachId }.select(\.name)
            let request = Player.aliased(alias).filter { $0.coachId != nil }.select { [$0.id, coachName.forKey("coachName")] }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "id", (SELECT "name" FROM "player" "player1" WHERE "id" = "player"."coachId") AS "coachName" FROM "player" WHERE "coachId" IS NOT NULL"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["coachName"] as String }, ["Arthur", "Arthur", "Craig", "Craig"])
        }
    }

    func testTableAliasSubscripts() throws {
        try makeTeamAndPlayerDatabase().read { db in
            enum Columns: String, ColumnExpression { case score }
            let alias = TableAlias<Player>(name: "p")
            let request = Player.aliased(alias)
                .filter(alias[Columns.score] > 600 && alias["teamId"] == 1 && alias[Column("id") + 0] > 0)
                .select(alias.allColumns)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "p".* FROM "player" "p" WHERE ("p"."score" > ?) AND ("p"."teamId" = ?) AND (("p"."id" + ?) > ?)"#)
            XCTAssertEqual(try ids(db, request), [1])
        }
    }

    func testSQLRequestsAsSubqueries() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let maximumScore = SQLRequest<Int>("SELECT max(score) FROM player")
            let best = Player.filter { $0.score == maximumScore }
            XCTAssertEqual(try sql(db, best), #"SELECT * FROM "player" WHERE "score" = (SELECT max(score) FROM player)"#)
            XCTAssertEqual(try ids(db, best), [1, 3])

            let selectedIDs = SQLRequest<Int64>("SELECT id FROM player WHERE teamId = \(1)")
            let selected = Player.filter { selectedIDs.contains($0.id) }.select { [$0.id, maximumScore.forKey("max")] }
            XCTAssertEqual(
                try sql(db, selected),
                #"SELECT "id", (SELECT max(score) FROM player) AS "max" FROM "player" WHERE "id" IN (SELECT id FROM player WHERE teamId = ?)"#)
            XCTAssertEqual(try Row.fetchAll(db, selected), [["id": 1, "max": 1000], ["id": 2, "max": 1000]])

            let exists = Table("team").filter(SQLRequest<Row>("SELECT * FROM player WHERE score > 5000").exists())
            XCTAssertEqual(try ids(db, exists), [])
        }
    }
}
