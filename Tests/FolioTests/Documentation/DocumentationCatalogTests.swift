import Folio
import Foundation
import XCTest

// The samples of the articles of Sources/Folio/Documentation.docc.

enum DocumentationCatalog {
    enum Landing {
        struct Player: Codable, FetchableRecord, MutablePersistableRecord {
            var id: Int64?
            var name: String
            var score: Int

            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }
    }

    enum RecordsArticle {
        struct Player: Codable, FetchableRecord, MutablePersistableRecord {
            var id: Int64?
            var name: String
            var score: Int

            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
            }
        }
    }

    enum QueryInterfaceArticle {
        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var name: String
            var score: Int
            var teamId: Int64?
        }
    }

    enum AssociationsArticle {
        struct Author: Codable, FetchableRecord { var id: Int64; var name: String }
        struct Book: Codable, FetchableRecord { var id: Int64; var authorId: Int64; var title: String }

        struct BookInfo: Decodable, FetchableRecord {
            var book: Book
            var author: Author
        }
        struct AuthorInfo: Decodable, FetchableRecord {
            var author: Author
            var bookCount: Int
        }
    }
}

extension DocumentationCatalog.AssociationsArticle.Author: TableRecord {
    static let books = hasMany(DocumentationCatalog.AssociationsArticle.Book.self)
}
extension DocumentationCatalog.AssociationsArticle.Book: TableRecord {
    static let author = belongsTo(DocumentationCatalog.AssociationsArticle.Author.self)
}

/// Runs the samples of the documentation catalog articles.
final class DocumentationCatalogTests: FolioTestCase {
    func testLandingPage() throws {
        typealias Player = DocumentationCatalog.Landing.Player
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath())
        try dbQueue.write { db in
            try db.create(table: "player", options: .ifNotExists) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            var player = Player(id: nil, name: "Arthur", score: 100)
            try player.insert(db)
        }
        let bestPlayers = try dbQueue.read { db in
            try Player.order(\.score.desc).limit(10).fetchAll(db)
        }
        XCTAssertEqual(bestPlayers.map(\.name), ["Arthur"])
    }

    func testDatabaseConnectionsArticle() async throws {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath())
        try await dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }

        try await dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
        }
        let count = try await dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")
        }
        XCTAssertEqual(count, 1)
    }

    func testSQLSupportArticle() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
        }
        try dbQueue.write { db in
            try db.execute(
                sql: "INSERT INTO player (name, score) VALUES (?, ?)",
                arguments: ["Arthur", 1000])

            let name = "O'Brien"
            try db.execute(literal: "INSERT INTO player (name, score) VALUES (\(name), 0)")

            let rows = try Row.fetchAll(db, sql: "SELECT * FROM player")
            let names = try String.fetchAll(db, sql: "SELECT name FROM player")
            let maxScore = try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player")
            XCTAssertEqual(rows.count, 2)
            XCTAssertEqual(names, ["Arthur", "O'Brien"])
            XCTAssertEqual(maxScore, 1000)
        }
    }

    func testRecordsArticle() throws {
        typealias Player = DocumentationCatalog.RecordsArticle.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
        }
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", score: 100)
            try player.insert(db)
            player.score = 1000
            try player.update(db)
            let players = try Player.fetchAll(db)
            XCTAssertEqual(players.map(\.score), [1000])
        }
    }

    func testQueryInterfaceArticle() throws {
        typealias Player = DocumentationCatalog.QueryInterfaceArticle.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, teamId INTEGER);
                INSERT INTO player VALUES (1, 'Barbara', 2000, 1), (2, 'Arthur', 1500, 1), (3, 'Craig', 10, 2);
                """)
        }
        try dbQueue.write { db in
            // SELECT * FROM "player" WHERE "score" > ? ORDER BY "name"
            let players = try Player
                .filter { $0.score > 1000 }
                .order(\.name)
                .fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "score" > ? ORDER BY "name""#)
            XCTAssertEqual(players.map(\.name), ["Arthur", "Barbara"])

            // SELECT MAX("score") FROM "player" LIMIT 1
            let maxScore = try Player.select({ max($0.score) }, as: Int.self).fetchOne(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT MAX("score") FROM "player" LIMIT 1"#)
            XCTAssertEqual(maxScore, 2000)

            // UPDATE "player" SET "score" = "score" + ? WHERE "teamId" = ?
            try Player.filter { $0.teamId == 1 }.updateAll(db) { $0.score += 10 }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ? WHERE "teamId" = ?"#)
        }
    }

    func testAssociationsArticle() throws {
        typealias Author = DocumentationCatalog.AssociationsArticle.Author
        typealias Book = DocumentationCatalog.AssociationsArticle.Book
        typealias BookInfo = DocumentationCatalog.AssociationsArticle.BookInfo
        typealias AuthorInfo = DocumentationCatalog.AssociationsArticle.AuthorInfo
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("author").notNull()
                t.column("title", .text).notNull()
            }
            try db.execute(sql: """
                INSERT INTO author (id, name) VALUES (1, 'Herman Melville');
                INSERT INTO book (authorId, title) VALUES (1, 'Moby-Dick'), (1, 'Typee');
                """)
        }
        try dbQueue.read { db in
            let bookInfos = try BookInfo.fetchAll(db, Book.including(required: Book.author))
            let authorInfos = try AuthorInfo.fetchAll(db, Author.annotated(with: Author.books.count))
            XCTAssertEqual(bookInfos.map(\.author.name), ["Herman Melville", "Herman Melville"])
            XCTAssertEqual(authorInfos.map(\.bookCount), [2])
        }
    }

    func testMigrationsArticle() throws {
        let dbQueue = try makeDatabaseQueue()
        var migrator = DatabaseMigrator()

        migrator.registerMigration("createLibrary") { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(table: "book") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.belongsTo("author", onDelete: .cascade).notNull()
            }
        }

        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertEqual(try migrator.appliedMigrations(db), ["createLibrary"])
        }
    }

    func testObservationArticle() async throws {
        typealias Player = DocumentationCatalog.RecordsArticle.Player
        let dbPool = try DatabasePool(path: temporaryDatabasePath())
        try await dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER); INSERT INTO player (name, score) VALUES ('Arthur', 0)")
        }
        let observation = ValueObservation.tracking { db in
            try Player.order(\.name).fetchAll(db)
        }

        for try await players in observation.values(in: dbPool) {
            print("Fresh players: \(players)")
            XCTAssertEqual(players.map(\.name), ["Arthur"])
            break
        }
    }
}
