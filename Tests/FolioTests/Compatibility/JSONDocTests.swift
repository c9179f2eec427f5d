import Folio
import Foundation
import XCTest

/// The samples of GRDB's `JSON.md` article ("Strict and flexible JSON
/// schemas"): Codable properties stored as JSON strings, JSON `Data`
/// stored as text so that SQLite JSON functions accept it, and a Codable
/// `DatabaseValueConvertible` value compared as its serialized string.
final class JSONDocTests: FolioTestCase {
    private struct Address: Codable, Equatable, DatabaseValueConvertible {
        var street: String
        var city: String
        var country: String
    }

    private struct Player: Codable, FetchableRecord, PersistableRecord, Equatable {
        enum Columns {
            static let address = JSONColumn("address")
        }
        var id: String
        var name: String
        var address: Address
    }

    private struct Team: Codable, FetchableRecord, PersistableRecord {
        var id: String
        var color: String
        var info: Data

        static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
            .text
        }
    }

    func testStrictSchemaStoresCodablePropertiesAsJSONText() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("address", .jsonText).notNull()
            }
            let paris = Address(street: "1 rue de Rivoli", city: "Paris", country: "FR")
            let berlin = Address(street: "Unter den Linden 1", city: "Berlin", country: "DE")
            try Player(id: "1", name: "Arthur", address: paris).insert(db)
            try Player(id: "2", name: "Barbara", address: berlin).insert(db)

            // Stored as a JSON string, keys sorted.
            XCTAssertEqual(
                try String.fetchOne(db, sql: "SELECT address FROM player WHERE id = '1'"),
                #"{"city":"Paris","country":"FR","street":"1 rue de Rivoli"}"#)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT typeof(address) FROM player WHERE id = '1'"), "text")

            // SELECT * FROM player WHERE address ->> 'country' = 'DE'
            let germans = try Player.filter { $0.address["country"] == "DE" }.fetchAll(db)
            XCTAssertEqual(germans.map(\.name), ["Barbara"])

            // A DatabaseValueConvertible Codable value compares as its
            // serialized string.
            let parisians = try Player.filter { $0.address == paris }.fetchAll(db)
            XCTAssertEqual(parisians, [Player(id: "1", name: "Arthur", address: paris)])
            XCTAssertEqual(try Player.fetchOne(db, key: "2")?.address, berlin)
        }
    }

    func testJSONDataStoredAsTextFeedsJSONFunctions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "team") { t in
                t.primaryKey("id", .text)
                t.column("color", .text).notNull()
                t.column("info", .jsonText).notNull()
            }
            try Team(id: "reds", color: "red", info: Data(#"{"founded":1900,"tags":["a","b"]}"#.utf8)).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT typeof(info) FROM team"), "text")
            let founded = try Int.fetchOne(db, Team.select(Database.jsonExtract(Column("info"), atPath: "$.founded")))
            XCTAssertEqual(founded, 1900)
            let tagCount = try Int.fetchOne(db, Team.select(Database.jsonArrayLength(Column("info"), atPath: "$.tags")))
            XCTAssertEqual(tagCount, 2)
            let team = try XCTUnwrap(Team.fetchOne(db))
            XCTAssertEqual(String(decoding: team.info, as: UTF8.self), #"{"founded":1900,"tags":["a","b"]}"#)

            // Without the text strategy, Data is stored as a blob (which
            // SQLite JSON functions are documented to reject).
            struct BlobTeam: Codable, PersistableRecord {
                static let databaseTableName = "team"
                var id: String
                var color: String
                var info: Data
            }
            try BlobTeam(id: "blues", color: "blue", info: Data(#"{"a":1}"#.utf8)).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT typeof(info) FROM team WHERE id = 'blues'"), "blob")
        }
    }
}
