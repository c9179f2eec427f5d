import Folio
import Foundation

// The "Raw SQL version", "Without Encodable", "Without Decodable" and
// "Without Codable" alternatives of Documentation/DatabaseAccessLayerTutorial.md.

extension TutorialGuide.RawSQL {
    final class AppDatabase: Sendable {
        init(_ dbWriter: any DatabaseWriter) throws {
            self.dbWriter = dbWriter
            try migrator.migrate(dbWriter)
        }

        private let dbWriter: any DatabaseWriter
    }

    /// A player
    struct Player {
        var id: Int64?
        var name: String
        var score: Int
    }
}

extension TutorialGuide.RawSQL.AppDatabase {
    typealias Player = TutorialGuide.RawSQL.Player

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

    /// Inserts a player. When the method returns, the id of the
    /// player is set.
    func insertPlayer(_ player: inout Player) throws {
        try dbWriter.write { db in
            try insert(db, player: &player)
        }
    }

    /// Inserts a player. When the method returns, the id of the
    /// player is set.
    private func insert(_ db: Database, player: inout Player) throws {
        try db.execute(literal: """
            INSERT INTO player (name, score)
            VALUES (\(player.name), \(player.score))
            """)
        player.id = db.lastInsertedRowID
    }

    /// Deletes the players with these ids.
    func deletePlayers(ids: [Int64]) throws {
        try dbWriter.write { db in
            try db.execute(literal: "DELETE FROM player WHERE id IN \(ids)")
        }
    }

    /// Deletes the players with these ids (placeholders built by hand).
    func deletePlayersWithQuestionMarks(ids: [Int64]) throws {
        try dbWriter.write { db in
            if ids.isEmpty {
                // `IN ()` is a syntax error
                return
            }
            // DELETE FROM player WHERE id IN (?, ?, ...)
            // with as many question marks as there are ids
            let placeholders = databaseQuestionMarks(count: ids.count)
            let sql = "DELETE FROM player WHERE id IN (\(placeholders))"
            try db.execute(sql: sql, arguments: StatementArguments(ids))
        }
    }

    /// Deletes all players.
    func deleteAllPlayers() throws {
        try dbWriter.write { db in
            try db.execute(sql: "DELETE FROM player")
        }
    }

    /// Makes random changes to the players, for the demo.
    func refreshPlayers() throws {
        try dbWriter.write { db in
            if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") == 0 {
                // An empty database gets random players
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
                        WHERE id IN (SELECT id FROM player ORDER BY RANDOM() LIMIT 1)
                        """)
                }

                // Update some players
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM player")
                for id in ids where Bool.random() {
                    try db.execute(literal: """
                        UPDATE player SET score = \(Player.randomScore()) WHERE id = \(id)
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

    /// Not in the guide: read access for the tests.
    var reader: any DatabaseReader { dbWriter }
}

extension TutorialGuide.RawSQL.Player {
    static func newRandom() -> TutorialGuide.RawSQL.Player {
        TutorialGuide.RawSQL.Player(id: nil, name: "Arthur", score: randomScore())
    }

    static func randomScore() -> Int {
        10 * Int.random(in: 0...100)
    }
}

// Without Encodable
extension TutorialGuide.RawSQL.Player: MutablePersistableRecord {
    /// The values stored in the database
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["score"] = score
    }

    /// Stores the id of an inserted player.
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// Without Decodable
extension TutorialGuide.RawSQL.Player: FetchableRecord {
    /// Creates a player from a database row.
    init(row: Row) {
        id = row["id"]
        name = row["name"]
        score = row["score"]
    }
}

// Without Codable
extension TutorialGuide.RawSQL.Player {
    // The columns of the player table
    enum Columns: String, ColumnExpression {
        case name
        case score
    }

    /// Not in the guide: uses the columns, so that they are not unused.
    static var columnNames: [String] { [Columns.name.name, Columns.score.name] }
}

/// The player requests of the application.
extension TutorialGuide.RawSQL.Player {
    /// Players ordered by name.
    ///
    /// For example:
    ///
    ///     let players: [Player] = try dbWriter.read { db in
    ///         try Player.orderedByName().fetchAll(db)
    ///     }
    static func orderedByName() -> SQLRequest<TutorialGuide.RawSQL.Player> {
        // Localized case-insensitive order
        """
        SELECT * FROM player
        ORDER BY name COLLATE \(.localizedCaseInsensitiveCompare)
        """
    }

    /// Players ordered by score.
    ///
    /// For example:
    ///
    ///     let players: [Player] = try dbWriter.read { db in
    ///         try Player.orderedByScore().fetchAll(db)
    ///     }
    static func orderedByScore() -> SQLRequest<TutorialGuide.RawSQL.Player> {
        // Descending score, then name in a localized case-insensitive order
        """
        SELECT * FROM player
        ORDER BY score DESC,
                 name COLLATE \(.localizedCaseInsensitiveCompare)
        """
    }
}
