import Folio
import Foundation
import XCTest

// The tests of Documentation/DatabaseAccessLayerTutorial.md. The samples are
// in TutorialGuideSamples.swift and TutorialGuideRawSQLSamples.swift.

/// The "future version" of the application, in the Sorting Players chapter.
extension TutorialGuide {
    enum Future {
        enum Team: String, Codable, DatabaseValueConvertible { case red, blue }

        struct Player: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var name: String
            var team: Team
            static let awards = hasMany(Award.self)
        }

        struct Award: Codable, FetchableRecord, TableRecord {
            var id: Int64
            var playerId: Int64
        }

        static func request() -> QueryInterfaceRequest<Player> {
            // Only query interface requests compose
            let request = Player.all()
                .filter(team: .red)
                .including(all: Player.awards)
                .orderedByName()
            return request
        }
    }
}

extension DerivableRequest<TutorialGuide.Future.Player> {
    func filter(team: TutorialGuide.Future.Team) -> Self {
        filter(Column("team") == team)
    }

    func orderedByName() -> Self {
        order(Column("name").collating(.localizedCaseInsensitiveCompare))
    }
}

/// The tests of the "Testing the Database" chapter, as the guide writes them.
final class AppDatabaseTests: XCTestCase {
    typealias AppDatabase = TutorialGuide.Records.AppDatabase
    typealias Player = TutorialGuide.Records.Player

    func testDatabaseSchemaContainsPlayerTable() throws {
        let dbQueue = try DatabaseQueue()
        _ = try AppDatabase(dbQueue)

        try dbQueue.read { db in
            XCTAssertTrue(try db.tableExists("player"))
            let columns = try db.columns(in: "player")
            let columnNames = Set(columns.map(\.name))
            XCTAssertEqual(columnNames, ["id", "name", "score"])
        }
    }

    func testSavePlayerInsertsAndSetsId() throws {
        let dbQueue = try DatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)

        var player = Player(id: nil, name: "Arthur", score: 100)
        try appDatabase.savePlayer(&player)

        XCTAssertNotNil(player.id)
        let fetchedPlayer = try dbQueue.read { db in
            try Player.fetchOne(db, key: player.id)
        }
        XCTAssertEqual(fetchedPlayer?.name, "Arthur")
    }

    func testDeleteAllPlayers() throws {
        let dbQueue = try DatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        try appDatabase.createRandomPlayersIfEmpty()

        try appDatabase.deleteAllPlayers()

        let count = try dbQueue.read { db in
            try Player.fetchCount(db)
        }
        XCTAssertEqual(count, 0)
    }

    func testOrderedByScore() throws {
        let dbQueue = try DatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        var player1 = Player(id: nil, name: "Arthur", score: 100)
        var player2 = Player(id: nil, name: "Barbara", score: 1000)
        try appDatabase.savePlayer(&player1)
        try appDatabase.savePlayer(&player2)

        let players = try appDatabase.reader.read { db in
            try Player.all().orderedByScore().fetchAll(db)
        }
        XCTAssertEqual(players.map(\.name), ["Barbara", "Arthur"])
    }
}

/// Runs the other samples of the tutorial.
final class TutorialGuideTests: FolioTestCase {
    typealias AppDatabase = TutorialGuide.Records.AppDatabase
    typealias Player = TutorialGuide.Records.Player

    func testFirstVersionsCompile() throws {
        _ = try TutorialGuide.Records.FirstAppDatabase(DatabaseQueue())
        let player = TutorialGuide.Records.FirstPlayer(name: "Arthur", score: 0)
        XCTAssertEqual(player.score, 0)
    }

    func testEmptyDatabaseHasTheSchemaAndNoPlayer() throws {
        let appDatabase = try AppDatabase.empty()
        try appDatabase.reader.read { db in
            XCTAssertTrue(try db.tableExists("player"))
            XCTAssertEqual(try Player.fetchCount(db), 0)
        }
    }

    func testMigrationIsTheGuideSchema() throws {
        let dbQueue = try makeDatabaseQueue()
        _ = try AppDatabase(dbQueue)
        XCTAssertTrue(sqlQueries.contains(#"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "score" INTEGER NOT NULL)"#), "\(sqlQueries)")
        let rawQueue = try makeDatabaseQueue()
        _ = try TutorialGuide.RawSQL.AppDatabase(rawQueue)
        // Both schemas have the same columns
        let columns = try dbQueue.read { try $0.columns(in: "player").map { "\($0.name) \($0.type) \($0.isNotNull)" } }
        let rawColumns = try rawQueue.read { try $0.columns(in: "player").map { "\($0.name) \($0.type) \($0.isNotNull)" } }
        XCTAssertEqual(columns, rawColumns)
    }

    func testSavePlayerInsertsThenUpdates() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        var player = Player(id: nil, name: "Arthur", score: 0)
        try appDatabase.savePlayer(&player)
        XCTAssertEqual(player.id, 1) // "Player id is 1"
        XCTAssertEqual(lastSQLQuery(matching: "INSERT"), #"INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)"#)

        player.score = 1000
        clearSQLQueries()
        try appDatabase.savePlayer(&player)
        XCTAssertEqual(lastSQLQuery(matching: "UPDATE"), #"UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ?"#)
        XCTAssertNil(lastSQLQuery(matching: "INSERT"))
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.score, 1000)
        }
    }

    func testDeletePlayers() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        try appDatabase.createRandomPlayersIfEmpty()
        try appDatabase.deletePlayers(ids: [1, 2])
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), #"DELETE FROM "player" WHERE "id" IN (?, ?)"#)
        try dbQueue.read { db in
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player"), [3, 4, 5, 6, 7, 8])
        }
        try appDatabase.deleteAllPlayers()
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchCount(db), 0)
        }
    }

    func testRefreshPlayers() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        // An empty database gets 8 random players
        try appDatabase.refreshPlayers()
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchCount(db), 8)
            let players = try Player.fetchAll(db)
            XCTAssertTrue(players.allSatisfy { $0.score % 10 == 0 && (0...1000).contains($0.score) })
        }
        // Then random changes, one transaction each
        for _ in 0..<20 {
            try appDatabase.refreshPlayers()
            let count = try dbQueue.read { try Player.fetchCount($0) }
            // At most one insertion per refresh, and an emptied table gets 8 players
            XCTAssertTrue((0...28).contains(count), "\(count)")
        }
        // The random deletion deletes one player through a subquery
        try dbQueue.write { db in
            let before = try Player.fetchCount(db)
            try Player.order(sql: "RANDOM()").limit(1).deleteAll(db)
            XCTAssertTrue(lastSQLQuery!.hasPrefix(#"DELETE FROM "player" WHERE "#), lastSQLQuery!)
            XCTAssertEqual(try Player.fetchCount(db), before - 1)
        }
    }

    func testCreateRandomPlayersIfEmpty() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        try appDatabase.createRandomPlayersIfEmpty()
        try appDatabase.createRandomPlayersIfEmpty()
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchCount(db), 8)
        }
    }

    func testRequests() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        for (name, score) in [("arthur", 100), ("Barbara", 1000), ("Craig", 100)] {
            var player = Player(id: nil, name: name, score: score)
            try appDatabase.savePlayer(&player)
        }
        let dbWriter: any DatabaseWriter = dbQueue
        let players: [Player] = try dbWriter.read { db in
            try Player.all().orderedByName().fetchAll(db)
        }
        XCTAssertEqual(lastSQLQuery(matching: "SELECT"), #"SELECT * FROM "player" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
        XCTAssertEqual(players.map(\.name), ["arthur", "Barbara", "Craig"])

        let byScore: [Player] = try dbWriter.read { db in
            try Player.all().orderedByScore().fetchAll(db)
        }
        XCTAssertEqual(byScore.map(\.name), ["Barbara", "arthur", "Craig"])
        let bestPlayer: Player? = try dbWriter.read { db in
            try Player.all().orderedByScore().fetchOne(db)
        }
        XCTAssertEqual(bestPlayer?.name, "Barbara")
        XCTAssertEqual(
            lastSQLQuery(matching: "SELECT"),
            #"SELECT * FROM "player" ORDER BY "score" DESC, "name" COLLATE swiftLocalizedCaseInsensitiveCompare LIMIT 1"#)
    }

    func testRawSQLVersion() throws {
        typealias RawPlayer = TutorialGuide.RawSQL.Player
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try TutorialGuide.RawSQL.AppDatabase(dbQueue)

        // An injection attempt is just an unusual name
        var player = RawPlayer(id: nil, name: "Robert'); DROP TABLE player;--", score: 10)
        try appDatabase.insertPlayer(&player)
        XCTAssertEqual(player.id, 1)

        try appDatabase.refreshPlayers()
        try appDatabase.refreshPlayers()
        try dbQueue.read { db in
            XCTAssertTrue(try db.tableExists("player"))
        }

        for _ in 0..<2 {
            var extra = RawPlayer.newRandom()
            try appDatabase.insertPlayer(&extra)
        }
        let ids = try dbQueue.read { try Int64.fetchAll($0, sql: "SELECT id FROM player ORDER BY id") }
        XCTAssertGreaterThanOrEqual(ids.count, 2)
        try appDatabase.deletePlayers(ids: [])
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player WHERE id IN ()")
        try appDatabase.deletePlayers(ids: Array(ids.prefix(1)))
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player WHERE id IN (?)")
        try appDatabase.deletePlayersWithQuestionMarks(ids: [])
        try appDatabase.deletePlayersWithQuestionMarks(ids: Array(ids.dropFirst()))
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player WHERE id IN (\(databaseQuestionMarks(count: ids.count - 1)))")
        try dbQueue.read { db in
            XCTAssertEqual(try RawPlayer.fetchCount(db), 0)
        }

        try appDatabase.refreshPlayers() // inserts 8 players
        try appDatabase.deleteAllPlayers()
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player")
        XCTAssertEqual(RawPlayer.columnNames, ["name", "score"])
    }

    func testRawSQLRequests() throws {
        typealias RawPlayer = TutorialGuide.RawSQL.Player
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try TutorialGuide.RawSQL.AppDatabase(dbQueue)
        for (name, score) in [("arthur", 100), ("Barbara", 1000), ("Craig", 100)] {
            var player = RawPlayer(id: nil, name: name, score: score)
            try appDatabase.insertPlayer(&player)
        }
        let dbWriter: any DatabaseWriter = dbQueue
        let players: [RawPlayer] = try dbWriter.read { db in
            try RawPlayer.orderedByName().fetchAll(db)
        }
        XCTAssertEqual(players.map(\.name), ["arthur", "Barbara", "Craig"])
        XCTAssertEqual(lastSQLQuery(matching: "SELECT"), "SELECT * FROM player\nORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare")

        // SELECT * FROM player ORDER BY ... (all rows are fetched, the first is kept)
        let bestPlayer: RawPlayer? = try dbWriter.read { db in
            try RawPlayer.orderedByScore().fetchOne(db)
        }
        XCTAssertEqual(bestPlayer?.name, "Barbara")
        XCTAssertFalse(lastSQLQuery(matching: "SELECT")!.contains("LIMIT"))
    }

    func testFutureRequestComposes() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("team", .text).notNull()
            }
            try db.create(table: "award") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("player").notNull()
            }
            try db.execute(sql: """
                INSERT INTO player (id, name, team) VALUES (1, 'Barbara', 'red'), (2, 'arthur', 'red'), (3, 'Craig', 'blue');
                INSERT INTO award (playerId) VALUES (1), (1), (2);
                """)
            let rows = try Row.fetchAll(db, TutorialGuide.Future.request())
            XCTAssertEqual(rows.map { $0["name"] as String }, ["arthur", "Barbara"])
            XCTAssertEqual(rows.map { $0.prefetchedRows["awards"]?.count }, [1, 2])
        }
    }

    // MARK: Observing Players

    func testObservationValues() async throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        var player = Player(id: nil, name: "Arthur", score: 100)
        try appDatabase.savePlayer(&player)

        let observation = AppDatabase.observePlayers(orderedBy: .byScore)
        var notified: [[String]] = []
        for try await players in observation.values(in: appDatabase.reader) {
            notified.append(players.map(\.name))
            if notified.count == 1 {
                var barbara = Player(id: nil, name: "Barbara", score: 1000)
                try appDatabase.savePlayer(&barbara)
            } else {
                break
            }
        }
        XCTAssertEqual(notified, [["Arthur"], ["Barbara", "Arthur"]])
    }

    func testPlayerListGetsPlayersAtOnceAndFollowsTheOrdering() async throws {
        try await Self.checkPlayerList(makeDatabaseQueue())
    }

    @MainActor
    private static func checkPlayerList(_ dbQueue: DatabaseQueue) throws {
        let appDatabase = try AppDatabase(dbQueue)
        for (name, score) in [("Arthur", 100), ("Barbara", 1000)] {
            var player = Player(id: nil, name: name, score: score)
            try appDatabase.savePlayer(&player)
        }
        let playerList = TutorialGuide.Records.PlayerList(appDatabase: appDatabase)
        // .immediate scheduling: the players are there when init returns
        XCTAssertEqual(playerList.players.map(\.name), ["Barbara", "Arthur"])
        playerList.ordering = .byName
        XCTAssertEqual(playerList.players.map(\.name), ["Arthur", "Barbara"])
    }
}
