import Folio
import Foundation
import XCTest

/// A record whose UUID primary key is stored as uppercase text.
private struct UppercasePlayer: Codable, Identifiable, FetchableRecord, PersistableRecord, Hashable {
    static let databaseTableName = "player"
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        .uppercaseString
    }
    var id: UUID
    var name: String
}

/// A record whose UUID primary key is stored as lowercase text, and whose
/// `id` is optional.
private struct LowercasePlayer: Codable, Identifiable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        .lowercaseString
    }
    var id: UUID?
    var name: String
}

/// A record whose date primary key is stored as a number of seconds.
private struct Measure: Codable, Identifiable, FetchableRecord, PersistableRecord {
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }
    var id: Date
    var value: Double
}

/// A record with strategies that depend on the column: the `code` unique
/// column stores its UUID as text, the `token` primary key as a blob.
private struct Badge: Codable, Identifiable, FetchableRecord, PersistableRecord {
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        column == "code" ? .lowercaseString : .deferredToUUID
    }
    var id: UUID
    var code: UUID
}

/// A record whose data primary key is stored as text.
private struct Tag: Codable, FetchableRecord, PersistableRecord {
    static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
        .text
    }
    var name: Data
}

final class RecordKeyCodingStrategiesTests: FolioTestCase {
    private let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    private let otherUUID = UUID(uuidString: "0F3D7A8C-1111-4B2C-9D3E-5A6B7C8D9E0F")!

    private func makePlayerTable(_ db: Database) throws {
        try db.create(table: "player") { t in
            t.primaryKey("id", .text)
            t.column("name", .text).notNull()
        }
    }

    func testUUIDStrategyEncodesIdentifiableKeys() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makePlayerTable(db)
            try UppercasePlayer(id: uuid, name: "Arthur").insert(db)
            try UppercasePlayer(id: otherUUID, name: "Barbara").insert(db)
            XCTAssertEqual(try String.fetchSet(db, sql: "SELECT id FROM player"), [uuid.uuidString, otherUUID.uuidString])

            XCTAssertEqual(try UppercasePlayer.fetchOne(db, id: uuid)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try UppercasePlayer.find(db, id: uuid).name, "Arthur")
            XCTAssertEqual(try UppercasePlayer.filter(id: uuid).fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(try UppercasePlayer.all().filter(id: uuid).fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(try UppercasePlayer.filter(ids: [uuid, otherUUID]).fetchCount(db), 2)
            XCTAssertEqual(try UppercasePlayer.fetchAll(db, ids: [uuid, otherUUID]).map(\.name).sorted(), ["Arthur", "Barbara"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?)"#)
            XCTAssertEqual(try UppercasePlayer.fetchSet(db, ids: [otherUUID]).map(\.name), ["Barbara"])
            XCTAssertTrue(try UppercasePlayer.exists(db, id: uuid))
            XCTAssertEqual(try UppercasePlayer.fetchOne(db, key: uuid)?.name, "Arthur")
            XCTAssertEqual(try UppercasePlayer.fetchAll(db, keys: [uuid]).map(\.name), ["Arthur"])
            XCTAssertTrue(try UppercasePlayer.exists(db, key: uuid))
            let optionalUUID: UUID? = uuid
            XCTAssertEqual(try UppercasePlayer.all().filter(key: optionalUUID).fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(try UppercasePlayer.fetchOne(db, key: optionalUUID)?.name, "Arthur")
            XCTAssertEqual(try UppercasePlayer.filter(keys: [optionalUUID, nil]).fetchCount(db), 1)
            XCTAssertEqual(try UppercasePlayer.filter(keys: [Optional<UUID>.none]).fetchCount(db), 0)

            XCTAssertTrue(try UppercasePlayer.deleteOne(db, id: uuid))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertFalse(try UppercasePlayer.exists(db, id: uuid))
            XCTAssertEqual(try UppercasePlayer.deleteAll(db, ids: [otherUUID]), 1)
            XCTAssertEqual(try UppercasePlayer.fetchCount(db), 0)
        }
    }

    func testUUIDStrategyEncodesTheArgumentsOfKeyRequests() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makePlayerTable(db)
            let statement = try UppercasePlayer.filter(id: uuid).makePreparedRequest(db).statement
            XCTAssertEqual(statement.sql, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(statement.arguments, [uuid.uuidString])

            let lowercase = try LowercasePlayer.filter(ids: [uuid, otherUUID]).makePreparedRequest(db).statement
            XCTAssertEqual(lowercase.sql, #"SELECT * FROM "player" WHERE "id" IN (?, ?)"#)
            XCTAssertEqual(lowercase.arguments, [uuid.uuidString.lowercased(), otherUUID.uuidString.lowercased()])
        }
    }

    func testUUIDStrategyEncodesOptionalIdentifiableKeys() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makePlayerTable(db)
            try LowercasePlayer(id: uuid, name: "Arthur").insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT id FROM player"), uuid.uuidString.lowercased())

            XCTAssertEqual(try LowercasePlayer.fetchOne(db, id: uuid)?.name, "Arthur")
            XCTAssertEqual(try LowercasePlayer.find(db, id: uuid).name, "Arthur")
            XCTAssertEqual(try LowercasePlayer.filter(id: uuid).fetchCount(db), 1)
            XCTAssertEqual(try LowercasePlayer.fetchAll(db, ids: [uuid]).count, 1)
            XCTAssertTrue(try LowercasePlayer.exists(db, id: uuid))
            XCTAssertNil(try LowercasePlayer.fetchOne(db, id: nil))
            XCTAssertTrue(try LowercasePlayer.deleteOne(db, id: uuid))
            XCTAssertEqual(try LowercasePlayer.fetchCount(db), 0)
        }
    }

    func testDateStrategyEncodesKeys() throws {
        let dbQueue = try makeDatabaseQueue()
        let date = Date(timeIntervalSince1970: 1_000_000)
        try dbQueue.write { db in
            try db.create(table: "measure") { t in
                t.primaryKey("id", .double)
                t.column("value", .double).notNull()
            }
            try Measure(id: date, value: 12.5).insert(db)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT id FROM measure"), 1_000_000)

            XCTAssertEqual(try Measure.fetchOne(db, id: date)?.value, 12.5)
            XCTAssertEqual(try Measure.fetchAll(db, ids: [date, date.addingTimeInterval(1)]).count, 1)
            let statement = try Measure.filter(id: date).makePreparedRequest(db).statement
            XCTAssertEqual(statement.arguments, [1_000_000.0])
            XCTAssertTrue(try Measure.deleteOne(db, id: date))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "measure" WHERE "id" = ?"#)
            XCTAssertEqual(try Measure.fetchCount(db), 0)
        }
    }

    func testDataStrategyEncodesKeys() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "tag") { t in
                t.primaryKey("name", .text)
            }
            let name = Data("swift".utf8)
            try Tag(name: name).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM tag"), "swift")
            XCTAssertEqual(try Tag.fetchOne(db, key: name)?.name, name)
            XCTAssertTrue(try Tag.deleteOne(db, key: name))
            XCTAssertEqual(try Tag.fetchCount(db), 0)
        }
    }

    func testStrategiesApplyPerColumnToUniqueKeys() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "badge") { t in
                t.primaryKey("id", .blob)
                t.column("code", .text).notNull().unique()
            }
            try Badge(id: uuid, code: otherUUID).insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT code FROM badge"), otherUUID.uuidString.lowercased())

            // The primary key is a blob, the code is lowercase text
            XCTAssertEqual(try Badge.fetchOne(db, id: uuid)?.code, otherUUID)
            XCTAssertEqual(try Badge.fetchOne(db, key: ["code": otherUUID])?.id, uuid)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "badge" WHERE "code" = ?"#)
            let statement = try Badge.filter(key: ["code": otherUUID]).makePreparedRequest(db).statement
            XCTAssertEqual(statement.arguments, [otherUUID.uuidString.lowercased()])
            XCTAssertEqual(try Badge.fetchAll(db, keys: [["code": otherUUID], ["code": uuid]]).count, 1)
            XCTAssertTrue(try Badge.exists(db, key: ["code": otherUUID]))
            XCTAssertTrue(try Badge.deleteOne(db, key: ["code": otherUUID]))
            XCTAssertEqual(try Badge.fetchCount(db), 0)
        }
    }

    func testStrategiesDoNotApplyToOtherRequests() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makePlayerTable(db)
            try UppercasePlayer(id: uuid, name: "Arthur").insert(db)
            XCTAssertNil(try UppercasePlayer.filter { $0.id == uuid }.fetchOne(db))
            XCTAssertEqual(try UppercasePlayer.filter { $0.id == uuid.uuidString }.fetchOne(db)?.name, "Arthur")
            // Requests of rows have no strategy: the UUID is a blob
            XCTAssertNil(try Table("player").all().filter(key: uuid).fetchOne(db))
            let row = try Table("player").all().filter(key: uuid.uuidString).fetchOne(db)
            XCTAssertEqual(row?["name"] as String?, "Arthur")
            let statement = try Table("player").all().filter(key: uuid).makePreparedRequest(db).statement
            XCTAssertEqual(statement.arguments, [uuid])
        }
    }

    func testFindReportsTheEncodedKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try makePlayerTable(db)
            XCTAssertThrowsError(try UppercasePlayer.find(db, id: uuid)) { error in
                guard case let RecordError.recordNotFound(databaseTableName: table, key: key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": uuid.uuidString.databaseValue])
            }
            try db.create(table: "badge") { t in
                t.primaryKey("id", .blob)
                t.column("code", .text).notNull().unique()
            }
            XCTAssertThrowsError(try Badge.find(db, key: ["code": uuid])) { error in
                guard case let RecordError.recordNotFound(databaseTableName: table, key: key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(table, "badge")
                XCTAssertEqual(key, ["code": uuid.uuidString.lowercased().databaseValue])
            }
        }
    }
}
