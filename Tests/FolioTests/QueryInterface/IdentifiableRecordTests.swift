import Folio
import Foundation
import XCTest

private struct Player: Decodable, Identifiable, FetchableRecord, TableRecord, Hashable {
    var id: Int64
    var name: String
}

/// An `id` that is not a column: the primary key is `isoCode`.
private struct Country: Decodable, Identifiable, FetchableRecord, TableRecord, Hashable {
    var isoCode: String
    var name: String
    var id: String { isoCode }
}

/// The seed's custom coding keys (DatabaseSchemaRecommendations.md): the
/// `id` property is stored in the `uuid` primary key column.
private struct Member: Codable, Identifiable, FetchableRecord, TableRecord, Equatable {
    var id: String
    var name: String

    enum CodingKeys: String, CodingKey {
        case id = "uuid", name
    }
}

/// The seed's rowid player (DatabaseSchemaRecommendations.md): the table
/// has no explicit primary key, and the record selects the hidden rowid.
/// `Identifiable` is added so that `fetchOne(db, id:)` applies.
private struct RowIDPlayer: Codable, Identifiable, FetchableRecord, TableRecord, Hashable {
    static let databaseTableName = "rowidPlayer"

    // Uniquely identifies a player.
    var rowid: Int64?
    var name: String
    var score: Int

    var id: Int64? { rowid }

    // Required because the primary key is the hidden rowid column.
    static var databaseSelection: [any SQLSelectable] {
        [.allColumns, .rowID]
    }
}

private struct Token: Decodable, Identifiable, FetchableRecord, TableRecord, Hashable {
    var id: UUID
    var value: String
}

final class IdentifiableRecordTests: FolioTestCase {
    private let tokenID = UUID(uuidString: "61626364-6566-6768-696A-6B6C6D6E6F70")!

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur'), (2, 'Barbara'), (3, 'Craig');
                CREATE TABLE country (isoCode TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO country VALUES ('FR', 'France'), ('US', 'United States');
                CREATE TABLE member (uuid TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO member VALUES ('a1', 'Arthur');
                CREATE TABLE rowidPlayer (name TEXT NOT NULL, score INTEGER NOT NULL);
                INSERT INTO rowidPlayer (rowid, name, score) VALUES (1, 'Arthur', 100), (2, 'Barbara', 1000);
                CREATE TABLE token (id BLOB NOT NULL PRIMARY KEY, value TEXT NOT NULL);
                """)
            try db.execute(sql: "INSERT INTO token VALUES (?, 'secret')", arguments: [tokenID])
        }
        clearSQLQueries()
        return dbQueue
    }

    func testFetchOneByID() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.fetchOne(db, id: 1), Player(id: 1, name: "Arthur"))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertNil(try Player.fetchOne(db, id: 42))
            XCTAssertEqual(try Country.fetchOne(db, id: "FR")?.name, "France")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" = ?"#)
            XCTAssertEqual(try Token.fetchOne(db, id: tokenID)?.value, "secret")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "token" WHERE "id" = ?"#)
        }
    }

    func testFindByIDThrowsRecordNotFound() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Country.find(db, id: "US").name, "United States")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" = ?"#)
            XCTAssertThrowsError(try Country.find(db, id: "IT")) { error in
                guard case let RecordError.recordNotFound(databaseTableName: table, key: key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(table, "country")
                XCTAssertEqual(key, ["isoCode": "IT".databaseValue])
                XCTAssertEqual("\(error)", #"Key not found in table country: [isoCode:"IT"]"#)
            }
            XCTAssertThrowsError(try Player.find(db, id: 42)) { error in
                XCTAssertEqual("\(error)", "Key not found in table player: [id:42]")
            }
        }
    }

    func testFetchAllSetAndCursorByIDs() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.fetchAll(db, ids: [1, 3]).map(\.name).sorted(), ["Arthur", "Craig"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?)"#)
            XCTAssertEqual(try Player.fetchSet(db, ids: [2, 42]), [Player(id: 2, name: "Barbara")])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?)"#)
            XCTAssertEqual(try Array(Country.fetchCursor(db, ids: ["US"])).map(\.name), ["United States"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "isoCode" = ?"#)
            clearSQLQueries()
            XCTAssertEqual(try Player.fetchAll(db, ids: []), [])
            XCTAssertEqual(try Player.fetchSet(db, ids: []), [])
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testFilterByID() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Player.filter(id: 2).fetchAll(db).map(\.name), ["Barbara"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Country.filter(ids: ["FR", "US"]).fetchCount(db), 2)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "country" WHERE "isoCode" IN (?, ?)"#)
            XCTAssertEqual(try Player.all().filter(id: 3).fetchOne(db)?.name, "Craig")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.order(Column("name").desc).filter(ids: [1, 2]).fetchAll(db).map(\.id), [2, 1])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?) ORDER BY "name" DESC"#)
        }
    }

    func testExistsAndDeleteByID() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            XCTAssertTrue(try Player.exists(db, id: 1))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "id" = ?)"#)
            XCTAssertTrue(try Player.deleteOne(db, id: 1))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertFalse(try Player.exists(db, id: 1))
            XCTAssertFalse(try Player.deleteOne(db, id: 1))
            XCTAssertEqual(try Country.deleteAll(db, ids: ["FR", "US", "IT"]), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "country" WHERE "isoCode" IN (?, ?, ?)"#)
            XCTAssertEqual(try Country.fetchCount(db), 0)
            XCTAssertEqual(try Player.fetchAll(db).map(\.id), [2, 3])
        }
    }

    func testCodingKeysMapTheIDToItsColumn() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Member.fetchOne(db, id: "a1"), Member(id: "a1", name: "Arthur"))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "member" WHERE "uuid" = ?"#)
            XCTAssertEqual(try Member.fetchAll(db, ids: ["a1", "b2"]).map(\.name), ["Arthur"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "member" WHERE "uuid" IN (?, ?)"#)
        }
    }

    func testOptionalIDOfRowIDRecord() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            // SELECT *, rowid FROM player WHERE rowid = 1
            if let player = try RowIDPlayer.fetchOne(db, id: 1) {
                XCTAssertEqual(player, RowIDPlayer(rowid: 1, name: "Arthur", score: 100))
                XCTAssertEqual(lastSQLQuery, #"SELECT *, "rowid" FROM "rowidPlayer" WHERE "rowid" = ?"#)
                // DELETE FROM player WHERE rowid = 1
                let deleted = try RowIDPlayer.deleteOne(db, id: player.rowid!)
                XCTAssertTrue(deleted)
                XCTAssertEqual(lastSQLQuery, #"DELETE FROM "rowidPlayer" WHERE "rowid" = ?"#)
            } else {
                XCTFail("player not found")
            }
            XCTAssertEqual(try RowIDPlayer.fetchAll(db).map(\.id), [2])
            XCTAssertEqual(lastSQLQuery, #"SELECT *, "rowid" FROM "rowidPlayer""#)
            XCTAssertEqual(try RowIDPlayer.fetchAll(db, ids: [1, 2]).map(\.name), ["Barbara"])
            XCTAssertEqual(try RowIDPlayer.fetchSet(db, ids: [2]).count, 1)
            XCTAssertEqual(try Array(RowIDPlayer.fetchCursor(db, ids: [2])).count, 1)
            XCTAssertEqual(try RowIDPlayer.find(db, id: 2).score, 1000)
            XCTAssertThrowsError(try RowIDPlayer.find(db, id: 1)) { error in
                XCTAssertEqual("\(error)", "Key not found in table rowidPlayer: [rowid:1]")
            }
            XCTAssertTrue(try RowIDPlayer.exists(db, id: 2))
            XCTAssertEqual(try RowIDPlayer.filter(id: 2).fetchCount(db), 1)
            XCTAssertEqual(try RowIDPlayer.filter(ids: [1, 2]).fetchCount(db), 1)
            XCTAssertEqual(try RowIDPlayer.deleteAll(db, ids: [2]), 1)
            XCTAssertEqual(try RowIDPlayer.fetchCount(db), 0)
        }
    }
}
