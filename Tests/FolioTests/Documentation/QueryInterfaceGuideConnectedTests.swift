import Folio
import XCTest

/// Runs the samples of the sections "Requests That Read the Database" and
/// "Type-Erased Requests" of Documentation/QueryInterface.md.
final class QueryInterfaceGuideConnectedTests: FolioTestCase {
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

    func testRequestsThatReadTheDatabase() throws {
        try makeFixtureQueue().read { db in
            // SELECT * FROM player WHERE (score >= 1000) AND (teamId = 1) ORDER BY name DESC
            let redTeamPlayers = Player
                .filter { $0.score >= 1000 }
                .filterWhenConnected { db in
                    let redTeamId = try Team.filter { $0.color == "red" }.select(\.id, as: Int64.self).fetchOne(db)
                    return Player.Columns.teamId == redTeamId
                }
                .orderWhenConnected { db in [Player.Columns.name] }
                .reversed()
            XCTAssertEqual(try redTeamPlayers.fetchAll(db).map(\.name), ["Barbara", "Arthur"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" WHERE ("score" >= ?) AND ("teamId" = ?) ORDER BY "name" DESC"#)

            // Team.including(all: Team.players.filterWhenConnected { db in ... })
            struct TeamInfo: Decodable, FetchableRecord {
                var team: Team
                var players: [Player]
            }
            let players = Team.hasMany(Player.self).filterWhenConnected { db in Player.Columns.isVerified == true }
            let infos = try TeamInfo.fetchAll(db, Team.including(all: players).order(\.id))
            XCTAssertEqual(infos.map { $0.players.map(\.id) }, [[1], [4, 5], []])
        }
    }

    func testTypeErasedRequests() throws {
        try makeFixtureQueue().read { db in
            func playersRequest(sql: String?) -> AnyFetchRequest<Player> {
                if let sql {
                    return AnyFetchRequest(SQLRequest<Player>(sql: sql))
                }
                return AnyFetchRequest(Player.order(\.name))
            }

            let players = try playersRequest(sql: nil).fetchAll(db)                // [Player]
            let count = try playersRequest(sql: "SELECT * FROM player").fetchCount(db)
            let rows = try playersRequest(sql: nil).asRequest(of: Row.self).fetchAll(db)
            XCTAssertEqual(players.map(\.id), [3, 1, 2, 5, 4])
            XCTAssertEqual(count, 5)
            XCTAssertEqual(rows.map { $0["id"] as Int64 }, [3, 1, 2, 5, 4])
        }
    }
}
