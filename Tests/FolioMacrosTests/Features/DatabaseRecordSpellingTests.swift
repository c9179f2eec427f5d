import Folio
import FolioMacros
import Foundation
import XCTest

/// Issue 30 (the `@DatabaseRecord` macro), called with the exact spellings
/// the issue gives, as code outside the project calls them: `import Folio`
/// and `import FolioMacros` only. The records are nested in the test class,
/// as the issue allows nested types.
final class DatabaseRecordSpellingTests: XCTestCase {
    @DatabaseRecord                     // table "player" (GRDB's default naming); @DatabaseRecord(table: "players")
    struct Player: Identifiable, Equatable {
        var id: Int64?                  // auto-incremented: didInsert sets it
        var name: String
        @DatabaseColumn("score_total") var score: Int
        var teamId: Int64?              // a foreign key, as any optional column
        @DatabaseTransient var cache: [String] = []      // not a column
        var info: Info                  // a Codable struct: a JSON column, as Codable records store it

        struct Info: Codable, Equatable {
            var rank: Int
        }
    }

    @DatabaseRecord(table: "players")
    struct Member: Equatable {
        let id: Int64
        var name: String
        var status: Status

        enum Status: String { case active, retired }
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score_total INTEGER,
                    teamId INTEGER REFERENCES team(id), info TEXT NOT NULL);
                CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL);
                """)
        }
        return dbQueue
    }

    private func isPersistable<T>(_ type: T.Type) -> Bool { type is any PersistableRecord.Type }
    private func isMutablePersistable<T>(_ type: T.Type) -> Bool { type is any MutablePersistableRecord.Type }
    private func isFetchable<T>(_ type: T.Type) -> Bool { type is any FetchableRecord.Type }

    func testGeneratedConformancesTableNamesAndColumns() {
        XCTAssertEqual(Player.databaseTableName, "player")
        XCTAssertEqual(Member.databaseTableName, "players")
        // An auto-incremented id: MutablePersistableRecord, not PersistableRecord.
        XCTAssertTrue(isFetchable(Player.self))
        XCTAssertTrue(isMutablePersistable(Player.self))
        XCTAssertFalse(isPersistable(Player.self))
        // No auto-incremented id: PersistableRecord.
        XCTAssertTrue(isFetchable(Member.self))
        XCTAssertTrue(isPersistable(Member.self))
        XCTAssertEqual(Player.Columns.id.name, "id")
        XCTAssertEqual(Player.Columns.score.name, "score_total")
        XCTAssertEqual(Player.Columns.teamId.name, "teamId")
        XCTAssertEqual(Player.Columns.info.name, "info")
    }

    func testInsertFetchAndTheQueryInterface() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var arthur = Player(name: "Arthur", score: 500, info: .init(rank: 2))
            arthur.cache = ["ignored"]
            try arthur.insert(db)
            XCTAssertEqual(arthur.id, 1)                      // didInsert sets it
            var barbara = Player(name: "Barbara", score: 1500, info: .init(rank: 1))
            try barbara.insert(db)

            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT * FROM player WHERE id = 1"))
            XCTAssertEqual(row, ["id": 1, "name": "Arthur", "score_total": 500, "teamId": nil, "info": #"{"rank":2}"#])

            let best = try Player.filter { $0.score > 1000 }.fetchAll(db)
            XCTAssertEqual(best.map(\.name), ["Barbara"])
            XCTAssertEqual(try Player.filter(Player.Columns.score > 1000).fetchCount(db), 1)
            let fetched = try XCTUnwrap(Player.fetchOne(db, id: 1))
            XCTAssertEqual(fetched.cache, [])                  // not a column
            XCTAssertEqual(fetched, Player(id: 1, name: "Arthur", score: 500, info: .init(rank: 2)))

            try Member(id: 7, name: "Craig", status: .retired).insert(db)
            XCTAssertEqual(try Member.fetchOne(db, key: 7), Member(id: 7, name: "Craig", status: .retired))
        }
    }

    func testBulkWritesUpsertsAndReturning() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var players = [Player(name: "A", score: 1, info: .init(rank: 1)), Player(name: "B", score: 2, info: .init(rank: 2))]
            try players.insertAll(db)
            XCTAssertEqual(players.map(\.id), [1, 2])
            var upserted = Player(name: "A", score: 10, info: .init(rank: 3))
            try upserted.upsert(db)
            XCTAssertEqual(upserted.id, 1)
            let returned = Player(name: "C", score: 3, info: .init(rank: 4))
            let saved = try returned.insertAndFetch(db)
            XCTAssertEqual(saved.id, 3)
            XCTAssertEqual(try Player.order(Player.Columns.id).fetchAll(db).map(\.score), [10, 2, 3])
        }
    }

    func testDecodingErrorsNameTheColumn() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score_total, info) VALUES (1, 'Arthur', NULL, '{\"rank\":1}')")
            XCTAssertThrowsError(try Player.fetchAll(db)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("score_total"), message)
                XCTAssertTrue(message.contains("Int"), message)
            }
            try db.execute(sql: "INSERT INTO players (id, name, status) VALUES (1, 'Barbara', 'unknown')")
            XCTAssertThrowsError(try Member.fetchAll(db)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("status"), message)
            }
        }
    }
}
