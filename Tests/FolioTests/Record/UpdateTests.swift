import Folio
import Foundation
import XCTest

final class UpdateTests: FolioTestCase {
    func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100), (2, 'Barbara', 200)")
        }
        return dbQueue
    }

    func testUpdateUpdatesAllColumnsButThePrimaryKey() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Arthur", score: 1000)
            let sql = try persistenceSQL { try player.update(db) }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player"), [
                ["id": 1, "name": "Arthur", "score": 1000],
                ["id": 2, "name": "Barbara", "score": 200],
            ])
        }
    }

    func testUpdateOfMissingRowThrowsRecordNotFound() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 3, name: "Craig", score: 0)
            clearSQLQueries()
            XCTAssertThrowsError(try player.update(db)) { error in
                guard case RecordError.recordNotFound(databaseTableName: let table, key: let key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(table, "player")
                XCTAssertEqual(key, ["id": 3.databaseValue])
                XCTAssertEqual("\(error)", "Key not found in table player: [id:3]")
            }
            XCTAssertEqual(persistenceSQLQueries, [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player").count, 2)
        }
    }

    func testUpdateOfRecordWithNilPrimaryKeyThrowsRecordNotFoundWithoutSQL() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: nil, name: "Craig", score: 0)
            let sql = try persistenceSQL {
                XCTAssertThrowsError(try player.update(db)) { error in
                    guard case RecordError.recordNotFound(databaseTableName: "player", key: let key) = error else {
                        return XCTFail("\(error)")
                    }
                    XCTAssertEqual(key, ["id": .null])
                }
            }
            XCTAssertEqual(sql, [])
        }
    }

    func testUpdateColumns() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Changed", score: 1000)
            XCTAssertEqual(try persistenceSQL { try player.update(db, columns: Set(["score"])) },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try persistenceSQL { try player.update(db, columns: ["SCORE"]) },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try persistenceSQL { try player.update(db, columns: [Column("score")]) },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            enum Columns: String, ColumnExpression { case score }
            XCTAssertEqual(try persistenceSQL { try player.update(db, columns: [Columns.score]) },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            let names: [String] = ["name", "score"]
            XCTAssertEqual(try persistenceSQL { try player.update(db, columns: names) },
                           [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player")[0], ["id": 1, "name": "Changed", "score": 1000])
        }
    }

    func testUpdateOfNoColumnStillChecksExistence() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Changed", score: 1000)
            XCTAssertEqual(try persistenceSQL { try player.update(db, columns: ["unknown"]) },
                           [#"UPDATE "player" SET "id"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player")[0], ["id": 1, "name": "Arthur", "score": 100])
            let missing = PersistedPlayer(id: 3, name: "Craig", score: 0)
            XCTAssertThrowsError(try missing.update(db, columns: Set<String>())) { error in
                guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
            }
        }
    }

    func testUpdateViolatingUniqueConstraintThrows() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Barbara", score: 0)
            XCTAssertThrowsError(try player.update(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
                XCTAssertEqual(error.sql, #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#)
            }
        }
    }

    func testUpdateWithConflictResolution() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Barbara", score: 0)
            let sql = try persistenceSQL { try player.update(db, onConflict: .replace) }
            XCTAssertEqual(sql, [#"UPDATE OR REPLACE "player" SET "name"=?, "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 1, "name": "Barbara", "score": 0]])
        }
    }

    func testUpdateAndFetchReturnsTheUpdatedRow() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(id: 1, name: "Arthur", score: 1000)
            var updated: PersistedPlayer?
            let sql = try persistenceSQL { updated = try player.updateAndFetch(db) }
            XCTAssertEqual(sql, [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=? RETURNING *"#])
            XCTAssertEqual(updated, PersistedPlayer(id: 1, name: "Arthur", score: 1000))

            struct PartialPlayer: Encodable, PersistableRecord {
                static let databaseTableName = "player"
                var id: Int64
                var name: String
            }
            let renamed = try PartialPlayer(id: 2, name: "Babs").updateAndFetch(db, as: PersistedPlayer.self)
            XCTAssertEqual(renamed, PersistedPlayer(id: 2, name: "Babs", score: 200))
            XCTAssertThrowsError(try PartialPlayer(id: 3, name: "Craig").updateAndFetch(db, as: PersistedPlayer.self)) { error in
                guard case RecordError.recordNotFound(databaseTableName: "player", key: ["id": 3.databaseValue]) = error else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    // MARK: - updateChanges

    func testUpdateChangesFromOtherRecordUpdatesChangedColumnsOnly() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let oldPlayer = PersistedPlayer(id: 1, name: "Arthur", score: 100)
            var newPlayer = oldPlayer
            newPlayer.score = 101
            var updated = false
            XCTAssertEqual(try persistenceSQL { updated = try newPlayer.updateChanges(db, from: oldPlayer) },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertTrue(updated)
            XCTAssertEqual(try persistenceSQL { updated = try newPlayer.updateChanges(db, from: newPlayer) }, [])
            XCTAssertFalse(updated)
            XCTAssertEqual(try fetchRows(db, "player")[0], ["id": 1, "name": "Arthur", "score": 101])
        }
    }

    func testUpdateChangesWithClosure() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 2, name: "Barbara", score: 200)
            var modified = false
            XCTAssertEqual(try persistenceSQL { modified = try player.updateChanges(db) { $0.score = 1 } },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertTrue(modified)
            XCTAssertEqual(player.score, 1)
            XCTAssertEqual(try persistenceSQL { modified = try player.updateChanges(db) { $0.score = 1 } }, [])
            XCTAssertFalse(modified)
            XCTAssertEqual(try fetchRows(db, "player")[1], ["id": 2, "name": "Barbara", "score": 1])
        }
    }

    func testUpdateChangesOfMissingRowThrowsRecordNotFound() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 3, name: "Craig", score: 0)
            XCTAssertThrowsError(try player.updateChanges(db) { $0.score = 1 }) { error in
                guard case RecordError.recordNotFound(databaseTableName: "player", key: ["id": 3.databaseValue]) = error else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    func testUpdateChangesErrorOfClosureIsRethrown() throws {
        struct TestError: Error { }
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 1, name: "Arthur", score: 100)
            XCTAssertThrowsError(try player.updateChanges(db) { _ in throw TestError() }) { error in
                XCTAssertTrue(error is TestError)
            }
        }
    }

    // MARK: - Primary keys

    func testUpdateWithCompositePrimaryKey() throws {
        struct Citizenship: Encodable, PersistableRecord {
            var citizenId: Int
            var countryCode: String
            var since: Int
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE citizenship (citizenId INTEGER, countryCode TEXT, since INTEGER, PRIMARY KEY (countryCode, citizenId));
                INSERT INTO citizenship VALUES (1, 'FR', 2000);
                """)
            let citizenship = Citizenship(citizenId: 1, countryCode: "FR", since: 2010)
            let sql = try persistenceSQL { try citizenship.update(db) }
            XCTAssertEqual(sql, [#"UPDATE "citizenship" SET "since"=? WHERE "countryCode"=? AND "citizenId"=?"#])
            XCTAssertEqual(try fetchRows(db, "citizenship"), [["citizenId": 1, "countryCode": "FR", "since": 2010]])
        }
    }

    func testUpdateWithTextPrimaryKeyInWithoutRowIDTable() throws {
        struct Country: Encodable, PersistableRecord {
            var isoCode: String
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (isoCode TEXT NOT NULL PRIMARY KEY, name TEXT) WITHOUT ROWID;
                INSERT INTO country VALUES ('FR', 'France');
                """)
            let sql = try persistenceSQL { try Country(isoCode: "FR", name: "République française").update(db) }
            XCTAssertEqual(sql, [#"UPDATE "country" SET "name"=? WHERE "isoCode"=?"#])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM country"), [["isoCode": "FR", "name": "République française"]])
        }
    }

    func testUpdateWithUUIDPrimaryKey() throws {
        struct Item: Encodable, PersistableRecord {
            var id: UUID
            var name: String
            static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (id TEXT PRIMARY KEY, name TEXT)")
            let uuid = UUID()
            try Item(id: uuid, name: "a").insert(db)
            let sql = try persistenceSQL { try Item(id: uuid, name: "b").update(db) }
            XCTAssertEqual(sql, [#"UPDATE "item" SET "name"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "item"), [["id": uuid.uuidString, "name": "b"]])
        }
    }

    func testUpdateWithHiddenRowID() throws {
        struct Event: Encodable, MutablePersistableRecord {
            var rowid: Int64?
            var message: String
            mutating func didInsert(_ inserted: InsertionSuccess) { rowid = inserted.rowID }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (message TEXT)")
            var event = Event(rowid: nil, message: "foo")
            XCTAssertEqual(try persistenceSQL { try event.insert(db) },
                           [#"INSERT INTO "event" ("rowid", "message") VALUES (?,?)"#])
            XCTAssertEqual(event.rowid, 1)
            event.message = "bar"
            XCTAssertEqual(try persistenceSQL { try event.update(db) },
                           [#"UPDATE "event" SET "message"=? WHERE "rowid"=?"#])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT rowid, message FROM event"), [["rowid": 1, "message": "bar"]])
        }
    }

    func testUpdateOfRecordThatDoesNotEncodeHiddenRowIDThrowsRecordNotFound() throws {
        struct Event: Encodable, PersistableRecord {
            var message: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (message TEXT)")
            try Event(message: "foo").insert(db)
            XCTAssertThrowsError(try Event(message: "foo").update(db)) { error in
                guard case RecordError.recordNotFound(databaseTableName: "event", key: ["rowid": .null]) = error else {
                    return XCTFail("\(error)")
                }
            }
        }
    }

    func testUpdateOfRecordThatDoesNotEncodeItsPrimaryKeyThrowsDescriptiveError() throws {
        struct PartialPlayer: Encodable, PersistableRecord {
            static let databaseTableName = "player"
            var name: String
        }
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let sql = try persistenceSQL {
                XCTAssertThrowsError(try PartialPlayer(name: "Arthur").update(db)) { error in
                    guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                    XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                    XCTAssertEqual(error.message, #"PartialPlayer does not encode the primary key column "id" of table player: it can not be identified in the database"#)
                }
            }
            XCTAssertEqual(sql, [])
        }
    }
}
