import Folio
import XCTest

/// The persistence methods whose signatures follow GRDB 7:
/// non-mutating `insertAndFetch(_:onConflict:)` and
/// `saveAndFetch(_:onConflict:)`, `update(_:onConflict:columns:)` with
/// collections, `updateChanges(_:onConflict:from:)` with another
/// persistable record, and `Record.updateChanges(_:)`.
final class RecordSignatureTests: FolioTestCase {
    func testInsertAndFetchDoesNotModifyTheReceiver() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            let player = PersistedPlayer(name: "Arthur", score: 10)
            let inserted = try player.insertAndFetch(db)
            XCTAssertEqual(inserted, PersistedPlayer(id: 1, name: "Arthur", score: 10))
            XCTAssertNil(player.id)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#)
            XCTAssertEqual(try PersistedPlayer.fetchCount(db), 1)
        }
    }

    func testInsertAndFetchWithIgnoredConflictThrowsRecordNotFound() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            _ = try PersistedPlayer(name: "Arthur", score: 10).insertAndFetch(db)
            let duplicate = PersistedPlayer(name: "Arthur", score: 20)
            XCTAssertThrowsError(try duplicate.insertAndFetch(db, onConflict: .ignore)) { error in
                guard case RecordError.recordNotFound = error else {
                    return XCTFail("unexpected error \(error)")
                }
            }
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#)
        }
    }

    func testSaveAndFetchInsertsOrUpdatesWithoutModifyingTheReceiver() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            let player = PersistedPlayer(name: "Arthur", score: 10)
            let saved = try player.saveAndFetch(db)
            XCTAssertEqual(saved, PersistedPlayer(id: 1, name: "Arthur", score: 10))
            XCTAssertNil(player.id)

            var modified = saved
            modified.score = 20
            let updated = try modified.saveAndFetch(db)
            XCTAssertEqual(updated, PersistedPlayer(id: 1, name: "Arthur", score: 20))
            XCTAssertTrue(sqlQueries.contains(#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=? RETURNING *"#))
            XCTAssertEqual(try PersistedPlayer.fetchCount(db), 1)
        }
    }

    func testInsertedAndSavedReturnTheirCopy() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            let inserted = try PersistedPlayer(name: "Arthur", score: 10).inserted(db)
            XCTAssertEqual(inserted.id, 1)
            let saved = try PersistedPlayer(name: "Barbara", score: 20).saved(db)
            XCTAssertEqual(saved.id, 2)
        }
    }

    func testUpdateColumnsFromCollections() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = try PersistedPlayer(name: "Arthur", score: 10).inserted(db)
            player.name = "Barbara"
            player.score = 20

            let names: [String] = ["score"]
            try player.update(db, columns: names)
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=?"#)
            try player.update(db, columns: ["name"] as Set<String>)
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "name"=? WHERE "id"=?"#)

            player.score = 30
            try player.update(db, columns: [Column("score")])
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=?"#)
            XCTAssertEqual(try PersistedPlayer.fetchOne(db, key: 1), PersistedPlayer(id: 1, name: "Barbara", score: 30))
        }
    }

    func testUpdateAndFetchColumnsFromCollections() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = try PersistedPlayer(name: "Arthur", score: 10).inserted(db)
            player.score = 20
            let score = try player.updateAndFetch(db, columns: ["score"], selection: [Column("score")]) {
                try Int.fetchOne($0)
            }
            XCTAssertEqual(score, 20)
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING "score""#)
            player.score = 30
            let name = try player.updateAndFetch(db, columns: [Column("score")], selection: [Column("name")]) {
                try String.fetchOne($0)
            }
            XCTAssertEqual(name, "Arthur")
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING "name""#)
        }
    }

    func testUpdateChangesFromAnotherPersistableRecord() throws {
        struct PlayerScore: Encodable, MutablePersistableRecord {
            static let databaseTableName = "player"
            var id: Int64?
            var score: Int
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            let oldPlayer = try PersistedPlayer(name: "Arthur", score: 10).inserted(db)
            var newPlayer = oldPlayer
            XCTAssertFalse(try newPlayer.updateChanges(db, from: oldPlayer))
            newPlayer.score = 20
            XCTAssertTrue(try newPlayer.updateChanges(db, from: oldPlayer))
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=?"#)

            // Compared with a record of another type: the columns it does
            // not encode, or encodes with other values, are updated.
            newPlayer.name = "Barbara"
            XCTAssertTrue(try newPlayer.updateChanges(db, from: PlayerScore(id: 1, score: 20)))
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "name"=? WHERE "id"=?"#)
        }
    }

    func testUpdateChangesAndFetchResults() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = try PersistedPlayer(name: "Arthur", score: 10).inserted(db)
            let updated = try player.updateChangesAndFetch(db) { $0.score = 20 }
            XCTAssertEqual(updated, PersistedPlayer(id: 1, name: "Arthur", score: 20))
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING *"#)
            let unchanged = try player.updateChangesAndFetch(db, as: PersistedPlayer.self) { $0.score = 20 }
            XCTAssertNil(unchanged)
        }
    }

    func testRecordUpdateChanges() throws {
        final class Player: Record, @unchecked Sendable {
            // @unchecked Sendable: a test record used on one thread.
            var id: Int64?
            var name: String
            init(name: String) {
                self.name = name
                super.init()
            }
            required init(row: Row) throws {
                id = row["id"]
                name = row["name"]
                try super.init(row: row)
            }
            override class var databaseTableName: String { "player" }
            override func encode(to container: inout PersistenceContainer) throws {
                container["id"] = id
                container["name"] = name
            }
            override func didInsert(_ inserted: InsertionSuccess) {
                super.didInsert(inserted)
                id = inserted.rowID
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            let player = Player(name: "Arthur")
            try player.insert(db)
            XCTAssertFalse(player.hasDatabaseChanges)
            XCTAssertFalse(try player.updateChanges(db))
            player.name = "Barbara"
            XCTAssertTrue(player.hasDatabaseChanges)
            XCTAssertTrue(try player.updateChanges(db))
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "name"=? WHERE "id"=?"#)
            XCTAssertFalse(player.hasDatabaseChanges)
        }
    }
}
