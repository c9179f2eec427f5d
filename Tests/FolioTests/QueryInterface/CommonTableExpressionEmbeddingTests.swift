import Folio
import XCTest

private struct Team: TableRecord, Decodable, FetchableRecord {
    var id: Int64
    var name: String
    static let players = hasMany(Player.self)
}

private struct Player: TableRecord, Decodable, FetchableRecord {
    var id: Int64
    var name: String?
    static let team = belongsTo(Team.self)
}

/// Common table expressions embedded in any derivable request and in
/// associations (`with(_:)`), associations from common table expressions
/// to record types and tables, and `FilteredRequest.all()`.
final class CommonTableExpressionEmbeddingTests: FolioTestCase {
    /// The best score of each team.
    private let bestScoreCTE = CommonTableExpression(
        named: "bestScore",
        literal: "SELECT teamId, MAX(score) AS score FROM player GROUP BY teamId")

    func testAssociationBringsItsCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let bestScore = Team
                .association(to: bestScoreCTE) { team, best in team[Column("id")] == best[Column("teamId")] }
                .with(bestScoreCTE)
            let request = Team.including(required: bestScore).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "bestScore" AS (SELECT teamId, MAX(score) AS score FROM player GROUP BY teamId) "#
                    + #"SELECT "team".*, "bestScore".* FROM "team" JOIN "bestScore" ON "team"."id" = "bestScore"."teamId" ORDER BY "team"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0.scopes["bestScore"]?["score"] as Int? }, [1000, 1000, 750])
            XCTAssertEqual(try request.fetchCount(db), 3)
        }
    }

    func testCommonTableExpressionOfNestedAssociation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let bestScore = Team
                .association(to: bestScoreCTE) { team, best in team[Column("id")] == best[Column("teamId")] }
                .with(bestScoreCTE)
            let request = Player
                .joining(required: Player.team.joining(required: bestScore))
                .filter(sql: "player.score = bestScore.score")
                .order(Column("id"))
            XCTAssertEqual(try ids(db, request), [1, 3, 5])
            XCTAssertTrue(try sql(db, request).hasPrefix(#"WITH "bestScore" AS (SELECT teamId"#))
        }
    }

    func testDeletingThroughAssociationWithCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let topTeamCTE = CommonTableExpression(named: "topTeam", sql: "SELECT 1 AS id")
            let topTeam = Player
                .association(to: topTeamCTE) { player, top in player[Column("teamId")] == top[Column("id")] }
                .with(topTeamCTE)
            let count = try Player.joining(required: topTeam).deleteAll(db)
            XCTAssertEqual(count, 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "topTeam" AS (SELECT 1 AS id) DELETE FROM "player" WHERE "id" IN "#
                    + #"(SELECT "player"."id" FROM "player" JOIN "topTeam" ON "player"."teamId" = "topTeam"."id")"#)
            XCTAssertEqual(try Player.fetchCount(db), 4)
        }
    }

    func testRequestCommonTableExpressionWinsOverTheOneOfAnAssociation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let otherCTE = CommonTableExpression(named: "bestScore", literal: "SELECT 1 AS teamId, 1 AS score")
            let bestScore = Team
                .association(to: bestScoreCTE) { team, best in team[Column("id")] == best[Column("teamId")] }
                .with(bestScoreCTE)
            let request = Team.with(otherCTE).including(required: bestScore)
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "bestScore" AS (SELECT 1 AS teamId, 1 AS score) "#
                    + #"SELECT "team".*, "bestScore".* FROM "team" JOIN "bestScore" ON "team"."id" = "bestScore"."teamId""#)
            XCTAssertEqual(try Row.fetchAll(db, request).count, 1)
        }
    }

    func testWithReplacesCommonTableExpressionOfTheSameName() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let first = CommonTableExpression(named: "x", sql: "SELECT 1")
            let second = CommonTableExpression(named: "X", sql: "SELECT 2")
            let association = Team.association(to: first).with(first).with(second)
            let request = Team.joining(required: association).select(sql: "(SELECT * FROM x)")
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "X" AS (SELECT 2) SELECT (SELECT * FROM x) FROM "team" JOIN "x""#)
            XCTAssertEqual(try Int.fetchAll(db, request), [2, 2, 2])
        }
    }

    func testDerivableRequestWith() throws {
        func embedding<R: DerivableRequest>(_ request: R, _ cte: CommonTableExpression<Row>) -> R {
            request.with(cte)
        }
        try makeTeamAndPlayerDatabase().read { db in
            let request = embedding(Player.all(), bestScoreCTE).filter(sql: "score IN (SELECT score FROM bestScore)").order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "bestScore" AS (SELECT teamId, MAX(score) AS score FROM player GROUP BY teamId) "#
                    + #"SELECT * FROM "player" WHERE score IN (SELECT score FROM bestScore) ORDER BY "id""#)
            // Player 4, without team, has the best score of the NULL team.
            XCTAssertEqual(try ids(db, request), [1, 3, 4, 5])
        }
        // Deleting with a common table expression embedded by generic code.
        try makeTeamAndPlayerDatabase().write { db in
            let count = try embedding(Player.all(), bestScoreCTE).filter(sql: "score IN (SELECT score FROM bestScore)").deleteAll(db)
            XCTAssertEqual(count, 4)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "bestScore" AS (SELECT teamId, MAX(score) AS score FROM player GROUP BY teamId) "#
                    + #"DELETE FROM "player" WHERE score IN (SELECT score FROM bestScore)"#)
        }
    }

    func testPrefetchedAssociationBringsItsCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let minScoreCTE = CommonTableExpression(named: "minScore", sql: "SELECT 500 AS score")
            let goodPlayers = Team.players
                .with(minScoreCTE)
                .filter(sql: "score >= (SELECT score FROM minScore)")
                .order(Column("id"))
            let rows = try Row.fetchAll(db, Team.including(all: goodPlayers).order(Column("id")))
            XCTAssertEqual(rows.map { $0.prefetchedRows["players"]?.map { $0["id"] as Int64 } ?? [] }, [[1, 2], [3], [5]])
            XCTAssertTrue(lastSQLQuery?.hasPrefix(#"WITH "minScore" AS (SELECT 500 AS score) SELECT"#) == true, "\(lastSQLQuery ?? "")")
        }
    }

    func testAssociationFromCommonTableExpressionToRecordAndTable() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(named: "chosen", sql: "SELECT 2 AS teamId")
            let team = cte.association(to: Team.self).filter(sql: "team.id = chosen.teamId")
            let request = cte.all().with(cte).including(required: team)
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "chosen" AS (SELECT 2 AS teamId) SELECT "chosen".*, "team".* FROM "chosen" JOIN "team" ON team.id = chosen.teamId"#)
            XCTAssertEqual(try request.fetchOne(db)?.scopes["team"]?["name"], "Blues")

            let teamTable = cte.association(to: Table("team")) { chosen, team in team[Column("id")] == chosen[Column("teamId")] }
            let rows = try cte.all().with(cte).including(required: teamTable).fetchAll(db)
            XCTAssertEqual(rows.map { $0.scopes["team"]?["name"] as String? }, ["Blues"])
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "chosen" AS (SELECT 2 AS teamId) SELECT "chosen".*, "team".* FROM "chosen" JOIN "team" ON "team"."id" = "chosen"."teamId""#)

            // Without condition: all rows are joined.
            let allTeams = cte.association(to: Table("team"))
            XCTAssertEqual(try cte.all().with(cte).including(required: allTeams).fetchCount(db), 3)
            XCTAssertEqual(
                try sql(db, cte.all().with(cte).joining(required: allTeams)),
                #"WITH "chosen" AS (SELECT 2 AS teamId) SELECT "chosen".* FROM "chosen" JOIN "team""#)
        }
    }

    func testCommonTableExpressionErrors() throws {
        try makeTeamAndPlayerDatabase().read { db in
            // An association to a common table expression that no request
            // defines.
            let bestScore = Team.association(to: bestScoreCTE) { team, best in team[Column("id")] == best[Column("teamId")] }
            XCTAssertThrowsError(try Row.fetchAll(db, Team.including(required: bestScore))) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message?.contains("bestScore") == true, "\(error)")
            }
        }
    }

    func testFilteredRequestAll() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter(Column("teamId") == 1).order(Column("id"))
            XCTAssertEqual(try sql(db, request.all()), try sql(db, request))
            XCTAssertEqual(try ids(db, request.all()), [1, 2])
            // Associations are filtered requests too.
            let rows = try Row.fetchAll(db, Team.including(all: Team.players.all().filter(Column("id") > 4)).order(Column("id")))
            XCTAssertEqual(rows.map { $0.prefetchedRows["players"]?.count }, [0, 0, 2])
        }
    }
}
