import Folio
import Foundation
import XCTest

// The tests of Documentation/DatabaseAccessLayerTutorial.md. The samples are
// in TutorialGuideSamples.swift (with the guide's own `AppDatabaseTests`)
// and TutorialGuideRawSQLSamples.swift.

/// Runs the other samples of the tutorial.
final class TutorialGuideTests: FolioTestCase {
    typealias AppDatabase = TutorialGuide.Records.AppDatabase
    typealias Player = TutorialGuide.Records.Player

    /// The SQL run since the last `clearSQLQueries()`, without transactions
    /// and schema introspection.
    private var playerStatements: [String] {
        persistenceSQLQueries.filter { !$0.hasPrefix("BEGIN") && !$0.hasPrefix("COMMIT") }
    }

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
        clearSQLQueries()
        try appDatabase.savePlayer(&player)
        XCTAssertEqual(player.id, 1) // "Player id is 1"
        // A player without id is inserted at once.
        XCTAssertEqual(playerStatements, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#])

        player.score = 1000
        clearSQLQueries()
        try appDatabase.savePlayer(&player)
        // A player with an id is updated, in a savepoint.
        XCTAssertEqual(playerStatements, [
            "SAVEPOINT folio0",
            #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#,
            "RELEASE SAVEPOINT folio0",
        ])
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.score, 1000)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player"), [["id": 1, "name": "Arthur", "score": 1000]])
        }
    }

    func testSchemaRefusesPlayersWithoutName() throws {
        struct NamelessPlayer: Encodable, MutablePersistableRecord {
            static let databaseTableName = "player"
            var name: String?
            var score: Int
        }
        let dbQueue = try makeDatabaseQueue()
        _ = try AppDatabase(dbQueue)
        try dbQueue.write { db in
            var player = NamelessPlayer(name: nil, score: 0)
            XCTAssertThrowsError(try player.insert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_NOTNULL)
            }
            XCTAssertEqual(try Player.fetchCount(db), 0)
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
        // No id, no deletion.
        try appDatabase.deletePlayers(ids: [])
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchCount(db), 6)
        }
        clearSQLQueries()
        try appDatabase.deleteAllPlayers()
        XCTAssertEqual(playerStatements, [#"DELETE FROM "player""#])
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
        // The random deletion deletes one player, with ORDER BY and LIMIT
        // when SQLite accepts them in DELETE (SQLITE_ENABLE_UPDATE_DELETE_LIMIT),
        // and through a subquery otherwise.
        try dbQueue.write { db in
            let before = try Player.fetchCount(db)
            try Player.order(sql: "RANDOM()").limit(1).deleteAll(db)
            XCTAssertTrue(lastSQLQuery!.hasPrefix(#"DELETE FROM "player" "#), lastSQLQuery!)
            XCTAssertEqual(try Player.fetchCount(db), before - 1)
        }
    }

    func testCreateRandomPlayersIfEmpty() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        clearSQLQueries()
        try appDatabase.createRandomPlayersIfEmpty()
        XCTAssertEqual(playerStatements, [#"SELECT COUNT(*) FROM "player""#]
            + Array(repeating: #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#, count: 8))
        let players = try dbQueue.read(Player.fetchAll)
        XCTAssertEqual(players.map(\.id), Array(1...8))
        XCTAssertTrue(players.allSatisfy { $0.score % 10 == 0 && (0...1000).contains($0.score) })

        // A database with players is left alone.
        clearSQLQueries()
        try appDatabase.createRandomPlayersIfEmpty()
        XCTAssertEqual(playerStatements, [#"SELECT COUNT(*) FROM "player""#])
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchCount(db), 8)
        }
    }

    func testRefreshPlayersMakesAtMostOneInsertionOneDeletionAndUpdatesOfScores() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        try appDatabase.createRandomPlayersIfEmpty()
        // Statements a refresh may run.
        let allowed: Set<String> = [
            #"SELECT COUNT(*) FROM "player""#,
            #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#,
            #"DELETE FROM "player" ORDER BY RANDOM() LIMIT 1"#,
            #"SELECT * FROM "player""#,
            #"UPDATE "player" SET "score"=? WHERE "id"=?"#,
        ]
        var seen: Set<String> = []
        for _ in 0..<30 {
            let playersBefore = try dbQueue.read(Player.fetchAll)
            clearSQLQueries()
            try appDatabase.refreshPlayers()
            let statements = playerStatements
            XCTAssertTrue(Set(statements).isSubset(of: allowed), "\(statements)")
            seen.formUnion(statements)

            let players = try dbQueue.read(Player.fetchAll)
            let insertCount = statements.filter { $0.hasPrefix("INSERT") }.count
            let deleteCount = statements.filter { $0.hasPrefix("DELETE") }.count
            let updateCount = statements.filter { $0.hasPrefix("UPDATE") }.count
            XCTAssertEqual(players.count, playersBefore.count + insertCount - deleteCount)
            if !playersBefore.isEmpty {
                XCTAssertLessThanOrEqual(insertCount, 1)
                XCTAssertLessThanOrEqual(deleteCount, 1)
            }
            // updateChanges only updates players whose score has changed
            // (and maybe the player inserted by the refresh, whose previous
            // score is unknown here).
            let changedScores = players.filter { player in
                playersBefore.contains { $0.id == player.id && $0.score != player.score }
            }
            XCTAssertTrue((changedScores.count...(changedScores.count + insertCount)).contains(updateCount))
        }
        XCTAssertTrue(seen.contains(#"UPDATE "player" SET "score"=? WHERE "id"=?"#))
    }

    /// Players for the request tests: names that sort differently in
    /// binary and localized case-insensitive orders, and equal scores.
    private static let requestPlayers = [("arthur", 100), ("Barbara", 1000), ("Craig", 100), ("Éric", 100), ("fiona", 100)]
    private static let playerNamesByName = ["arthur", "Barbara", "Craig", "Éric", "fiona"]
    private static let playerNamesByScore = ["Barbara", "arthur", "Craig", "Éric", "fiona"]

    func testRequests() throws {
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try AppDatabase(dbQueue)
        for (name, score) in Self.requestPlayers {
            var player = Player(id: nil, name: name, score: score)
            try appDatabase.savePlayer(&player)
        }
        let dbWriter: any DatabaseWriter = dbQueue
        let players: [Player] = try dbWriter.read { db in
            try Player.all().orderedByName().fetchAll(db)
        }
        XCTAssertEqual(lastSQLQuery(matching: "SELECT"), #"SELECT * FROM "player" ORDER BY "name" COLLATE swiftLocalizedCaseInsensitiveCompare"#)
        XCTAssertEqual(players.map(\.name), Self.playerNamesByName)

        let byScore: [Player] = try dbWriter.read { db in
            try Player.all().orderedByScore().fetchAll(db)
        }
        XCTAssertEqual(byScore.map(\.name), Self.playerNamesByScore)
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
        XCTAssertEqual(lastSQLQuery(matching: "INSERT"), "INSERT INTO player (name, score)\nVALUES (?, ?)")

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
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player WHERE id IN (SELECT NULL WHERE NULL)")
        try appDatabase.deletePlayers(ids: Array(ids.prefix(1)))
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player WHERE id IN (?)")
        XCTAssertEqual(try dbQueue.read(RawPlayer.fetchCount), ids.count - 1)
        try appDatabase.deletePlayersWithQuestionMarks(ids: [])
        try appDatabase.deletePlayersWithQuestionMarks(ids: Array(ids.dropFirst()))
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player WHERE id IN (\(databaseQuestionMarks(count: ids.count - 1)))")
        try dbQueue.read { db in
            XCTAssertEqual(try RawPlayer.fetchCount(db), 0)
        }

        try appDatabase.refreshPlayers() // inserts 8 players
        XCTAssertEqual(try dbQueue.read(RawPlayer.fetchCount), 8)
        try appDatabase.deleteAllPlayers()
        XCTAssertEqual(lastSQLQuery(matching: "DELETE"), "DELETE FROM player")
        XCTAssertEqual(try dbQueue.read(RawPlayer.fetchCount), 0)
        XCTAssertEqual(RawPlayer.columnNames, ["name", "score"])
    }

    func testRawSQLRefreshPlayers() throws {
        typealias RawPlayer = TutorialGuide.RawSQL.Player
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try TutorialGuide.RawSQL.AppDatabase(dbQueue)
        // An empty database gets 8 random players
        try appDatabase.refreshPlayers()
        XCTAssertEqual(try dbQueue.read(RawPlayer.fetchCount), 8)
        // Then at most one insertion and one deletion per refresh, until
        // the table is empty again
        for _ in 0..<20 {
            let countBefore = try dbQueue.read(RawPlayer.fetchCount)
            try appDatabase.refreshPlayers()
            let count = try dbQueue.read(RawPlayer.fetchCount)
            if countBefore == 0 {
                XCTAssertEqual(count, 8)
            } else {
                XCTAssertTrue((countBefore - 1...countBefore + 1).contains(count), "\(countBefore) -> \(count)")
            }
        }
    }

    func testRawSQLRequests() throws {
        typealias RawPlayer = TutorialGuide.RawSQL.Player
        let dbQueue = try makeDatabaseQueue()
        let appDatabase = try TutorialGuide.RawSQL.AppDatabase(dbQueue)
        for (name, score) in Self.requestPlayers {
            var player = RawPlayer(id: nil, name: name, score: score)
            try appDatabase.insertPlayer(&player)
        }
        let dbWriter: any DatabaseWriter = dbQueue
        let players: [RawPlayer] = try dbWriter.read { db in
            try RawPlayer.orderedByName().fetchAll(db)
        }
        XCTAssertEqual(players.map(\.name), Self.playerNamesByName)
        XCTAssertEqual(lastSQLQuery(matching: "SELECT"), "SELECT * FROM player\nORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare")

        let byScore: [RawPlayer] = try dbWriter.read { db in
            try RawPlayer.orderedByScore().fetchAll(db)
        }
        XCTAssertEqual(byScore.map(\.name), Self.playerNamesByScore)

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
