import Folio
import Foundation
import XCTest

/// GRDB README, "JSON Columns" and "Data, Date, and UUID Coding
/// Strategies": the documented JSON defaults, and where customized
/// strategies apply (records and requests by single-column primary key)
/// and where they do not (other requests).
final class CodingStrategiesDocTests: FolioTestCase {
    private struct Payload: Codable, Equatable {
        var date: Date
        var data: Data
    }

    private struct Document: Codable, FetchableRecord, PersistableRecord {
        var id: Int64
        var payload: Payload   // stored in a JSON column
        var ratio: [Double]     // stored in a JSON column
    }

    private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
        // UUIDs are stored as strings
        static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
            .uppercaseString
        }

        var id: UUID
        var name: String
    }

    // "By default, Data values are handled with the `.base64` strategy, Date
    // with the `.millisecondsSince1970` strategy, and non conforming floats
    // with the `.throw` strategy."
    func testJSONColumnDefaults() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "document") { t in
                t.primaryKey("id", .integer)
                t.column("payload", .jsonText)
                t.column("ratio", .jsonText)
            }
            let payload = Payload(date: Date(timeIntervalSince1970: 1.5), data: Data("abc".utf8))
            try Document(id: 1, payload: payload, ratio: [0.5]).insert(db)
            XCTAssertEqual(
                try String.fetchOne(db, sql: "SELECT payload FROM document"),
                #"{"data":"YWJj","date":1500}"#)
            XCTAssertEqual(try Document.fetchOne(db, key: 1)?.payload, payload)

            XCTAssertThrowsError(try Document(id: 2, payload: payload, ratio: [.nan]).insert(db)) { error in
                XCTAssertTrue(error is EncodingError, "\(error)")
            }
            XCTAssertEqual(try Document.fetchCount(db), 1)
        }
    }

    // "Customized coding strategies apply [...] In requests by
    // single-column primary key [...] They do not apply in other requests."
    func testUUIDStrategyAppliesToKeyRequestsOnly() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text)
            }
            let uuid = try XCTUnwrap(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            let player = Player(id: uuid, name: "Arthur")

            // OK: inserts a player in the database, with a string uuid
            try player.insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT id FROM player"), "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")

            // OK: performs a string-based query, finds the inserted player
            XCTAssertEqual(try Player.filter(id: uuid).fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(try Player.fetchOne(db, id: uuid)?.name, "Arthur")
            XCTAssertEqual(try Player.find(db, id: uuid).name, "Arthur")
            XCTAssertTrue(try Player.exists(db, id: uuid))
            XCTAssertEqual(try Player.filter(ids: [uuid]).fetchCount(db), 1)

            // NOT OK: performs a blob-based query, fails to find the inserted player
            XCTAssertNil(try Player.filter { $0.id == uuid }.fetchOne(db))

            // OK: performs a string-based query, finds the inserted player
            XCTAssertEqual(try Player.filter { $0.id == uuid.uuidString }.fetchOne(db)?.name, "Arthur")

            // update by primary key uses the strategy too
            var renamed = player
            renamed.name = "Barbara"
            try renamed.update(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player"), "Barbara")

            XCTAssertEqual(try Player.deleteAll(db, ids: [uuid]), 1)
            XCTAssertEqual(try Player.fetchCount(db), 0)
        }
    }
}
