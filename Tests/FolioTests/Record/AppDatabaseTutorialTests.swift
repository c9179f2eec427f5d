import Folio
import Foundation
import XCTest

// The database access layer of the seed `DatabaseAccessLayerTutorial.md`,
// as written in the tutorial, running on an in-memory DatabaseQueue.
//
// Differences with the tutorial, and why:
// - The schema is created with SQL (the "Raw SQL version" of the
//   tutorial) until `DatabaseMigrator` is merged; then `init` becomes
//   `try migrator.migrate(dbWriter)` with the "initial" migration.
// - `Player` decodes rows with the "Avoiding Decodable" `init(row:)` of the
//   tutorial until the row decoder of Decodable records is merged.
// - `AppDatabase.shared` (a DatabasePool in the Application Support
//   directory) is not built: tests use `AppDatabase.empty()`, whose
//   `DatabaseQueue()` throws in GRDB 7.

/// The tutorial code, nested so that `AppDatabase` and `Player` do not
/// collide with the types of other test files. For this reason, the
/// tutorial's extensions of `AppDatabase` and `Player` are merged into the
/// type declarations, and the requests of `DerivableRequest` name
/// `RowDecoder.Columns` instead of `Player.Columns`.
enum DatabaseAccessLayerTutorial {
    // MARK: File: AppDatabase.swift

    final class AppDatabase {
        /// Creates an `AppDatabase` from a database connection,
        /// and make sure the database schema is ready.
        init(_ dbWriter: any DatabaseWriter) throws {
            self.dbWriter = dbWriter
            try migrate(dbWriter)
        }

        /// Provides access to the database.
        private let dbWriter: any DatabaseWriter

        /// Stands for `migrator.migrate(dbWriter)` until DatabaseMigrator
        /// is merged: the "initial" migration, in its raw SQL version.
        private func migrate(_ dbWriter: any DatabaseWriter) throws {
            try dbWriter.write { db in
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS player (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        score INTEGER NOT NULL
                    )
                    """)
            }
        }

        /// Reads the database, for tests.
        func read<T>(_ value: (Database) throws -> T) throws -> T {
            try dbWriter.read(value)
        }

        /// Saves (inserts or updates) a player. When the method returns, the
        /// player id is not nil.
        func savePlayer(_ player: inout Player) throws {
            try dbWriter.write { db in
                try player.save(db)
            }
        }

        /// Delete the specified players
        func deletePlayers(ids: [Int64]) throws {
            try dbWriter.write { db in
                _ = try Player.deleteAll(db, keys: ids)
            }
        }

        /// Delete all players
        func deleteAllPlayers() throws {
            try dbWriter.write { db in
                _ = try Player.deleteAll(db)
            }
        }

        /// Refresh all players (by performing some random changes, for demo purpose).
        func refreshPlayers() throws {
            try dbWriter.write { db in
                if try Player.fetchCount(db) == 0 {
                    // When database is empty, insert new random players
                    try createRandomPlayers(db)
                } else {
                    // Insert a player
                    if Bool.random() {
                        var player = Player.newRandom()
                        try player.insert(db)
                    }

                    // Delete a random player
                    if Bool.random() {
                        try Player.order(sql: "RANDOM()").limit(1).deleteAll(db)
                    }

                    // Update some players
                    for var player in try Player.fetchAll(db) where Bool.random() {
                        try player.updateChanges(db) {
                            $0.score = Player.randomScore()
                        }
                    }
                }
            }
        }

        /// Create random players if the database is empty.
        func createRandomPlayersIfEmpty() throws {
            try dbWriter.write { db in
                if try Player.fetchCount(db) == 0 {
                    try createRandomPlayers(db)
                }
            }
        }

        private func createRandomPlayers(_ db: Database) throws {
            for _ in 0..<8 {
                var player = Player.newRandom()
                try player.insert(db)
            }
        }

        // MARK: File: Persistence.swift

        /// Creates an empty database for SwiftUI previews
        // GRDB 7: `DatabaseQueue()` throws.
        static func empty() throws -> AppDatabase {
            // Connect to an in-memory database
            let dbQueue = try DatabaseQueue()
            return try AppDatabase(dbQueue)
        }
    }

    // MARK: File: Player.swift

    /// A Player
    struct Player: Encodable, MutablePersistableRecord, FetchableRecord {
        var id: Int64?
        var name: String
        var score: Int

        init(id: Int64?, name: String, score: Int) {
            self.id = id
            self.name = name
            self.score = score
        }

        // Give Player database powers

        /// Updates a player id after it has been inserted in the database.
        mutating func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
        }

        /// Creates a player from a database row
        init(row: Row) {
            id = row["id"]
            name = row["name"]
            score = row["score"]
        }

        private static let names = [
            "Arthur", "Anita", "Barbara", "Bernard", "Craig", "Chiara", "David",
            "Dean", "Éric", "Elena", "Fiona", "Gabriel", "Gilbert", "Henriette",
        ]

        /// Creates a new player with random name and random score
        static func newRandom() -> Player {
            Player(id: nil, name: randomName(), score: randomScore())
        }

        /// Returns a random name
        static func randomName() -> String {
            names.randomElement()!
        }

        /// Returns a random score
        static func randomScore() -> Int {
            10 * Int.random(in: 0...100)
        }

        // Player columns are defined from CodingKeys
        fileprivate enum Columns {
            static let name = Column(CodingKeys.name)
            static let score = Column(CodingKeys.score)
        }
    }
}

/// Define some player requests used by the application.
extension DerivableRequest where RowDecoder == DatabaseAccessLayerTutorial.Player {
    /// A request of players ordered by name.
    func orderedByName() -> Self {
        // Sort by name in a localized case insensitive fashion
        order(DatabaseAccessLayerTutorial.Player.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }

    /// A request of players ordered by score.
    func orderedByScore() -> Self {
        // Sort by descending score, and then by name, in a
        // localized case insensitive fashion
        order(
            DatabaseAccessLayerTutorial.Player.Columns.score.desc,
            DatabaseAccessLayerTutorial.Player.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }
}

// MARK: - Tests

final class AppDatabaseTutorialTests: FolioTestCase {
    private typealias AppDatabase = DatabaseAccessLayerTutorial.AppDatabase
    private typealias Player = DatabaseAccessLayerTutorial.Player

    private func makeAppDatabase() throws -> AppDatabase {
        try AppDatabase(makeDatabaseQueue())
    }

    /// The SQL of the last tests, without transactions and schema
    /// introspection.
    private var statements: [String] {
        persistenceSQLQueries.filter { !$0.hasPrefix("BEGIN") && !$0.hasPrefix("COMMIT") }
    }

    func testEmptyDatabaseHasNoPlayer() throws {
        let appDatabase = try AppDatabase.empty()
        XCTAssertEqual(try appDatabase.read(Player.fetchCount), 0)
    }

    func testSavePlayerInsertsThenUpdates() throws {
        let appDatabase = try makeAppDatabase()

        // Inserts a player
        var player = Player(id: nil, name: "Arthur", score: 0)
        clearSQLQueries()
        try appDatabase.savePlayer(&player)
        XCTAssertEqual(player.id, 1) // Prints "Player id is 1"
        XCTAssertEqual(statements, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)"#])

        // Updates a player
        player.score = 1000
        clearSQLQueries()
        try appDatabase.savePlayer(&player)
        XCTAssertEqual(statements, [
            "SAVEPOINT folio0",
            #"UPDATE "player" SET "name" = ?, "score" = ? WHERE "id" = ?"#,
            "RELEASE SAVEPOINT folio0",
        ])
        XCTAssertEqual(try appDatabase.read { try Row.fetchAll($0, sql: "SELECT * FROM player") }, [
            ["id": 1, "name": "Arthur", "score": 1000],
        ])
    }

    func testSavePlayerValidatesThroughTheSchema() throws {
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
        }
    }

    func testDeletePlayers() throws {
        let appDatabase = try makeAppDatabase()
        var ids: [Int64] = []
        for name in ["Arthur", "Barbara", "Craig"] {
            var player = Player(id: nil, name: name, score: 0)
            try appDatabase.savePlayer(&player)
            ids.append(player.id!)
        }
        try appDatabase.deletePlayers(ids: [ids[0], ids[2]])
        XCTAssertEqual(try appDatabase.read { try Player.fetchAll($0).map(\.name) }, ["Barbara"])
        try appDatabase.deletePlayers(ids: [])
        XCTAssertEqual(try appDatabase.read(Player.fetchCount), 1)

        clearSQLQueries()
        try appDatabase.deleteAllPlayers()
        XCTAssertEqual(statements, [#"DELETE FROM "player""#])
        XCTAssertEqual(try appDatabase.read(Player.fetchCount), 0)
    }

    func testCreateRandomPlayersIfEmpty() throws {
        let appDatabase = try makeAppDatabase()
        clearSQLQueries()
        try appDatabase.createRandomPlayersIfEmpty()
        XCTAssertEqual(statements, [#"SELECT COUNT(*) FROM "player""#]
            + Array(repeating: #"INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)"#, count: 8))
        let players = try appDatabase.read(Player.fetchAll)
        XCTAssertEqual(players.map(\.id), Array(1...8))
        XCTAssertTrue(players.allSatisfy { $0.score % 10 == 0 && (0...1000).contains($0.score) })

        clearSQLQueries()
        try appDatabase.createRandomPlayersIfEmpty()
        XCTAssertEqual(statements, [#"SELECT COUNT(*) FROM "player""#])
        XCTAssertEqual(try appDatabase.read(Player.fetchCount), 8)
    }

    func testRefreshPlayersOfEmptyDatabaseCreatesPlayers() throws {
        let appDatabase = try makeAppDatabase()
        try appDatabase.refreshPlayers()
        XCTAssertEqual(try appDatabase.read(Player.fetchCount), 8)
    }

    func testRefreshPlayersPerformsRandomChanges() throws {
        let appDatabase = try makeAppDatabase()
        try appDatabase.createRandomPlayersIfEmpty()
        // Statements a refresh may run.
        let allowed: Set<String> = [
            #"SELECT COUNT(*) FROM "player""#,
            #"INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)"#,
            #"DELETE FROM "player" WHERE "rowid" IN (SELECT "rowid" FROM "player" ORDER BY RANDOM() LIMIT 1)"#,
            #"SELECT * FROM "player""#,
            #"UPDATE "player" SET "score" = ? WHERE "id" = ?"#,
        ]
        var seen: Set<String> = []
        for _ in 0..<30 {
            let countBefore = try appDatabase.read(Player.fetchCount)
            let playersBefore = try appDatabase.read(Player.fetchAll)
            clearSQLQueries()
            try appDatabase.refreshPlayers()
            let statements = self.statements
            XCTAssertTrue(Set(statements).isSubset(of: allowed), "\(statements)")
            seen.formUnion(statements)

            let players = try appDatabase.read(Player.fetchAll)
            let insertCount = statements.filter { $0.hasPrefix("INSERT") }.count
            let deleteCount = statements.filter { $0.hasPrefix("DELETE") }.count
            let updateCount = statements.filter { $0.hasPrefix("UPDATE") }.count
            XCTAssertEqual(players.count, countBefore + insertCount - deleteCount)
            if countBefore > 0 {
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
        XCTAssertTrue(seen.contains(#"UPDATE "player" SET "score" = ? WHERE "id" = ?"#))
    }

    func testPlayerRequests() throws {
        let appDatabase = try makeAppDatabase()
        for (name, score) in [("bernard", 10), ("Arthur", 30), ("Éric", 30), ("barbara", 20)] {
            var player = Player(id: nil, name: name, score: score)
            try appDatabase.savePlayer(&player)
        }
        try appDatabase.read { db in
            XCTAssertEqual(try Player.all().orderedByName().fetchAll(db).map(\.name), ["Arthur", "barbara", "bernard", "Éric"])
            XCTAssertEqual(try Player.all().orderedByScore().fetchAll(db).map(\.name), ["Arthur", "Éric", "barbara", "bernard"])
            XCTAssertEqual(try Player.all().orderedByScore().fetchOne(db)?.name, "Arthur")
        }
    }
}
