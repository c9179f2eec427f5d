import Folio
import XCTest

final class ConflictPolicyTests: FolioTestCase {
    final class Log: @unchecked Sendable {
        // @unchecked Sendable: used by one test at a time.
        var events: [String] = []
    }

    struct Player: MutablePersistableRecord {
        var id: Int64?
        var email: String
        var log: Log? = nil
        nonisolated(unsafe) static var policy = PersistenceConflictPolicy()
        static var persistenceConflictPolicy: PersistenceConflictPolicy { policy }

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["email"] = email
        }
        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
            log?.events.append("didInsert \(inserted.rowID)")
        }
        func didSave(_ saved: PersistenceSuccess) {
            log?.events.append("didSave")
        }
    }

    override func setUp() {
        super.setUp()
        Player.policy = PersistenceConflictPolicy()
    }

    func makeDatabase(emailConstraint: String = "UNIQUE") throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, email TEXT NOT NULL \(emailConstraint))")
            try db.execute(sql: "INSERT INTO player (id, email) VALUES (1, 'arthur@example.com'), (2, 'barbara@example.com')")
        }
        return dbQueue
    }

    func testDefaultPolicyIsAbort() {
        let policy = PersistenceConflictPolicy()
        XCTAssertEqual(policy.conflictResolutionForInsert, .abort)
        XCTAssertEqual(policy.conflictResolutionForUpdate, .abort)
        XCTAssertEqual(PersistedPlayer.persistenceConflictPolicy.conflictResolutionForInsert, .abort)
    }

    func testReplacePolicy() throws {
        Player.policy = PersistenceConflictPolicy(insert: .replace, update: .replace)
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var player = Player(id: nil, email: "arthur@example.com")
            XCTAssertEqual(try persistenceSQL { try player.insert(db) },
                           [#"INSERT OR REPLACE INTO "player" ("id", "email") VALUES (?,?)"#])
            XCTAssertEqual(player.id, 3)
            XCTAssertEqual(try fetchRows(db, "player"), [
                ["id": 2, "email": "barbara@example.com"],
                ["id": 3, "email": "arthur@example.com"],
            ])
            let barbara = Player(id: 2, email: "arthur@example.com")
            XCTAssertEqual(try persistenceSQL { try barbara.update(db) },
                           [#"UPDATE OR REPLACE "player" SET "email"=? WHERE "id"=?"#])
            XCTAssertEqual(try fetchRows(db, "player"), [["id": 2, "email": "arthur@example.com"]])
        }
    }

    func testOnConflictArgumentOverridesPolicy() throws {
        Player.policy = PersistenceConflictPolicy(insert: .replace, update: .replace)
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var player = Player(id: nil, email: "arthur@example.com")
            XCTAssertThrowsError(try player.insert(db, onConflict: .abort)) { error in
                XCTAssertEqual((error as? DatabaseError)?.sql, #"INSERT INTO "player" ("id", "email") VALUES (?,?)"#)
            }
            XCTAssertThrowsError(try player.insert(db, onConflict: .fail)) { error in
                XCTAssertEqual((error as? DatabaseError)?.sql, #"INSERT OR FAIL INTO "player" ("id", "email") VALUES (?,?)"#)
            }
        }
    }

    func testIgnoredInsertionDoesNotCallDidInsert() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let log = Log()
            var player = Player(id: nil, email: "arthur@example.com", log: log)
            XCTAssertEqual(try persistenceSQL { try player.insert(db, onConflict: .ignore) },
                           [#"INSERT OR IGNORE INTO "player" ("id", "email") VALUES (?,?)"#])
            XCTAssertEqual(db.changesCount, 0)
            XCTAssertNil(player.id)
            XCTAssertEqual(log.events, [])
            XCTAssertEqual(try fetchRows(db, "player").count, 2)

            var newPlayer = Player(id: nil, email: "craig@example.com", log: log)
            try newPlayer.insert(db, onConflict: .ignore)
            XCTAssertEqual(newPlayer.id, 3)
            XCTAssertEqual(log.events, ["didInsert 3", "didSave"])
        }
    }

    func testIgnorePolicyAndSave() throws {
        Player.policy = PersistenceConflictPolicy(insert: .ignore, update: .abort)
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let log = Log()
            var player = Player(id: nil, email: "arthur@example.com", log: log)
            try player.save(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "email") VALUES (?,?)"#)
            XCTAssertNil(player.id)
            XCTAssertEqual(log.events, [])
        }
    }

    func testTableLevelIgnoreDoesNotCallDidInsert() throws {
        let dbQueue = try makeDatabase(emailConstraint: "UNIQUE ON CONFLICT IGNORE")
        try dbQueue.write { db in
            let log = Log()
            var player = Player(id: nil, email: "arthur@example.com", log: log)
            try player.insert(db)
            XCTAssertNil(player.id)
            XCTAssertEqual(log.events, [])
        }
    }

    func testRollbackPolicyRollsBackTheTransaction() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (email) VALUES ('craig@example.com')")
                var player = Player(id: nil, email: "arthur@example.com")
                XCTAssertThrowsError(try player.insert(db, onConflict: .rollback))
                XCTAssertFalse(db.isInsideTransaction)
                return .rollback
            }
        }
        try dbQueue.read { db in
            XCTAssertEqual(try fetchRows(db, "player").count, 2)
        }
    }
}
