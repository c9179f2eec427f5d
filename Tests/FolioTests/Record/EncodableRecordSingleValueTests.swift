import Folio
import Foundation
import XCTest

/// An `Encodable` record whose `encode(to:)` encodes another record in a
/// single value container, then keyed columns of its own, stores all the
/// columns, as in GRDB; the JSON columns of a record see its
/// `databaseEncodingUserInfo`.
final class EncodableRecordSingleValueTests: FolioTestCase {
    struct Player: Codable, FetchableRecord, PersistableRecord, Equatable {
        var id: Int64
        var name: String
    }

    struct ScoredPlayer: Encodable, PersistableRecord {
        static let databaseTableName = "player"
        var player: Player
        var score: Int
        enum CodingKeys: String, CodingKey { case score }
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(player)
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            try keyed.encode(score, forKey: .score)
        }
    }

    func testSingleValueThenKeyedColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            try ScoredPlayer(player: Player(id: 1, name: "Arthur"), score: 100).insert(db)
            XCTAssertTrue(lastSQLQuery?.hasPrefix(#"INSERT INTO "player" ("id", "name", "score")"#) ?? false, lastSQLQuery ?? "")
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT id, name, score FROM player"))
            XCTAssertEqual(row, ["id": 1, "name": "Arthur", "score": 100])
            XCTAssertEqual(
                try ScoredPlayer(player: Player(id: 2, name: "Barbara"), score: 5).databaseDictionary,
                ["id": 2.databaseValue, "name": "Barbara".databaseValue, "score": 5.databaseValue])
        }
    }

    struct Settings: Codable {
        static let tagKey = CodingUserInfoKey(rawValue: "tag")!
        var theme: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let tag = encoder.userInfo[Self.tagKey] as? String ?? "none"
            try container.encode("\(theme)-\(tag)", forKey: .theme)
        }
    }

    struct Account: Encodable, PersistableRecord {
        static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { [Settings.tagKey: "db"] }
        var id: Int64
        var settings: Settings
    }

    func testEncodingUserInfoReachesJSONColumns() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE account (id INTEGER PRIMARY KEY, settings TEXT)")
            try Account(id: 1, settings: Settings(theme: "dark")).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT settings FROM account"), #"{"theme":"dark-db"}"#)
        }
    }
}
