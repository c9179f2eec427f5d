import Folio
import XCTest

final class DeleteTests: FolioTestCase {
    func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100), (2, 'Barbara', 200)")
        }
        return dbQueue
    }

    func testDeleteReturnsWhetherARowWasDeleted() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Arthur", score: 100)
            var deleted = false
            XCTAssertEqual(try persistenceSQL { deleted = try player.delete(db) },
                           [#"DELETE FROM "player" WHERE "id"=?"#])
            XCTAssertTrue(deleted)
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 2, "name": "Barbara", "score": 200]])
            XCTAssertFalse(try player.delete(db))
        }
    }

    func testDeleteOfRecordWithNilPrimaryKeyDeletesNothingWithoutSQL() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: nil, name: "Arthur", score: 100)
            var deleted = true
            XCTAssertEqual(try persistenceSQL { deleted = try player.delete(db) }, [])
            XCTAssertFalse(deleted)
            XCTAssertEqual(try fetchRows(db, "player").count, 2)
        }
    }

    func testDeleteViolatingForeignKeyThrows() throws {
        struct Team: Encodable, PersistableRecord {
            var id: Int64
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE member (teamId INTEGER REFERENCES team(id) ON DELETE RESTRICT);
                INSERT INTO team (id) VALUES (1);
                INSERT INTO member (teamId) VALUES (1);
                """)
            XCTAssertThrowsError(try Team(id: 1).delete(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
                XCTAssertEqual(error.sql, #"DELETE FROM "team" WHERE "id"=?"#)
            }
        }
    }

    func testDeleteWithCompositePrimaryKey() throws {
        struct Citizenship: Encodable, PersistableRecord {
            var citizenId: Int
            var countryCode: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE citizenship (citizenId INTEGER, countryCode TEXT, PRIMARY KEY (citizenId, countryCode));
                INSERT INTO citizenship VALUES (1, 'FR'), (1, 'US');
                """)
            let sql = try persistenceSQL {
                XCTAssertTrue(try Citizenship(citizenId: 1, countryCode: "FR").delete(db))
            }
            XCTAssertEqual(sql, [#"DELETE FROM "citizenship" WHERE "citizenId"=? AND "countryCode"=?"#])
            XCTAssertEqual(try fetchRows(db, "citizenship"), [["citizenId": 1, "countryCode": "US"]])
        }
    }

    func testExists() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var exists = false
            XCTAssertEqual(try persistenceSQL { exists = try PersistedPlayer(id: 1, name: "", score: 0).exists(db) },
                           [#"SELECT EXISTS (SELECT 1 FROM "player" WHERE "id"=?)"#])
            XCTAssertTrue(exists)
            XCTAssertFalse(try PersistedPlayer(id: 3, name: "", score: 0).exists(db))
            XCTAssertEqual(try persistenceSQL { exists = try PersistedPlayer(id: nil, name: "", score: 0).exists(db) }, [])
            XCTAssertFalse(exists)
        }
    }

    func testExistsOfRecordWithHiddenRowID() throws {
        struct Event: Encodable, MutablePersistableRecord {
            var rowid: Int64?
            var message: String
            mutating func didInsert(_ inserted: InsertionSuccess) { rowid = inserted.rowID }
        }
        struct AnonymousEvent: Encodable, PersistableRecord {
            static let databaseTableName = "event"
            var message: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (message TEXT)")
            var event = Event(rowid: nil, message: "foo")
            try event.insert(db)
            XCTAssertTrue(try event.exists(db))
            XCTAssertEqual(lastPersistenceSQLQuery, #"SELECT EXISTS (SELECT 1 FROM "event" WHERE "rowid"=?)"#)
            // Without the rowid, a record has no identity.
            XCTAssertFalse(try AnonymousEvent(message: "foo").exists(db))
            XCTAssertFalse(try AnonymousEvent(message: "foo").delete(db))
            XCTAssertTrue(try event.delete(db))
            XCTAssertFalse(try event.exists(db))
        }
    }
}
