import Foundation
import Folio
import XCTest

final class FetchableRecordDecoderTests: FolioTestCase {
    struct Player: Decodable, FetchableRecord {
        var playerName: String
        var score: Int
        var createdAt: Date
        static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
        static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { .timeIntervalSince1970 }

        init(row: Row) throws {
            self = try FetchableRecordDecoder().decode(Player.self, from: row)
            score = max(score, 0)
        }
    }

    func testDecodeUsesTheStrategiesOfTheRecordType() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'Arthur' AS player_name, 12 AS score, 1000 AS created_at"))
            let player = try FetchableRecordDecoder().decode(Player.self, from: row)
            XCTAssertEqual(player.playerName, "Arthur")
            XCTAssertEqual(player.score, 12)
            XCTAssertEqual(player.createdAt, Date(timeIntervalSince1970: 1000))
        }
    }

    func testCustomRowInitializerCanUseTheDecoder() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let players = try Player.fetchAll(db, sql: """
                SELECT 'Arthur' AS player_name, -5 AS score, 0 AS created_at
                UNION ALL SELECT 'Barbara', 7, 10
                """)
            XCTAssertEqual(players.map(\.playerName), ["Arthur", "Barbara"])
            XCTAssertEqual(players.map(\.score), [0, 7])
        }
    }

    func testMissingColumnThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'Arthur' AS player_name"))
            XCTAssertThrowsError(try FetchableRecordDecoder().decode(Player.self, from: row)) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
            }
        }
    }
}
