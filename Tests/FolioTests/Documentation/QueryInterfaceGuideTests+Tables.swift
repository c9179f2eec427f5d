import Folio
import XCTest

// The samples of the "Requests Without Record Types" section of
// Documentation/QueryInterface.md, and of the common table expressions
// embedded in associations.

extension QueryInterfaceGuide.Player {
    static let team = belongsTo(Table("team"))
}

/// Runs the samples of Documentation/QueryInterface.md about `Table`.
final class QueryInterfaceTableGuideTests: FolioTestCase {
    typealias Team = QueryInterfaceGuide.Team
    typealias Player = QueryInterfaceGuide.Player

    private func makeFixtureQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try QueryInterfaceGuide.createTables(db)
            try QueryInterfaceGuide.insertFixtures(db)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testRequestsWithoutRecordTypes() throws {
        try makeFixtureQueue().write { db in
            let playerTable = Table("player")
            let rows = try playerTable.filter(Column("score") >= 1000).fetchAll(db)            // [Row]
            let players = try Table<Player>("player").order(Column("name")).fetchAll(db)       // [Player]
            let teamNames = try Table<String>("team").select(Column("name")).fetchSet(db)     // Set<String>
            XCTAssertEqual(rows.map { $0["id"] as Int64 }, [1, 2, 5])
            XCTAssertEqual(players.map(\.id), [3, 1, 2, 5, 4])
            XCTAssertEqual(teamNames, ["Reds", "Blues", "Greens"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "name" FROM "team""#)
        }
    }

    func testTableKeys() throws {
        try makeFixtureQueue().write { db in
            let playerTable = Table("player")
            XCTAssertEqual(try playerTable.filter(key: 1).fetchOne(db)?["name"], "Arthur")           // Row?
            XCTAssertEqual(try playerTable.filter(keys: [1, 2]).fetchAll(db).count, 2)              // [Row]
            XCTAssertTrue(try playerTable.exists(db, key: 2))                                       // Bool
            XCTAssertTrue(try playerTable.deleteOne(db, key: 3))                                    // Bool
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try playerTable.deleteAll(db, keys: [4, 5]), 2)                          // Int
            XCTAssertEqual(try Table<Player>("player").filter(id: 1).fetchOne(db)?.name, "Arthur") // Player?

            // With a unique index on email:
            try db.execute(sql: "CREATE UNIQUE INDEX player_email ON player(email)")
            XCTAssertTrue(try playerTable.exists(db, key: ["email": "arthur@example.com"]))        // Bool
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "email" = ?)"#)
        }
    }

    func testTableKeyErrors() throws {
        try makeFixtureQueue().read { db in
            // The guide's player table has no unique index on email.
            XCTAssertThrowsError(try Table("player").exists(db, key: ["email": "arthur@example.com"])) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error.message?.hasPrefix("table player has no unique key on column(s) email") == true, "\(error)")
            }
            XCTAssertThrowsError(try Table("nothing").fetchAll(db)) { error in
                XCTAssertTrue("\(error)".contains("no such table: nothing"), "\(error)")
            }
        }
    }

    func testTablePrimaryKeyRequests() throws {
        try makeFixtureQueue().read { db in
            let playerTable = Table("player")
            // SELECT id FROM player ORDER BY id
            let ids = try playerTable.selectPrimaryKey(as: Int64.self).orderByPrimaryKey().fetchAll(db)
            XCTAssertEqual(ids, [1, 2, 3, 4, 5])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id" FROM "player" ORDER BY "id""#)
        }
    }

    func testTableAssociations() throws {
        try makeFixtureQueue().read { db in
            let playerTable = Table("player")
            let teamTable = Table("team")
            let teamPlayers = teamTable.hasMany(playerTable)
            let playerTeam = playerTable.belongsTo(teamTable)

            // SELECT team.*, COUNT(DISTINCT player.id) AS playerCount
            // FROM team LEFT JOIN player ON player.teamId = team.id GROUP BY team.id
            let teamRows = try teamTable.annotated(with: teamPlayers.count).fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount" FROM "team" "#
                    + #"LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id""#)
            XCTAssertEqual(teamRows.map { $0["playerCount"] as Int }, [2, 2, 0])

            // SELECT player.*, team.* FROM player JOIN team ON team.id = player.teamId
            let playerRows = try playerTable.including(required: playerTeam).fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "player".*, "team".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId""#)
            let teamName: String = playerRows[0].scopes["team"]!["name"]
            XCTAssertEqual(teamName, "Reds")

            let recordRows = try Row.fetchAll(db, Player.including(required: Player.team))
            XCTAssertEqual(recordRows.count, 4)
        }
    }

    func testAssociationEmbedsCommonTableExpression() throws {
        try makeFixtureQueue().read { db in
            // WITH bestScore AS (SELECT teamId, MAX(score) AS score FROM player GROUP BY teamId)
            // SELECT team.*, bestScore.* FROM team
            // JOIN bestScore ON team.id = bestScore.teamId
            let teamBestScoreCTE = CommonTableExpression(
                named: "bestScore",
                request: Player.select { [$0.teamId, max($0.score).forKey("score")] }.group(\.teamId))
            let bestScore = Team
                .association(to: teamBestScoreCTE) { team, bestScore in team.id == bestScore.teamId }
                .with(teamBestScoreCTE)
            let rows = try Team.including(required: bestScore).asRequest(of: Row.self).fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "bestScore" AS (SELECT "teamId", MAX("score") AS "score" FROM "player" GROUP BY "teamId") "#
                    + #"SELECT "team".*, "bestScore".* FROM "team" JOIN "bestScore" ON "team"."id" = "bestScore"."teamId""#)
            XCTAssertEqual(rows.map { $0.scopes["bestScore"]?["score"] as Int? }, [2000, 1500])
        }
    }
}
