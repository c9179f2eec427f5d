import Folio
import Foundation
import XCTest

// The samples of Documentation/DatabaseAccessLayerTutorial.md.
//
// The tutorial builds one application, and gives alternative versions of
// some steps (raw SQL, without Codable). The main version lives in
// `TutorialGuide.Records`, the alternatives in `TutorialGuide.RawSQL`.
// `AppDatabase.shared` opens a file in the application support folder: it
// is compiled, never run.

enum TutorialGuide {
    enum Records { }
    enum RawSQL { }
}

// MARK: - The database service

extension TutorialGuide.Records {
    final class AppDatabase: Sendable {
        /// Creates an `AppDatabase`, and makes sure the database schema
        /// is ready.
        init(_ dbWriter: any DatabaseWriter) throws {
            self.dbWriter = dbWriter
            try migrator.migrate(dbWriter)
        }

        /// Gives access to the database.
        private let dbWriter: any DatabaseWriter
    }

    /// A player
    struct Player {
        var id: Int64?
        var name: String
        var score: Int
    }
}

// The first version of the service, before migrations.
extension TutorialGuide.Records {
    final class FirstAppDatabase: Sendable {
        /// Creates an `AppDatabase`.
        init(_ dbWriter: any DatabaseWriter) throws {
            self.dbWriter = dbWriter
        }

        /// Gives access to the database.
        private let dbWriter: any DatabaseWriter
    }

    /// A player (first version)
    struct FirstPlayer {
        var name: String
        var score: Int
    }
}

// MARK: - The shared application database (compiled, not run)

extension TutorialGuide.Records.AppDatabase {
    /// The database of the application.
    static let shared = makeShared()

    private static func makeShared() -> TutorialGuide.Records.AppDatabase {
        do {
            // The folder of the database
            let fileManager = FileManager.default
            let folderURL = try fileManager
                .url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                .appendingPathComponent("database", isDirectory: true)
            try fileManager.createDirectory(at: folderURL, withIntermediateDirectories: true)

            // The database connection
            let dbURL = folderURL.appendingPathComponent("db.sqlite")
            let dbPool = try DatabasePool(path: dbURL.path)

            let appDatabase = try TutorialGuide.Records.AppDatabase(dbPool)

            // Players for the demo
            try appDatabase.createRandomPlayersIfEmpty()

            return appDatabase
        } catch {
            fatalError("Unresolved error \(error)")
        }
    }

    /// Returns an empty in-memory database.
    static func empty() throws -> TutorialGuide.Records.AppDatabase {
        let dbQueue = try DatabaseQueue()
        return try TutorialGuide.Records.AppDatabase(dbQueue)
    }
}

extension TutorialGuide.Records {
    /// The first version of makeShared, without demo players (compiled, not run).
    enum FirstShared {
        private static func makeShared() -> AppDatabase {
            do {
                // The folder of the database
                let fileManager = FileManager.default
                let folderURL = try fileManager
                    .url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                    .appendingPathComponent("database", isDirectory: true)
                try fileManager.createDirectory(at: folderURL, withIntermediateDirectories: true)

                // The database connection
                let dbURL = folderURL.appendingPathComponent("db.sqlite")
                let dbPool = try DatabasePool(path: dbURL.path)

                return try AppDatabase(dbPool)
            } catch {
                fatalError("Unresolved error \(error)")
            }
        }
    }

    /// Saving players from the app (compiled, not run: it uses the shared
    /// database).
    static func savePlayersFromTheApp() throws {
        // Inserts a player
        var player = Player(id: nil, name: "Arthur", score: 0)
        try AppDatabase.shared.savePlayer(&player)
        print("Player id is \(player.id!)") // Prints "Player id is 1"

        // Updates the player
        player.score = 1000
        try AppDatabase.shared.savePlayer(&player)
    }

    /// Iterating the observation of the shared database (compiled, not run).
    static func printFreshPlayers() async throws {
        let observation = AppDatabase.observePlayers(orderedBy: .byScore)
        for try await players in observation.values(in: AppDatabase.shared.reader) {
            print("Fresh players: \(players)")
        }
    }
}

// MARK: - The database schema

extension TutorialGuide.Records.AppDatabase {
    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("initial") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }

        // Register the migrations of future versions here:
        // migrator.registerMigration(...) { db in
        //     ...
        // }

        return migrator
    }
}

// MARK: - Inserting, saving, deleting players

// Give Player database powers
extension TutorialGuide.Records.Player: Encodable, MutablePersistableRecord {
    /// Stores the id of an inserted player.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension TutorialGuide.Records.AppDatabase {
    typealias Player = TutorialGuide.Records.Player

    /// Saves (inserts or updates) a player. When the method returns, the
    /// id of the player is set.
    func savePlayer(_ player: inout Player) throws {
        try dbWriter.write { db in
            try player.save(db)
        }
    }

    /// Deletes the players with these ids.
    func deletePlayers(ids: [Int64]) throws {
        try dbWriter.write { db in
            _ = try Player.deleteAll(db, keys: ids)
        }
    }

    /// Deletes all players.
    func deleteAllPlayers() throws {
        try dbWriter.write { db in
            _ = try Player.deleteAll(db)
        }
    }
}

// MARK: - Fetching and modifying players

extension TutorialGuide.Records.AppDatabase {
    /// Makes random changes to the players, for the demo.
    func refreshPlayers() throws {
        try dbWriter.write { db in
            if try Player.fetchCount(db) == 0 {
                // An empty database gets random players
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

    private func createRandomPlayers(_ db: Database) throws {
        for _ in 0..<8 {
            var player = Player.newRandom()
            try player.insert(db)
        }
    }

    /// Creates random players if the database is empty.
    func createRandomPlayersIfEmpty() throws {
        try dbWriter.write { db in
            if try Player.fetchCount(db) == 0 {
                try createRandomPlayers(db)
            }
        }
    }
}

extension TutorialGuide.Records.Player {
    private static let names = [
        "Arthur", "Anita", "Barbara", "Bernard", "Craig", "Chiara", "David",
        "Dean", "Éric", "Elena", "Fatima", "Frederik", "Gilbert", "Georgette"]

    /// Returns a new player with a random name and a random score.
    static func newRandom() -> TutorialGuide.Records.Player {
        TutorialGuide.Records.Player(id: nil, name: randomName(), score: randomScore())
    }

    /// Returns a random name.
    static func randomName() -> String {
        names.randomElement()!
    }

    /// Returns a random score.
    static func randomScore() -> Int {
        10 * Int.random(in: 0...100)
    }
}

extension TutorialGuide.Records.Player: Decodable, FetchableRecord { }

// MARK: - Sorting players

extension TutorialGuide.Records.Player {
    // The columns of the player table
    enum Columns {
        static let name = Column(CodingKeys.name)
        static let score = Column(CodingKeys.score)
    }
}

/// The player requests of the application.
extension DerivableRequest<TutorialGuide.Records.Player> {
    /// Players ordered by name.
    ///
    /// For example:
    ///
    ///     let players: [Player] = try dbWriter.read { db in
    ///         try Player.all().orderedByName().fetchAll(db)
    ///     }
    func orderedByName() -> Self {
        // Localized case-insensitive order
        order(TutorialGuide.Records.Player.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }

    /// Players ordered by score.
    ///
    /// For example:
    ///
    ///     let players: [Player] = try dbWriter.read { db in
    ///         try Player.all().orderedByScore().fetchAll(db)
    ///     }
    ///     let bestPlayer: Player? = try dbWriter.read { db in
    ///         try Player.all().orderedByScore().fetchOne(db)
    ///     }
    func orderedByScore() -> Self {
        // Descending score, then name in a localized case-insensitive order
        order(
            TutorialGuide.Records.Player.Columns.score.desc,
            TutorialGuide.Records.Player.Columns.name.collating(.localizedCaseInsensitiveCompare))
    }
}

// MARK: - Observing players

extension TutorialGuide.Records.AppDatabase {
    /// Provides read-only access to the database.
    var reader: any DatabaseReader {
        dbWriter
    }
}

extension TutorialGuide.Records {
    enum PlayerOrdering {
        case byName
        case byScore
    }
}

extension TutorialGuide.Records.AppDatabase {
    typealias PlayerOrdering = TutorialGuide.Records.PlayerOrdering

    /// Returns an observation of the players, sorted.
    static func observePlayers(orderedBy ordering: PlayerOrdering) -> ValueObservation<ValueReducers.Fetch<[Player]>> {
        ValueObservation.tracking { db in
            switch ordering {
            case .byName:
                try Player.all().orderedByName().fetchAll(db)
            case .byScore:
                try Player.all().orderedByScore().fetchAll(db)
            }
        }
    }
}

extension TutorialGuide.Records {
    @MainActor
    final class PlayerList {
        /// The players, for the screen.
        private(set) var players: [Player] = []

        /// The order of the players, chosen by the user.
        var ordering = PlayerOrdering.byScore {
            didSet { observePlayers() }
        }

        private let appDatabase: AppDatabase
        private var cancellable: AnyDatabaseCancellable?

        init(appDatabase: AppDatabase) {
            self.appDatabase = appDatabase
            observePlayers()
        }

        private func observePlayers() {
            let observation = AppDatabase.observePlayers(orderedBy: ordering)
            cancellable = observation.start(
                in: appDatabase.reader,
                scheduling: .immediate,
                onError: { error in
                    print("Observation failed: \(error)")
                },
                onChange: { [weak self] players in
                    self?.players = players
                })
        }
    }
}

// MARK: - Sorting players: the future version

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

// MARK: - Testing the database

/// The tests of the "Testing the Database" chapter, as the guide writes them
/// (in its file AppDatabaseTests.swift).
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
