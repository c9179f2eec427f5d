import Folio
import Foundation
import XCTest

/// The success of an insertion (its rowid and its container, with the
/// rowid of an INTEGER PRIMARY KEY) is what `aroundInsert`, `didInsert`,
/// `aroundSave` and `didSave` receive, and each insertion has its own
/// container, even though the insertion moves the container into its
/// success instead of copying it.
final class InsertionSuccessTests: FolioTestCase {
    /// Collects what the callbacks receive.
    final class Received: @unchecked Sendable {
        // @unchecked Sendable: used by one test at a time, on the thread
        // of the database access.
        var aroundInsert: [InsertionSuccess] = []
        var didInsert: [InsertionSuccess] = []
        var aroundSave: [PersistenceSuccess] = []
        var didSave: [PersistenceSuccess] = []
    }

    struct Player: MutablePersistableRecord {
        var id: Int64?
        var name: String
        let received: Received

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["name"] = name
        }

        func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
            received.aroundInsert.append(try insert())
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
            received.didInsert.append(inserted)
        }

        func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
            received.aroundSave.append(try save())
        }

        func didSave(_ saved: PersistenceSuccess) {
            received.didSave.append(saved)
        }
    }

    func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
        }
        return dbQueue
    }

    func testInsertionCallbacksReceiveTheContainerWithTheInsertedRowID() throws {
        let dbQueue = try makeDatabase()
        let received = Received()
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", received: received)
            try player.insert(db)
            XCTAssertEqual(player.id, 1)
        }
        XCTAssertEqual(received.aroundInsert.count, 1)
        XCTAssertEqual(received.didInsert.count, 1)
        XCTAssertEqual(received.aroundSave.count, 1)
        XCTAssertEqual(received.didSave.count, 1)
        for success in received.aroundInsert + received.didInsert {
            XCTAssertEqual(success.rowID, 1)
            XCTAssertEqual(success.rowIDColumn, "id")
            XCTAssertEqual(success.persistenceContainer.columns, ["id", "name"])
            XCTAssertEqual(success.persistenceContainer["id"]?.databaseValue, 1.databaseValue)
            XCTAssertEqual(success.persistenceContainer["name"]?.databaseValue, "Arthur".databaseValue)
        }
        for success in received.aroundSave + received.didSave {
            XCTAssertEqual(success.persistenceContainer.columns, ["id", "name"])
            XCTAssertEqual(success.persistenceContainer["id"]?.databaseValue, 1.databaseValue)
            XCTAssertEqual(success.persistenceContainer["name"]?.databaseValue, "Arthur".databaseValue)
        }
    }

    func testEachInsertionOfALoopKeepsItsOwnContainer() throws {
        let dbQueue = try makeDatabase()
        let received = Received()
        let names = ["Arthur", "Barbara", "Craig"]
        try dbQueue.write { db in
            for name in names {
                var player = Player(id: nil, name: name, received: received)
                try player.insert(db)
            }
        }
        XCTAssertEqual(received.didInsert.map(\.rowID), [1, 2, 3])
        for (index, name) in names.enumerated() {
            let rowID = Int64(index + 1)
            XCTAssertEqual(received.aroundInsert[index].persistenceContainer["id"]?.databaseValue, rowID.databaseValue)
            XCTAssertEqual(received.didInsert[index].persistenceContainer["name"]?.databaseValue, name.databaseValue)
            XCTAssertEqual(received.didSave[index].persistenceContainer["id"]?.databaseValue, rowID.databaseValue)
            XCTAssertEqual(received.didSave[index].persistenceContainer["name"]?.databaseValue, name.databaseValue)
        }
    }

    func testEachUpsertOfALoopKeepsItsOwnContainer() throws {
        // `insert` and `upsert` recycle the memory of the values of an
        // insertion that is over for the next container: not the values
        // that a callback kept.
        let dbQueue = try makeDatabase()
        let received = Received()
        let names = ["Arthur", "Barbara", "Craig", "Arthur"]
        try dbQueue.write { db in
            for name in names {
                var player = Player(id: nil, name: name, received: received)
                try player.upsert(db)
            }
            // The last upsert updates the row of the first.
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id"), ["Arthur", "Barbara", "Craig"])
        }
        XCTAssertEqual(received.didInsert.map(\.rowID), [1, 2, 3, 1])
        for (index, name) in names.enumerated() {
            XCTAssertEqual(received.didInsert[index].persistenceContainer["name"]?.databaseValue, name.databaseValue)
            XCTAssertEqual(received.didSave[index].persistenceContainer["name"]?.databaseValue, name.databaseValue)
            XCTAssertEqual(received.aroundInsert[index].persistenceContainer["id"]?.databaseValue, received.didInsert[index].rowID.databaseValue)
        }
    }

    func testIgnoredInsertionCallsNeitherDidInsertNorDidSave() throws {
        let dbQueue = try makeDatabase()
        let received = Received()
        try dbQueue.write { db in
            var first = Player(id: nil, name: "Arthur", received: received)
            try first.insert(db)
            var duplicate = Player(id: nil, name: "Arthur", received: received)
            try duplicate.insert(db, onConflict: .ignore)
            XCTAssertNil(duplicate.id)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 1)
        }
        // aroundInsert and aroundSave still receive what the statement did.
        XCTAssertEqual(received.aroundInsert.count, 2)
        XCTAssertEqual(received.aroundSave.count, 2)
        XCTAssertEqual(received.didInsert.count, 1)
        XCTAssertEqual(received.didSave.count, 1)
        XCTAssertEqual(received.aroundInsert[1].persistenceContainer["name"]?.databaseValue, "Arthur".databaseValue)
        // Nothing inserted: the container keeps the nil id.
        XCTAssertEqual(received.aroundInsert[1].persistenceContainer["id"]?.databaseValue, .null)
    }

    func testAroundInsertThatInsertsTwiceThrows() throws {
        struct Eager: Encodable, PersistableRecord {
            var id: Int64
            func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
                _ = try insert()
                _ = try insert()
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE eager (id INTEGER PRIMARY KEY)")
            XCTAssertThrowsError(try Eager(id: 1).insert(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.message, "Eager.aroundInsert(_:insert:) must call insert() exactly once")
            }
        }
    }

    func testAroundInsertCanInsertAgainAfterAFailedInsertion() throws {
        final class Attempts: @unchecked Sendable {
            var count = 0
        }
        struct Retrying: Encodable, PersistableRecord {
            var id: Int64
            let attempts: Attempts
            enum CodingKeys: String, CodingKey { case id }
            func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
                attempts.count += 1
                do {
                    _ = try insert()
                } catch {
                    // Make room, then insert again.
                    try db.execute(sql: "DELETE FROM retrying")
                    attempts.count += 1
                    _ = try insert()
                }
            }
        }
        let dbQueue = try makeDatabaseQueue()
        let attempts = Attempts()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE retrying (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO retrying VALUES (1)")
            try Retrying(id: 1, attempts: attempts).insert(db)
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM retrying"), [1])
        }
        XCTAssertEqual(attempts.count, 2)
    }
}
