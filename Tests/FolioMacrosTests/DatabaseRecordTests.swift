import Folio
import FolioMacros
import Foundation
import XCTest

/// The behaviour of `@DatabaseRecord` records: fetching, persistence,
/// the query interface, observation and associations.
final class DatabaseRecordTests: MacroTestCase {
    private func insertPlayers(_ db: Database) throws -> [Player] {
        try db.execute(sql: "INSERT INTO teams (id, name, kind) VALUES (1, 'Reds', 'club'), (2, 'France', 'national')")
        var players = [
            Player(id: nil, name: "Arthur", score: 500, teamId: 1, info: .init(level: 1, tags: ["a"])),
            Player(id: nil, name: "Barbara", score: 1500, teamId: 1, info: .init(level: 2, tags: [])),
            Player(id: nil, name: "Craig", score: 2500, teamId: nil, info: .init(level: 3, tags: ["b", "c"])),
        ]
        for index in players.indices {
            try players[index].insert(db)
        }
        return players
    }

    func testGeneratedStaticMembers() {
        XCTAssertEqual(Player.databaseTableName, "player")
        XCTAssertEqual(Team.databaseTableName, "teams")
        XCTAssertEqual(Namespace.Book.databaseTableName, "book")
        XCTAssertEqual(Player.Columns.score.name, "score_total")
        XCTAssertEqual(Player.Columns.teamId.name, "teamId")
        XCTAssertEqual(Player.databaseComponents.info.name, "info")
    }

    func testInsertSetsAutoIncrementedIDAndEncodesColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO teams (id, name, kind) VALUES (1, 'Reds', 'club')")
            var player = Player(id: nil, name: "Arthur", score: 1000, teamId: 1, info: .init(level: 3, tags: ["x"]))
            player.cache = ["not stored"]
            try player.insert(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"INSERT INTO "player" ("id", "name", "score_total", "teamId", "info") VALUES (?,?,?,?,?)"#)
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT * FROM player"))
            XCTAssertEqual(row["score_total"], 1000)
            XCTAssertEqual(row["info"], #"{"level":3,"tags":["x"]}"#)

            var book = Namespace.Book(id: nil, title: "Dune", year: nil)
            try book.insert(db)
            XCTAssertEqual(book.id, 1)
        }
    }

    func testFetchDecodesEveryColumnAndKeepsTransientDefaults() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let players = try insertPlayers(db)
            let fetched = try Player.order(\.id).fetchAll(db)
            XCTAssertEqual(fetched, players)
            XCTAssertEqual(fetched.map(\.cache), [[], [], []])
            XCTAssertEqual(try Player.fetchOne(db, key: 2)?.name, "Barbara")
            let cursorNames = try Player.order(\.name.desc).fetchCursor(db).map(\.name)
            XCTAssertEqual(try Array(cursorNames), ["Craig", "Barbara", "Arthur"])
            XCTAssertEqual(try Player.fetchAll(db, sql: "SELECT * FROM player WHERE teamId IS NULL").map(\.name), ["Craig"])
        }
    }

    func testQueryInterfaceClosuresUseGeneratedColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            _ = try insertPlayers(db)
            let names = try Player.filter { $0.score > 1000 }.order { $0.score.desc }.fetchAll(db).map(\.name)
            XCTAssertEqual(names, ["Craig", "Barbara"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" WHERE "score_total" > ? ORDER BY "score_total" DESC"#)
            XCTAssertEqual(try Player.filter(Player.Columns.teamId == nil).fetchCount(db), 1)
        }
    }

    func testColumnsInAnyOrderAndMissingOptionalColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            _ = try insertPlayers(db)
            // Another order, and no teamId column: the optional is nil.
            let player = try XCTUnwrap(Player.fetchOne(db, sql: """
                SELECT info, score_total, name, id FROM player WHERE id = 3
                """))
            XCTAssertEqual(player.name, "Craig")
            XCTAssertEqual(player.score, 2500)
            XCTAssertNil(player.teamId)
            // Two statements with different layouts keep their own indexes.
            let first = try Player.fetchAll(db, sql: "SELECT * FROM player ORDER BY id")
            let second = try Player.fetchAll(db, sql: "SELECT teamId, info, id, score_total, name FROM player ORDER BY id")
            XCTAssertEqual(first, second)
            // A copied row.
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT name, id, info, score_total FROM player WHERE id = 1"))
            XCTAssertEqual(try Player(row: row).name, "Arthur")
        }
    }

    func testUpdateSaveDeleteAndUpsert() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            var players = try insertPlayers(db)
            players[0].score = 42
            try players[0].update(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"UPDATE "player" SET "name"=?, "score_total"=?, "teamId"=?, "info"=? WHERE "id"=?"#)
            try players[1].update(db, columns: [Player.Columns.score])
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score_total"=? WHERE "id"=?"#)
            var changed = players[1]
            changed.name = "Babs"
            XCTAssertTrue(try changed.updateChanges(db, from: players[1]))
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "name"=? WHERE "id"=?"#)
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.score, 42)
            XCTAssertEqual(try Player.fetchOne(db, key: 2)?.name, "Babs")

            var upserted = Player(id: 3, name: "Craig II", score: 1, teamId: 2, info: .init(level: 9, tags: []))
            try upserted.upsert(db)
            XCTAssertEqual(try Player.fetchOne(db, key: 3), upserted)
            var dan = Player(id: nil, name: "Dan", score: 7, teamId: nil, info: .init(level: 0, tags: []))
            let returned = try dan.upsertAndFetch(db)
            XCTAssertEqual(returned.id, 4)
            XCTAssertEqual(returned.name, "Dan")

            var saved = Player(id: nil, name: "Eve", score: 3, teamId: nil, info: .init(level: 1, tags: []))
            try saved.save(db)
            XCTAssertEqual(saved.id, 5)
            XCTAssertTrue(try saved.delete(db))
            XCTAssertEqual(try Player.fetchCount(db), 4)

            let fay = Player(id: nil, name: "Fay", score: 8, teamId: nil, info: .init(level: 2, tags: ["r"]))
            let inserted = try fay.insertAndFetch(db)
            XCTAssertEqual(inserted.id, 6)
            XCTAssertEqual(inserted.info.tags, ["r"])
        }
    }

    func testPersistableRecordWithoutAutoIncrementedID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            // Team is a PersistableRecord: non-mutating insert.
            let team = Team(id: 7, name: "Blues", kind: .national, founded: Date(timeIntervalSince1970: 0))
            try team.insert(db)
            XCTAssertEqual(try Team.fetchOne(db, key: 7), team)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT kind FROM teams"), "national")
            try Team(id: 7, name: "Greens", kind: .club, founded: nil).save(db)
            XCTAssertEqual(try Team.fetchOne(db, key: 7)?.name, "Greens")
            XCTAssertNil(try Team.fetchOne(db, key: 7)?.founded)
        }
    }

    @MainActor
    func testObservationTracksMacroRecords() throws {
        let dbQueue = try makeDatabaseQueue()
        let observation = ValueObservation.tracking { db in
            try Player.filter { $0.score > 1000 }.order(\.name).fetchAll(db).map(\.name)
        }
        let recorded = NSMutableArray()
        let done = expectation(description: "three values")
        done.expectedFulfillmentCount = 3
        let cancellable = observation.start(
            in: dbQueue,
            scheduling: .immediate,
            onError: { XCTFail("\($0)") },
            onChange: { names in
                recorded.add(names)
                done.fulfill()
            })
        try dbQueue.write { db in _ = try insertPlayers(db) }
        try dbQueue.write { db in
            _ = try Player.filter { $0.name == "Arthur" }.updateAll(db) { $0.score.set(to: 5000) }
        }
        wait(for: [done], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(recorded as? [[String]], [[], ["Barbara", "Craig"], ["Arthur", "Barbara", "Craig"]])
    }

    /// A team and its players, through `including(all:)`.
    struct TeamInfo: FetchableRecord {
        var team: Team
        var players: [Player]

        init(row: Row) throws {
            team = try Team(row: row)
            players = try (row.prefetchedRows["players"] ?? []).map { try Player(row: $0) }
        }
    }

    /// A player and its team, through `including(required:)`.
    struct PlayerInfo: FetchableRecord {
        var player: Player
        var team: Team

        init(row: Row) throws {
            player = try Player(row: row)
            team = try Team(row: XCTUnwrap(row.scopes["team"]))
        }
    }

    func testAssociationsAndPrefetching() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let players = try insertPlayers(db)
            let infos = try Player
                .including(required: Player.team)
                .order(\.id)
                .asRequest(of: PlayerInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map(\.player), Array(players.prefix(2)))
            XCTAssertEqual(infos.map(\.team.name), ["Reds", "Reds"])

            let teams = try Team
                .including(all: Team.players.order(\.name))
                .order(\.id)
                .asRequest(of: TeamInfo.self)
                .fetchAll(db)
            XCTAssertEqual(teams.map(\.team.kind), [.club, .national])
            XCTAssertEqual(teams.map { $0.players.map(\.name) }, [["Arthur", "Barbara"], []])
            XCTAssertEqual(try Team.filter(key: 1).fetchOne(db)?.request(for: Team.players).fetchCount(db), 2)
        }
    }

    func testDatesFollowTheRecordStrategies() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let event = Event(id: 1, date: Date(timeIntervalSince1970: 1_000_000), end: nil)
            try event.insert(db)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT date FROM event"), 1_000_000)
            XCTAssertEqual(try Event.fetchOne(db, key: 1), event)
            try db.execute(sql: "UPDATE event SET \"end\" = 1000100")
            XCTAssertEqual(try Event.fetchOne(db, key: 1)?.end, Date(timeIntervalSince1970: 1_000_100))
        }
    }

    func testCodableRecordsUseGeneratedMembers() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            var player = CodablePlayer(id: nil, name: "Arthur")
            try player.insert(db)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "codablePlayer" ("id", "full_name") VALUES (?,?)"#)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(try CodablePlayer.fetchOne(db), player)
            // Codable itself still uses its own keys.
            let json = try String(decoding: JSONEncoder().encode(player), as: UTF8.self)
            XCTAssertTrue(json.contains("codable_name"))
        }
    }

    func testEveryPropertyTypeRoundTrips() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            var samples: [Sample] = []
            for i in 0..<20 {
                var sample = Sample.make(i)
                try sample.insert(db)
                samples.append(sample)
            }
            XCTAssertEqual(try Sample.order(\.id).fetchAll(db), samples)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT grape FROM sample WHERE id = 1"), "syrah")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT color FROM sample WHERE id = 1"), 2)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT point FROM sample WHERE id = 1"), #"{"x":0,"y":-0}"#)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT email FROM sample WHERE id = 1"), "p0@example.com")
        }
    }
}
