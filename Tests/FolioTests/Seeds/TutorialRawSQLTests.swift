import Folio
import XCTest

// The "Raw SQL version" blocks of the tutorial (seed
// DatabaseAccessLayerTutorial.md), run as written with `import Folio`.

/// A Player (raw SQL version: no record protocol).
private struct Player: Equatable {
    var id: Int64?
    var name: String
    var score: Int

    private static let names = ["Arthur", "Anita", "Barbara", "Bernard", "Craig", "Chiara"]

    static func newRandom() -> Player {
        Player(id: nil, name: randomName(), score: randomScore())
    }

    static func randomName() -> String {
        names.randomElement()!
    }

    static func randomScore() -> Int {
        10 * Int.random(in: 0...100)
    }
}

private final class AppDatabase {
    init(_ dbWriter: any DatabaseWriter) throws {
        self.dbWriter = dbWriter
        try migrator.migrate(dbWriter)
    }

    private let dbWriter: any DatabaseWriter

    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("initial") { db in
            try db.execute(sql: """
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    score INTEGER NOT NULL
                )
                """)
        }

        return migrator
    }

    /// Inserts a player. When the method returns, the
    /// player id is set to the newly inserted id.
    func insertPlayer(_ player: inout Player) throws {
        try dbWriter.write { db in
            try insert(db, player: &player)
        }
    }

    /// Inserts a player. When the method returns, the
    /// player id is set to the newly inserted id.
    private func insert(_ db: Database, player: inout Player) throws {
        try db.execute(literal: """
            INSERT INTO player (name, score)
            VALUES (\(player.name), \(player.score))
            """)
        player.id = db.lastInsertedRowID
    }

    /// Delete the specified players
    func deletePlayers(ids: [Int64]) throws {
        try dbWriter.write { db in
            try db.execute(literal: """
                DELETE FROM player WHERE id IN \(ids)
                """)
        }
    }

    /// Delete the specified players, "really raw" version.
    func deletePlayersReallyRaw(ids: [Int64]) throws {
        try dbWriter.write { db in
            if ids.isEmpty {
                // Avoid SQL syntax error
                return
            }
            // DELETE FROM player WHERE id IN (?, ?, ...)
            //                                 ~~~~~~~~~
            //   as many question marks as there are ids
            let placeholders = databaseQuestionMarks(count: ids.count)
            let query = "DELETE FROM player WHERE id IN (\(placeholders))"
            try db.execute(sql: query, arguments: StatementArguments(ids))
        }
    }

    /// Delete all players
    func deleteAllPlayers() throws {
        try dbWriter.write { db in
            try db.execute(sql: "DELETE FROM player")
        }
    }

    /// Refresh all players (by performing some random changes, for demo purpose).
    func refreshPlayers() throws {
        try dbWriter.write { db in
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") == 0 {
                // When database is empty, insert new random players
                try createRandomPlayers(db)
            } else {
                // Insert a player
                if Bool.random() {
                    var player = Player.newRandom()
                    try insert(db, player: &player)
                }

                // Delete a random player
                if Bool.random() {
                    try db.execute(sql: """
                        DELETE FROM player
                        ORDER BY RANDOM()
                        LIMIT 1
                        """)
                }

                // Update some players
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM player")
                for id in ids where Bool.random() {
                    try db.execute(literal: """
                        UPDATE player
                        SET score = \(Player.randomScore())
                        WHERE id = \(id)
                        """)
                }
            }
        }
    }

    private func createRandomPlayers(_ db: Database) throws {
        for _ in 0..<8 {
            var player = Player.newRandom()
            try insert(db, player: &player)
        }
    }

    /// Players ordered by name (the tutorial's raw SQL request, with
    /// `COLLATE`: the seed's `COLLATING` is a typo that SQLite rejects).
    func playersOrderedByName() throws -> [Row] {
        try dbWriter.read { db in
            let request: SQLRequest<Row> = """
                SELECT * FROM player
                ORDER BY name COLLATE \(.localizedCaseInsensitiveCompare)
                """
            return try request.fetchAll(db)
        }
    }

    /// Players ordered by score, then by name.
    func bestPlayer() throws -> Row? {
        try dbWriter.read { db in
            let request: SQLRequest<Row> = """
                SELECT * FROM player
                ORDER BY score DESC,
                         name COLLATE \(.localizedCaseInsensitiveCompare)
                """
            return try request.fetchOne(db)
        }
    }

    func playerCount() throws -> Int {
        try dbWriter.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")! }
    }
}

final class TutorialRawSQLTests: FolioTestCase {
    func testInsertSetsId() throws {
        let appDatabase = try AppDatabase(makeDatabaseQueue())
        var player = Player(id: nil, name: "Arthur", score: 100)
        try appDatabase.insertPlayer(&player)
        XCTAssertEqual(player.id, 1)
        XCTAssertTrue(sqlQueries.contains("INSERT INTO player (name, score)\nVALUES (?, ?)"), "\(sqlQueries)")
    }

    func testDeletePlayersByIds() throws {
        let appDatabase = try AppDatabase(makeDatabaseQueue())
        var ids: [Int64] = []
        for name in ["Arthur", "Barbara", "Craig", "David"] {
            var player = Player(id: nil, name: name, score: 0)
            try appDatabase.insertPlayer(&player)
            ids.append(player.id!)
        }
        try appDatabase.deletePlayers(ids: [ids[0], ids[1]])
        XCTAssertTrue(sqlQueries.contains("DELETE FROM player WHERE id IN (?, ?)"))
        XCTAssertEqual(try appDatabase.playerCount(), 2)
        try appDatabase.deletePlayersReallyRaw(ids: [ids[2]])
        try appDatabase.deletePlayersReallyRaw(ids: [])
        XCTAssertEqual(try appDatabase.playerCount(), 1)
        try appDatabase.deleteAllPlayers()
        XCTAssertEqual(try appDatabase.playerCount(), 0)
    }

    func testRefreshPopulatesEmptyDatabaseAndKeepsItConsistent() throws {
        let appDatabase = try AppDatabase(makeDatabaseQueue())
        try appDatabase.refreshPlayers()
        XCTAssertEqual(try appDatabase.playerCount(), 8)
        for _ in 0..<20 {
            try appDatabase.refreshPlayers()
        }
        XCTAssertGreaterThan(try appDatabase.playerCount(), 0)
    }

    func testSortingRequests() throws {
        let appDatabase = try AppDatabase(makeDatabaseQueue())
        for (name, score) in [("bernard", 10), ("Arthur", 50), ("anita", 50)] {
            var player = Player(id: nil, name: name, score: score)
            try appDatabase.insertPlayer(&player)
        }
        XCTAssertEqual(try appDatabase.playersOrderedByName().map { $0["name"] as String }, ["anita", "Arthur", "bernard"])
        XCTAssertEqual(try appDatabase.bestPlayer()?["name"], "anita")
    }
}
