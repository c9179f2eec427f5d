import Folio
import FolioMacros
import Foundation
import XCTest

// The samples of Documentation/RecordMacro.md, compiled and run.

enum RecordMacroGuide {
    @DatabaseRecord                     // table "player"; @DatabaseRecord(table: "players")
    struct Player: Identifiable, Equatable {
        var id: Int64?                  // auto-incremented: didInsert sets it
        var name: String
        @DatabaseColumn("score_total") var score: Int
        var teamId: Int64?              // a foreign key, as any optional column
        @DatabaseTransient var cache: [String] = []      // not a column
        var info: Info                  // a Codable struct: a JSON column

        struct Info: Codable, Equatable {
            var level: Int
            var tags: [String]
        }
    }

    @DatabaseRecord(table: "teams")
    struct Team: Equatable {
        var id: Int64
        var name: String
    }

    @DatabaseRecord
    struct Event {
        var id: Int64
        var date: Date
        var kind: Kind

        enum Kind: String { case meeting, call }

        static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
            .timeIntervalSince1970
        }
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
            .timeIntervalSince1970
        }
    }

    struct TeamInfo: FetchableRecord {
        var team: Team
        var players: [Player]

        init(row: Row) throws {
            team = try Team(row: row)
            players = try (row.prefetchedRows["players"] ?? []).map { try Player(row: $0) }
        }
    }

    static func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "teams") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull()
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score_total", .integer).notNull()
                t.column("teamId", .integer).references("teams")
                t.column("info", .jsonText).notNull()
            }
            try db.create(table: "event") { t in
                t.primaryKey("id", .integer)
                t.column("date", .double).notNull()
                t.column("kind", .text).notNull()
            }
        }
        return dbQueue
    }
}

extension RecordMacroGuide.Player {
    static let team = belongsTo(RecordMacroGuide.Team.self)
}
extension RecordMacroGuide.Team {
    static let players = hasMany(RecordMacroGuide.Player.self)
}

final class RecordMacroGuideTests: XCTestCase {
    typealias Player = RecordMacroGuide.Player
    typealias Team = RecordMacroGuide.Team
    typealias Event = RecordMacroGuide.Event
    typealias TeamInfo = RecordMacroGuide.TeamInfo

    func testARecord() throws {
        let dbQueue = try RecordMacroGuide.makeDatabase()
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", score: 1000, teamId: nil, info: .init(level: 1, tags: []))
            try player.insert(db)           // player.id is set
            player.score += 10
            try player.update(db)

            let best = try Player.filter { $0.score > 1000 }.order(\.score.desc).fetchAll(db)
            XCTAssertEqual(best, [player])
            XCTAssertEqual(player.id, 1)
        }
    }

    func testPropertyTypes() throws {
        let dbQueue = try RecordMacroGuide.makeDatabase()
        try dbQueue.write { db in
            try Event(id: 1, date: Date(timeIntervalSince1970: 60), kind: .call).insert(db)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT date FROM event"), 60)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT kind FROM event"), "call")
            XCTAssertEqual(try Event.fetchOne(db, key: 1)?.kind, .call)
        }
    }

    func testColumnsAndTheQueryInterface() throws {
        let dbQueue = try RecordMacroGuide.makeDatabase()
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", score: 1500, teamId: nil, info: .init(level: 1, tags: []))
            try player.insert(db)
            let request = Player.filter { $0.score > 1000 }.order(\.name)
            // SELECT * FROM "player" WHERE "score_total" > 1000 ORDER BY "name"
            XCTAssertEqual(
                try request.makePreparedRequest(db, forSingleResult: false).statement.sql,
                #"SELECT * FROM "player" WHERE "score_total" > ? ORDER BY "name""#)
            let count = try Player.filter(Player.Columns.teamId == nil).fetchCount(db)
            XCTAssertEqual(count, 1)
            player.score = 3
            try player.update(db, columns: [Player.Columns.score])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score_total FROM player"), 3)
        }
    }

    func testAssociationsObservationAndTheRest() throws {
        let dbQueue = try RecordMacroGuide.makeDatabase()
        try dbQueue.write { db in
            try Team(id: 1, name: "Reds").insert(db)
            var player = Player(id: nil, name: "Arthur", score: 1, teamId: 1, info: .init(level: 1, tags: []))
            try player.insert(db)

            let infos = try Team.including(all: Team.players).asRequest(of: TeamInfo.self).fetchAll(db)
            XCTAssertEqual(infos.map(\.players), [[player]])
            let observation = ValueObservation.tracking { db in try Player.fetchAll(db) }
            _ = observation
            player.name = "Barbara"
            let saved = try player.upsertAndFetch(db)
            XCTAssertEqual(saved.name, "Barbara")
        }
    }
}
