import Folio
import XCTest

final class RecordClassTests: FolioTestCase {
    class Player: Record {
        var id: Int64?
        var name: String
        var score: Int
        var events: [String] = []

        override class var databaseTableName: String { "player" }

        init(id: Int64? = nil, name: String, score: Int) {
            self.id = id
            self.name = name
            self.score = score
            super.init()
        }

        required init(row: Row) throws {
            id = try row.decode(forColumn: "id")
            name = try row.decode(forColumn: "name")
            score = try row.decode(forColumn: "score")
            try super.init(row: row)
        }

        override func encode(to container: inout PersistenceContainer) throws {
            container["id"] = id
            container["name"] = name
            container["score"] = score
        }

        override func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }

        override func willSave(_ db: Database) throws {
            events.append("willSave")
        }

        override func didSave(_ saved: PersistenceSuccess) {
            events.append("didSave")
        }
    }

    func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER NOT NULL)")
        }
        return dbQueue
    }

    func testDefaultTableNameOfRecordSubclass() {
        class PostalAddress: Record { }
        XCTAssertEqual(PostalAddress.databaseTableName, "postalAddress")
        XCTAssertEqual(Player.databaseTableName, "player")
    }

    func testInsertUpdateDeleteOfRecord() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = Player(name: "Arthur", score: 100)
            XCTAssertEqual(try persistenceSQL { try player.insert(db) },
                           [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#])
            XCTAssertEqual(player.id, 1)
            player.score = 200
            XCTAssertEqual(try persistenceSQL { try player.update(db) },
                           [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 1, "name": "Arthur", "score": 200]])
            XCTAssertTrue(try player.exists(db))
            XCTAssertTrue(try player.delete(db))
            XCTAssertFalse(try player.delete(db))
            XCTAssertEqual(try fetchRows(db, "player"), [])
        }
    }

    func testSaveCallbacksRunOnceWhenSaveCallsInsertOrUpdate() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = Player(name: "Arthur", score: 100)
            try player.save(db)
            XCTAssertEqual(player.events, ["willSave", "didSave"])
            player.events = []
            player.score = 1
            try player.save(db)
            XCTAssertEqual(player.events, ["willSave", "didSave"])
            player.events = []
            try db.execute(sql: "DELETE FROM player")
            try player.save(db)
            XCTAssertEqual(player.events, ["willSave", "didSave"])
            player.events = []
            try player.insert(db, onConflict: .replace)
            XCTAssertEqual(player.events, ["willSave", "didSave"])
        }
    }

    // MARK: - Change tracking

    func testNewRecordHasChanges() {
        let player = Player(name: "Barbara", score: 750)
        XCTAssertTrue(player.hasDatabaseChanges)
        XCTAssertEqual(try player.databaseChanges.count, 3)
        XCTAssertEqual(try player.databaseChanges["name"], .some(nil))
    }

    func testChangeTrackingAfterInsert() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = Player(name: "Barbara", score: 750)
            try player.insert(db)
            XCTAssertFalse(player.hasDatabaseChanges)
            XCTAssertEqual(try player.databaseChanges, [:])

            player.name = "Barbara"
            XCTAssertFalse(player.hasDatabaseChanges, "setting a property to the same value is not a change")

            player.score = 1000
            XCTAssertTrue(player.hasDatabaseChanges)
            XCTAssertEqual(try player.databaseChanges, ["score": 750.databaseValue])

            player.score = 750
            XCTAssertFalse(player.hasDatabaseChanges)
        }
    }

    func testChangeTrackingAfterFetch() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100)")
            let player = try XCTUnwrap(Player.fetchOne(db, key: 1))
            XCTAssertEqual(lastPersistenceSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertFalse(player.hasDatabaseChanges)
            player.name = "Arthur"
            XCTAssertFalse(player.hasDatabaseChanges)
            player.name = "Craig"
            XCTAssertEqual(try player.databaseChanges, ["name": "Arthur".databaseValue])
        }
    }

    func testUpdateChangesUpdatesChangedColumnsOnly() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100)")
            let player = try XCTUnwrap(Player.fetchOne(db, key: 1))
            var updated = true
            XCTAssertEqual(try persistenceSQL { updated = try player.updateChanges(db) }, [])
            XCTAssertFalse(updated)

            player.score = 1000
            XCTAssertEqual(try persistenceSQL { updated = try player.updateChanges(db) },
                           [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertTrue(updated)
            XCTAssertFalse(player.hasDatabaseChanges)
            XCTAssertEqual(try persistenceSQL { updated = try player.updateChanges(db) }, [])
            XCTAssertFalse(updated)
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 1, "name": "Arthur", "score": 1000]])
        }
    }

    func testUpdateChangesOfNewRecordUpdatesAllColumns() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 100)")
            let player = Player(id: 1, name: "Arthur", score: 200)
            XCTAssertTrue(try player.updateChanges(db))
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#)
            XCTAssertFalse(player.hasDatabaseChanges)
        }
    }

    func testChangeTrackingAfterUpdateSaveAndDelete() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = Player(name: "Arthur", score: 100)
            try player.save(db)
            XCTAssertFalse(player.hasDatabaseChanges)

            player.score = 1
            try player.update(db)
            XCTAssertFalse(player.hasDatabaseChanges)

            player.score = 2
            try player.update(db, columns: ["name"])
            XCTAssertEqual(try player.databaseChanges, ["score": 1.databaseValue], "only the updated columns are saved")

            try player.save(db)
            XCTAssertFalse(player.hasDatabaseChanges)

            try player.delete(db)
            XCTAssertTrue(player.hasDatabaseChanges, "a deleted record is not in the database")
            XCTAssertEqual(try player.databaseChanges.count, 3)
        }
    }

    func testChangeTrackingInGenericContext() throws {
        func insert<T: MutablePersistableRecord>(_ record: inout T, _ db: Database) throws {
            try record.insert(db)
        }
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var player = Player(name: "Arthur", score: 100)
            try insert(&player, db)
            XCTAssertFalse(player.hasDatabaseChanges)
        }
    }

    func testHasDatabaseChangesFollowsPersistence() throws {
        // Read-only, as in GRDB 7: persistence methods reset it.
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = Player(name: "Arthur", score: 100)
            XCTAssertTrue(player.hasDatabaseChanges)
            XCTAssertEqual(try player.databaseChanges["score"], .some(nil))
            try player.insert(db)
            XCTAssertFalse(player.hasDatabaseChanges)
            player.score = 2
            XCTAssertTrue(player.hasDatabaseChanges)
            XCTAssertEqual(try player.databaseChanges, ["score": 100.databaseValue])
        }
    }

    // MARK: - Overrides

    class Document: Record {
        var uuid: String?
        var title: String
        var insertCount = 0

        init(title: String) {
            self.title = title
            super.init()
        }

        required init(row: Row) throws {
            uuid = try row.decode(forColumn: "uuid")
            title = try row.decode(forColumn: "title")
            try super.init(row: row)
        }

        override func encode(to container: inout PersistenceContainer) {
            container["uuid"] = uuid
            container["title"] = title
        }

        override func insert(_ db: Database) throws {
            insertCount += 1
            if uuid == nil {
                uuid = "uuid-\(insertCount)"
            }
            try super.insert(db)
        }
    }

    func testOverriddenInsertRunsForInsertAndSave() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE document (uuid TEXT PRIMARY KEY NOT NULL, title TEXT)")
            let report = Document(title: "Report")
            try report.insert(db)
            XCTAssertEqual(report.uuid, "uuid-1")

            let memo = Document(title: "Memo")
            memo.insertCount = 1
            try memo.save(db)
            XCTAssertEqual(memo.uuid, "uuid-2")
            XCTAssertEqual(memo.insertCount, 2)

            memo.title = "Memo 2"
            try memo.save(db)
            XCTAssertEqual(memo.insertCount, 2, "an existing record is updated")
            XCTAssertEqual(try fetchRows(db, "document"), [
                ["uuid": "uuid-1", "title": "Report"],
                ["uuid": "uuid-2", "title": "Memo 2"],
            ])
        }
    }

    class AuditedPlayer: Player {
        var updatedColumns: [[String]] = []
        override func update(_ db: Database, columns: Set<String>) throws {
            updatedColumns.append(columns.sorted())
            try super.update(db, columns: columns)
        }
    }

    func testOverriddenUpdateColumnsRunsForUpdateSaveAndUpdateChanges() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = AuditedPlayer(name: "Arthur", score: 100)
            try player.insert(db)
            try player.update(db)
            player.score = 2
            try player.save(db)
            player.score = 3
            try player.updateChanges(db)
            XCTAssertEqual(player.updatedColumns, [["id", "name", "score"], ["id", "name", "score"], ["score"]])
        }
    }

    class ReplacingPlayer: Player {
        override class var persistenceConflictPolicy: PersistenceConflictPolicy {
            PersistenceConflictPolicy(insert: .replace, update: .replace)
        }
    }

    func testOverriddenConflictPolicy() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try ReplacingPlayer(name: "Arthur", score: 1).insert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT OR REPLACE INTO "player" ("id", "name", "score") VALUES (?,?,?)"#)
            try ReplacingPlayer(name: "Arthur", score: 2).insert(db)
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 2, "name": "Arthur", "score": 2]])
        }
    }

    class Event: Record {
        var id: Int64?
        var message: String

        override class var databaseSelection: [any SQLSelectable] { [AllColumns(), Column.rowID] }

        init(message: String) {
            self.message = message
            super.init()
        }

        required init(row: Row) throws {
            id = try row.decode(forColumn: "rowid")
            message = try row.decode(forColumn: "message")
            try super.init(row: row)
        }

        override func encode(to container: inout PersistenceContainer) {
            container[Column.rowID] = id
            container["message"] = message
        }

        override func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
        }
    }

    func testRecordWithHiddenRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (message TEXT)")
            let event = Event(message: "foo")
            try event.insert(db)
            XCTAssertEqual(event.id, 1)
            event.message = "bar"
            try event.update(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"UPDATE "event" SET "message"=? WHERE "rowid"=?"#)
            XCTAssertTrue(try event.exists(db))
            event.id = nil
            let fetched = try event.insertAndFetch(db, as: Event.self)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "event" ("rowid", "message") VALUES (?,?) RETURNING *, "rowid""#)
            XCTAssertEqual(fetched.id, 2)
            XCTAssertEqual(fetched.message, "bar")
        }
    }
}
