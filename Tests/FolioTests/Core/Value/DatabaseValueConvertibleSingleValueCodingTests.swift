import Folio
import Foundation
import XCTest

/// GRDB's DatabaseValueConvertible article, "Built-in Codable support":
/// Codable types "are automatically coded and decoded from JSON arrays and
/// objects". A type that encodes a single value is stored as that value.
final class DatabaseValueConvertibleSingleValueCodingTests: FolioTestCase {
    struct Name: Codable, Equatable, DatabaseValueConvertible {
        var rawValue: String
        init(_ rawValue: String) { self.rawValue = rawValue }
        init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    struct Timestamp: Codable, Equatable, DatabaseValueConvertible {
        var date: Date
        init(_ date: Date) { self.date = date }
        init(from decoder: any Decoder) throws {
            date = try decoder.singleValueContainer().decode(Date.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(date)
        }
    }

    struct Link: Codable, Equatable, DatabaseValueConvertible {
        var url: URL
        var id: UUID
        init(url: URL, id: UUID) { self.url = url; self.id = id }
    }

    struct Identifier: Codable, Equatable, DatabaseValueConvertible {
        var uuid: UUID
        init(_ uuid: UUID) { self.uuid = uuid }
        init(from decoder: any Decoder) throws {
            uuid = try decoder.singleValueContainer().decode(UUID.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(uuid)
        }
    }

    func testSingleValueStringIsStoredAsTheString() throws {
        XCTAssertEqual(Name("foo").databaseValue, "foo".databaseValue)
        XCTAssertEqual(Name.fromDatabaseValue("foo".databaseValue), Name("foo"))
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t (name TEXT)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [Name("foo")])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM t"), "foo")
            XCTAssertEqual(try Name.fetchOne(db, sql: "SELECT name FROM t"), Name("foo"))
            XCTAssertEqual(try Name.fetchOne(db, sql: "SELECT 'bar'"), Name("bar"))
        }
    }

    func testSingleValueDateIsStoredAsADate() throws {
        let date = Date(timeIntervalSince1970: 1_000_000)
        XCTAssertEqual(Timestamp(date).databaseValue, date.databaseValue)
        XCTAssertEqual(Date.fromDatabaseValue(Timestamp(date).databaseValue), date)
        XCTAssertEqual(Timestamp.fromDatabaseValue(date.databaseValue), Timestamp(date))
    }

    func testSingleValueUUIDIsStoredAsAUUID() throws {
        let uuid = UUID()
        XCTAssertEqual(Identifier(uuid).databaseValue, uuid.databaseValue)
        XCTAssertEqual(Identifier.fromDatabaseValue(uuid.databaseValue), Identifier(uuid))
    }

    func testKeyedValuesAreStillJSON() throws {
        let link = Link(url: URL(string: "https://example.com/a")!, id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
        let dbValue = link.databaseValue
        guard case .string(let json) = dbValue.storage else { return XCTFail("\(dbValue)") }
        XCTAssertTrue(json.hasPrefix("{"), json)
        XCTAssertEqual(Link.fromDatabaseValue(dbValue), link)
    }

    func testRecordPropertiesOfSingleValueTypesAreStoredAsTheirValue() throws {
        struct Player: Codable, FetchableRecord, PersistableRecord, Equatable {
            var name: Name
            var createdAt: Timestamp
        }
        let date = Date(timeIntervalSince1970: 1_000_000)
        try makeDatabaseQueue().write { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("createdAt", .datetime)
            }
            try Player(name: Name("Arthur"), createdAt: Timestamp(date)).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player"), "Arthur")
            XCTAssertEqual(try Date.fetchOne(db, sql: "SELECT createdAt FROM player"), date)
            XCTAssertEqual(try Player.fetchOne(db), Player(name: Name("Arthur"), createdAt: Timestamp(date)))
        }
    }
}
