import Folio
import Foundation
import XCTest

final class PersistenceCallbacksTests: FolioTestCase {
    /// Collects callback names.
    final class Log: @unchecked Sendable {
        // @unchecked Sendable: used by one test at a time, on the thread
        // of the database access.
        var events: [String] = []
    }

    /// A record that logs all its callbacks.
    struct Player: MutablePersistableRecord {
        var id: Int64?
        var name: String
        let log: Log

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["name"] = name
        }

        mutating func willInsert(_ db: Database) throws { log.events.append("willInsert") }
        func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
            log.events.append("aroundInsert>")
            _ = try insert()
            log.events.append("aroundInsert<")
        }
        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
            log.events.append("didInsert")
        }
        func willUpdate(_ db: Database, columns: Set<String>) throws {
            log.events.append("willUpdate \(columns.sorted())")
        }
        func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
            log.events.append("aroundUpdate>")
            _ = try update()
            log.events.append("aroundUpdate<")
        }
        func didUpdate(_ updated: PersistenceSuccess) {
            log.events.append("didUpdate \(updated.persistenceContainer.columns)")
        }
        func willSave(_ db: Database) throws { log.events.append("willSave") }
        func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
            log.events.append("aroundSave>")
            _ = try save()
            log.events.append("aroundSave<")
        }
        func didSave(_ saved: PersistenceSuccess) { log.events.append("didSave") }
        func willDelete(_ db: Database) throws { log.events.append("willDelete") }
        func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
            log.events.append("aroundDelete>")
            _ = try delete()
            log.events.append("aroundDelete<")
        }
        func didDelete(deleted: Bool) { log.events.append("didDelete \(deleted)") }
    }

    func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        return dbQueue
    }

    func testInsertCallbacksOrder() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", log: log)
            try player.insert(db)
            XCTAssertEqual(player.id, 1)
        }
        XCTAssertEqual(log.events, [
            "willSave", "aroundSave>", "willInsert", "aroundInsert>", "aroundInsert<", "didInsert", "aroundSave<", "didSave",
        ])
    }

    func testUpdateCallbacksOrder() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try Player(id: 1, name: "Barbara", log: log).update(db)
        }
        XCTAssertEqual(log.events, [
            "willSave", "aroundSave>", #"willUpdate ["id", "name"]"#, "aroundUpdate>", "aroundUpdate<",
            #"didUpdate ["name", "id"]"#, "aroundSave<", "didSave",
        ])
    }

    func testUpdateColumnsCallbacksReceiveTheColumns() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try Player(id: 1, name: "Barbara", log: log).update(db, columns: ["name"])
        }
        XCTAssertEqual(log.events.filter { $0.hasPrefix("willUpdate") || $0.hasPrefix("didUpdate") }, [
            #"willUpdate ["name"]"#, #"didUpdate ["name", "id"]"#,
        ])
    }

    func testUpdateOfMissingRowCallbacks() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            XCTAssertThrowsError(try Player(id: 1, name: "Barbara", log: log).update(db))
        }
        XCTAssertEqual(log.events, ["willSave", "aroundSave>", #"willUpdate ["id", "name"]"#, "aroundUpdate>"])
    }

    func testSaveCallbacksOrderWhenRowExists() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            var player = Player(id: 1, name: "Barbara", log: log)
            try player.save(db)
        }
        XCTAssertEqual(log.events, [
            "willSave", "aroundSave>", #"willUpdate ["id", "name"]"#, "aroundUpdate>", "aroundUpdate<",
            #"didUpdate ["name", "id"]"#, "aroundSave<", "didSave",
        ])
    }

    func testSaveCallbacksOrderWhenRowIsMissing() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            var player = Player(id: 1, name: "Barbara", log: log)
            try player.save(db)
        }
        XCTAssertEqual(log.events, [
            "willSave", "aroundSave>", #"willUpdate ["id", "name"]"#, "aroundUpdate>",
            "willInsert", "aroundInsert>", "aroundInsert<", "didInsert", "aroundSave<", "didSave",
        ])
    }

    func testSaveCallbacksOrderWhenPrimaryKeyIsNil() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            var player = Player(id: nil, name: "Barbara", log: log)
            try player.save(db)
        }
        XCTAssertEqual(log.events, [
            "willSave", "aroundSave>", "willInsert", "aroundInsert>", "aroundInsert<", "didInsert", "aroundSave<", "didSave",
        ])
    }

    func testUpsertCallbacksAreInsertionCallbacks() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            var player = Player(id: 1, name: "Barbara", log: log)
            try player.upsert(db)
        }
        XCTAssertEqual(log.events, [
            "willSave", "aroundSave>", "willInsert", "aroundInsert>", "aroundInsert<", "didInsert", "aroundSave<", "didSave",
        ])
    }

    func testDeleteCallbacksOrder() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try Player(id: 1, name: "Arthur", log: log).delete(db)
            try Player(id: 1, name: "Arthur", log: log).delete(db)
        }
        XCTAssertEqual(log.events, [
            "willDelete", "aroundDelete>", "aroundDelete<", "didDelete true",
            "willDelete", "aroundDelete>", "aroundDelete<", "didDelete false",
        ])
    }

    func testCallbacksAreNotCalledByBatchOperations() throws {
        let dbQueue = try makeDatabase()
        let log = Log()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try Player.deleteAll(db)
        }
        XCTAssertEqual(log.events, [])
    }

    // MARK: - Validation and preparation

    struct ValidationError: Error, Equatable {
        var message: String
    }

    struct Link: Encodable, PersistableRecord {
        var url: String

        func willSave(_ db: Database) throws {
            if URL(string: url)?.host == nil {
                throw ValidationError(message: "url must be absolute.")
            }
        }
    }

    func testWillSaveValidatesInsertUpdateSaveAndUpsert() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE link (url TEXT PRIMARY KEY)")
            let link = Link(url: "relative/path")
            let sql = try persistenceSQL {
                XCTAssertThrowsError(try link.insert(db)) { XCTAssertEqual($0 as? ValidationError, ValidationError(message: "url must be absolute.")) }
                XCTAssertThrowsError(try link.update(db)) { XCTAssertTrue($0 is ValidationError) }
                XCTAssertThrowsError(try link.save(db)) { XCTAssertTrue($0 is ValidationError) }
                XCTAssertThrowsError(try link.upsert(db)) { XCTAssertTrue($0 is ValidationError) }
            }
            XCTAssertEqual(sql, [])
            try Link(url: "https://example.com/").insert(db)
            XCTAssertEqual(try fetchRows(db, "link"), [["url": "https://example.com/"]])
        }
    }

    struct Document: Encodable, MutablePersistableRecord {
        var uuid: String?
        var title: String

        mutating func willInsert(_ db: Database) throws {
            if uuid == nil {
                uuid = "generated-uuid"
            }
        }
    }

    func testWillInsertCanSetAUUIDBeforeTheRecordIsEncoded() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE document (uuid TEXT PRIMARY KEY NOT NULL, title TEXT)")
            var document = Document(uuid: nil, title: "Report")
            try document.insert(db)
            XCTAssertEqual(document.uuid, "generated-uuid")
            XCTAssertEqual(try fetchRows(db, "document"), [["uuid": "generated-uuid", "title": "Report"]])
        }
    }

    func testWillDeleteCanPreventDeletion() throws {
        struct Protected: Encodable, PersistableRecord {
            var id: Int64
            func willDelete(_ db: Database) throws { throw ValidationError(message: "protected") }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE protected (id INTEGER PRIMARY KEY); INSERT INTO protected VALUES (1)")
            XCTAssertThrowsError(try Protected(id: 1).delete(db))
            XCTAssertEqual(try fetchRows(db, "protected").count, 1)
        }
    }

    // MARK: - Misuse of around callbacks

    func testAroundInsertThatDoesNotInsertThrows() throws {
        struct Lazy: Encodable, PersistableRecord {
            var id: Int64
            func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws { }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE lazy (id INTEGER PRIMARY KEY)")
            XCTAssertThrowsError(try Lazy(id: 1).insert(db)) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.message, "Lazy.aroundInsert(_:insert:) must call insert() exactly once")
            }
        }
    }

    func testAroundSaveThatSavesTwiceThrows() throws {
        struct Eager: Encodable, PersistableRecord {
            var id: Int64
            func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws {
                _ = try save()
                _ = try save()
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE eager (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO eager VALUES (1)")
            XCTAssertThrowsError(try Eager(id: 1).update(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            XCTAssertThrowsError(try Eager(id: 2).insert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "Eager.aroundSave(_:save:) must call save() exactly once")
            }
        }
    }

    // MARK: - didInsert spellings

    struct SeedPlayer: Encodable, MutablePersistableRecord {
        var id: Int64?
        var name: String
        mutating func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
        }
    }

    final class SeedPlace: PersistableRecord, @unchecked Sendable {
        // @unchecked Sendable: only used inside one database access.
        var id: Int64?
        var column: String?
        var title = "Paris"
        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["title"] = title
        }
        func didInsert(with rowID: Int64, for column: String?) {
            id = rowID
            self.column = column
        }
    }

    struct BothSpellings: Encodable, MutablePersistableRecord {
        var id: Int64?
        var calls: [String] = []
        enum CodingKeys: String, CodingKey { case id }
        mutating func didInsert(_ inserted: InsertionSuccess) { calls.append("didInsert(_:)") }
        mutating func didInsert(with rowID: Int64, for column: String?) { calls.append("didInsert(with:for:)") }
    }

    func testSeedEraDidInsertIsCalled() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE seedPlayer (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE seedPlace (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TABLE bothSpellings (id INTEGER PRIMARY KEY);
                """)
            var player = SeedPlayer(id: nil, name: "Arthur")
            try player.insert(db)
            XCTAssertEqual(player.id, 1)

            var saved = SeedPlayer(id: nil, name: "Barbara")
            try saved.save(db)
            XCTAssertEqual(saved.id, 2)

            let place = SeedPlace()
            try place.insert(db)
            XCTAssertEqual(place.id, 1)
            XCTAssertEqual(place.column, "id")

            // The GRDB 7 spelling wins.
            var both = BothSpellings()
            try both.insert(db)
            XCTAssertEqual(both.calls, ["didInsert(_:)"])
        }
    }
}
