import Folio
import XCTest

final class SaveTests: FolioTestCase {
    func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100)")
        }
        return dbQueue
    }

    func testSaveOfRecordWithNilPrimaryKeyInserts() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(name: "Barbara", score: 200)
            let sql = try persistenceSQL { try player.save(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#])
            XCTAssertEqual(player.id, 2)
            XCTAssertEqual(try fetchRows(db, "player")[1], ["id": 2, "name": "Barbara", "score": 200])
        }
    }

    func testSaveOfExistingRecordUpdatesInSavepoint() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 1, name: "Arthur", score: 1000)
            let sql = try persistenceSQL { try player.save(db) }
            XCTAssertEqual(sql, [
                "SAVEPOINT folio0",
                #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#,
                "RELEASE SAVEPOINT folio0",
            ])
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 1, "name": "Arthur", "score": 1000]])
        }
    }

    func testSaveOfMissingRecordWithIdUpdatesThenInserts() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            var player = PersistedPlayer(id: 5, name: "Craig", score: 10)
            let sql = try persistenceSQL { try player.save(db) }
            XCTAssertEqual(sql, [
                "SAVEPOINT folio0",
                #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#,
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#,
                "RELEASE SAVEPOINT folio0",
            ])
            XCTAssertEqual(player.id, 5)
            XCTAssertEqual(try fetchRows(db, "player")[1], ["id": 5, "name": "Craig", "score": 10])
        }
    }

    func testSaveOutsideOfTransactionIsATransaction() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.writeWithoutTransaction { db in
            var player = PersistedPlayer(id: 5, name: "Craig", score: 10)
            let sql = try persistenceSQL { try player.save(db) }
            XCTAssertEqual(sql, [
                "BEGIN IMMEDIATE TRANSACTION",
                #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#,
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#,
                "COMMIT TRANSACTION",
            ])
            XCTAssertFalse(db.isInsideTransaction)
        }
    }

    func testSaveIsAtomic() throws {
        // An update callback that writes, then an insertion that fails:
        // the write of the callback is rolled back with the save.
        struct Player: Encodable, MutablePersistableRecord {
            var id: Int64?
            var name: String
            func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
                try db.execute(sql: "INSERT INTO log (message) VALUES ('will update')")
                _ = try update()
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE log (message TEXT);
                INSERT INTO player (id, name) VALUES (1, 'Arthur');
                """)
            var player = Player(id: 2, name: "Arthur")
            XCTAssertThrowsError(try player.save(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log"), 0)
            XCTAssertTrue(db.isInsideTransaction)
        }
    }

    func testSaveAndFetch() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            struct PartialPlayer: Encodable, PersistableRecord {
                static let databaseTableName = "player"
                var id: Int64?
                var name: String
            }
            // Insert (nil id)
            let inserted = try PartialPlayer(id: nil, name: "Barbara").saveAndFetch(db, as: PersistedPlayer.self)
            XCTAssertEqual(inserted, PersistedPlayer(id: 2, name: "Barbara", score: 0))
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name") VALUES (?,?) RETURNING *"#)

            // Update
            var sql = try persistenceSQL {
                let updated = try PartialPlayer(id: 1, name: "Arthur Dent").saveAndFetch(db, as: PersistedPlayer.self)
                XCTAssertEqual(updated, PersistedPlayer(id: 1, name: "Arthur Dent", score: 100))
            }
            XCTAssertEqual(sql, [
                "SAVEPOINT folio0",
                #"UPDATE "player" SET "name"=? WHERE "id"=? RETURNING *"#,
                "RELEASE SAVEPOINT folio0",
            ])

            // Update, then insert
            let player = PersistedPlayer(id: 9, name: "Craig", score: 5)
            sql = try persistenceSQL {
                let saved = try player.saveAndFetch(db)
                XCTAssertEqual(saved, PersistedPlayer(id: 9, name: "Craig", score: 5))
            }
            XCTAssertEqual(sql, [
                "SAVEPOINT folio0",
                #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=? RETURNING *"#,
                #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#,
                "RELEASE SAVEPOINT folio0",
            ])
        }
    }

    func testSavedReturnsSavedCopy() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.write { db in
            let player = PersistedPlayer(name: "Barbara", score: 200)
            let saved = try player.saved(db)
            XCTAssertNil(player.id)
            XCTAssertEqual(saved, PersistedPlayer(id: 2, name: "Barbara", score: 200))
        }
    }

    func testPersistableRecordSavesWithoutVar() throws {
        struct Country: Encodable, PersistableRecord {
            var isoCode: String
            var name: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE country (isoCode TEXT PRIMARY KEY, name TEXT NOT NULL)")
            let france = Country(isoCode: "FR", name: "France")
            try france.save(db)
            try Country(isoCode: "FR", name: "République française").save(db)
            XCTAssertEqual(try fetchRows(db, "country"), [["isoCode": "FR", "name": "République française"]])
        }
    }

    func testSaveOfRecordWithoutRowIDInsertsAlways() throws {
        struct Event: Encodable, PersistableRecord {
            var message: String
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (message TEXT)")
            try Event(message: "foo").save(db)
            let sql = try persistenceSQL { try Event(message: "foo").save(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "event" ("message") VALUES (?)"#])
            XCTAssertEqual(try fetchRows(db, "event").count, 2)
        }
    }
}
