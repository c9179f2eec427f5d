import Folio
import Foundation
import XCTest

private struct Player: Decodable, FetchableRecord, TableRecord, Identifiable, Hashable {
    var id: Int64
    var email: String?
    var name: String
}

private struct Country: Decodable, FetchableRecord, TableRecord, Identifiable, Hashable {
    var id: String { code }
    var code: String
    var name: String
}

private struct Item: Codable, FetchableRecord, PersistableRecord {
    var uuid: UUID
    var label: String
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}

/// `Table`: requests, existence checks and deletions by primary and
/// unique keys, and `selectID()`.
final class TableKeyTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'arthur@example.com', 'Arthur'), (2, 'barbara@example.com', 'Barbara'), (3, NULL, 'Craig');
                CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO country VALUES ('FR', 'France'), ('US', 'United States'), ('DE', 'Germany');
                CREATE TABLE citizenship (
                  citizenId INTEGER NOT NULL,
                  countryCode TEXT NOT NULL,
                  PRIMARY KEY (citizenId, countryCode));
                INSERT INTO citizenship VALUES (1, 'FR'), (1, 'US'), (2, 'DE');
                CREATE TABLE event (message TEXT);
                INSERT INTO event (rowid, message) VALUES (1, 'one'), (2, 'two');
                CREATE VIEW playerView AS SELECT * FROM player;
                CREATE TABLE item (uuid TEXT PRIMARY KEY, label TEXT NOT NULL);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testFilterByPrimaryKey() throws {
        try makeDatabase().read { db in
            let request = Table("player").filter(key: 1)
            XCTAssertEqual(try request.fetchOne(db)?["name"], "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)

            XCTAssertEqual(try Table("country").filter(key: "FR").fetchAll(db).map { $0["name"] as String }, ["France"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" WHERE "code" = ?"#)

            // Tables without explicit primary key are filtered by rowid.
            XCTAssertEqual(try Table("event").filter(key: 2).fetchOne(db)?["message"], "two")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "event" WHERE "rowid" = ?"#)

            // A NULL key matches nothing.
            XCTAssertEqual(try Table("player").filter(key: Int64?.none).fetchAll(db), [])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE 0"#)
        }
    }

    func testFilterByPrimaryKeys() throws {
        try makeDatabase().read { db in
            let request = Table("player").filter(keys: [1, 3]).order(Column("id"))
            XCTAssertEqual(try request.fetchAll(db).map { $0["name"] as String }, ["Arthur", "Craig"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?) ORDER BY "id""#)

            let codes: Set<String> = ["FR", "US"]
            XCTAssertEqual(try Table("country").filter(keys: codes).fetchCount(db), 2)

            XCTAssertEqual(try Table("player").filter(keys: [Int]()).fetchAll(db), [])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE 0"#)
        }
    }

    func testFilterByUniqueKeys() throws {
        try makeDatabase().read { db in
            let player = try Table("player").filter(key: ["email": "barbara@example.com"]).fetchOne(db)
            XCTAssertEqual(player?["id"], 2)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "email" = ?"#)

            let request = Table("citizenship").filter(keys: [
                ["citizenId": 1, "countryCode": "FR"],
                ["citizenId": 2, "countryCode": "DE"],
            ])
            XCTAssertEqual(try request.fetchCount(db), 2)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT * FROM "citizenship" WHERE (("citizenId" = ?) AND ("countryCode" = ?)) OR (("citizenId" = ?) AND ("countryCode" = ?))"#)

            XCTAssertEqual(try Table("player").filter(key: nil).fetchAll(db), [])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE 0"#)
        }
    }

    func testFilterByUniqueKeyThrowsWithoutUniqueIndex() throws {
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Table("player").filter(key: ["name": "Arthur"]).fetchAll(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error.message?.contains("table player has no unique key on column(s) name") == true, "\(error)")
            }
            XCTAssertThrowsError(try Table("citizenship").filter(keys: [["citizenId": 1]]).fetchAll(db)) { error in
                XCTAssertTrue("\(error)".contains("table citizenship has no unique key on column(s) citizenId"), "\(error)")
            }
        }
    }

    func testFilterByPrimaryKeyThrowsForCompositeKeyUnknownTableAndView() throws {
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Table("citizenship").filter(key: 1).fetchAll(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error.message?.contains("table citizenship has a composite primary key (citizenId, countryCode)") == true, "\(error)")
            }
            XCTAssertThrowsError(try Table("missing").filter(key: 1).fetchAll(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.message, "no such table: missing")
            }
            XCTAssertThrowsError(try Table("playerView").exists(db, key: 1)) { error in
                XCTAssertTrue("\(error)".contains("table playerView has no primary key"), "\(error)")
            }
        }
    }

    func testExists() throws {
        try makeDatabase().read { db in
            XCTAssertTrue(try Table("player").exists(db, key: 1))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "id" = ?)"#)
            XCTAssertFalse(try Table("player").exists(db, key: 42))
            XCTAssertTrue(try Table("player").exists(db, key: ["email": "arthur@example.com"]))
            XCTAssertEqual(lastSQLQuery, #"SELECT EXISTS (SELECT * FROM "player" WHERE "email" = ?)"#)
            XCTAssertFalse(try Table("citizenship").exists(db, key: ["citizenId": 2, "countryCode": "FR"]))
            XCTAssertTrue(try Table<Country>("country").exists(db, id: "US"))
            XCTAssertFalse(try Table<Player>("player").exists(db, id: 4))
            XCTAssertThrowsError(try Table("player").exists(db, key: ["name": "Arthur"])) { error in
                XCTAssertTrue("\(error)".contains("no unique key"), "\(error)")
            }
        }
    }

    func testDeleteOne() throws {
        try makeDatabase().write { db in
            XCTAssertTrue(try Table("player").deleteOne(db, key: 1))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ?"#)
            XCTAssertFalse(try Table("player").deleteOne(db, key: 1))

            XCTAssertTrue(try Table("player").deleteOne(db, key: ["email": "barbara@example.com"]))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "email" = ?"#)

            XCTAssertTrue(try Table<Country>("country").deleteOne(db, id: "FR"))
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "country" WHERE "code" = ?"#)

            // A NULL key deletes nothing, and runs no SQL.
            clearSQLQueries()
            XCTAssertFalse(try Table("player").deleteOne(db, key: Int64?.none))
            XCTAssertEqual(sqlQueries, [])

            XCTAssertEqual(try Table("player").fetchCount(db), 1)
            XCTAssertEqual(try Table("country").fetchCount(db), 2)

            XCTAssertThrowsError(try Table("player").deleteOne(db, key: ["name": "Craig"])) { error in
                XCTAssertTrue("\(error)".contains("table player has no unique key on column(s) name"), "\(error)")
            }
            XCTAssertEqual(try Table("player").fetchCount(db), 1)
        }
    }

    func testDeleteAllByKeys() throws {
        try makeDatabase().write { db in
            XCTAssertEqual(try Table("player").deleteAll(db, keys: [1, 2, 42]), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" IN (?, ?, ?)"#)

            XCTAssertEqual(try Table("citizenship").deleteAll(db, keys: [
                ["citizenId": 1, "countryCode": "FR"],
                ["citizenId": 2, "countryCode": "DE"],
            ]), 2)
            XCTAssertEqual(try Table("citizenship").fetchCount(db), 1)

            XCTAssertEqual(try Table<Country>("country").deleteAll(db, ids: ["FR", "DE"]), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "country" WHERE "code" IN (?, ?)"#)

            // Empty lists delete nothing, and run no SQL.
            clearSQLQueries()
            XCTAssertEqual(try Table("player").deleteAll(db, keys: [Int64]()), 0)
            XCTAssertEqual(try Table("citizenship").deleteAll(db, keys: [[String: (any DatabaseValueConvertible)?]]()), 0)
            XCTAssertEqual(sqlQueries, [])

            XCTAssertThrowsError(try Table("citizenship").deleteAll(db, keys: ["FR"])) { error in
                XCTAssertTrue("\(error)".contains("composite primary key"), "\(error)")
            }
        }
    }

    func testFilterByIdentifiers() throws {
        try makeDatabase().read { db in
            let players = Table<Player>("player")
            XCTAssertEqual(try players.filter(id: 2).fetchOne(db)?.name, "Barbara")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try players.filter(ids: [1, 3]).order(Column("id")).fetchAll(db).map(\.name), ["Arthur", "Craig"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?) ORDER BY "id""#)
        }
    }

    func testSelectID() throws {
        try makeDatabase().read { db in
            let ids = try Table<Player>("player").selectID().order(Column("id")).fetchAll(db)
            XCTAssertEqual(ids, [1, 2, 3])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id" FROM "player" ORDER BY "id""#)

            let codes = try Table<Country>("country").selectID().fetchSet(db)
            XCTAssertEqual(codes, ["FR", "US", "DE"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "code" FROM "country""#)
        }
    }

    func testKeysOfRecordTablesUseCodingStrategies() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try makeDatabase().write { db in
            try Item(uuid: uuid, label: "a").insert(db)
            let items = Table<Item>("item")
            XCTAssertEqual(try items.filter(key: uuid).fetchOne(db)?.label, "a")
            XCTAssertEqual(try arguments(db, items.filter(key: uuid)), [uuid.uuidString])
            XCTAssertTrue(try items.exists(db, key: uuid))
            XCTAssertTrue(try items.deleteOne(db, key: uuid))
        }
    }
}
