@testable import Folio
import XCTest

/// The persistence methods hand their INSERT and UPDATE steps to the
/// `insert(_:)` and `update(_:columns:)` requirements (see
/// `Compatibility/PersistenceHandOff.swift`) for the record types that
/// customize them: what records that implement those methods with the
/// GRDB 7 methods, and subclasses of `Record`, see. The other record types
/// go straight to the statement once the connection has seen their
/// default implementation run.
final class PersistenceHandOffTests: FolioTestCase {
    /// A GRDB 7 record that spells its own `insert(_:)` and
    /// `update(_:columns:)` with the methods that take a conflict
    /// resolution, which hand over to those very methods.
    private struct Tag: MutablePersistableRecord {
        static let databaseTableName = "tag"
        var id: Int64?
        var name: String

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["name"] = name
        }

        mutating func insert(_ db: Database) throws {
            try insert(db, onConflict: .ignore)
        }

        func update(_ db: Database, columns: Set<String>) throws {
            try update(db, onConflict: .replace, columns: columns)
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    private final class Player: Record {
        var id: Int64?
        var name: String
        var events: [String] = []

        override class var databaseTableName: String { "player" }

        init(id: Int64? = nil, name: String) {
            self.id = id
            self.name = name
            super.init()
        }

        required init(row: Row) throws {
            id = try row.decode(forColumn: "id")
            name = try row.decode(forColumn: "name")
            try super.init(row: row)
        }

        override func encode(to container: inout PersistenceContainer) throws {
            container["id"] = id
            container["name"] = name
        }

        override func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }

        override func willSave(_ db: Database) throws { events.append("willSave") }
        override func didSave(_ saved: PersistenceSuccess) { events.append("didSave") }

        override func insert(_ db: Database) throws {
            events.append("insert")
            try super.insert(db)
        }

        override func update(_ db: Database, columns: Set<String>) throws {
            events.append("update \(columns.sorted())")
            try super.update(db, columns: columns)
        }
    }

    func testInsertSpelledWithConflictResolutionInsertsOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
            var tag = Tag(id: nil, name: "swift")
            clearSQLQueries()
            try tag.insert(db)
            XCTAssertEqual(tag.id, 1)
            var duplicate = Tag(id: nil, name: "swift")
            try duplicate.insert(db)
            try duplicate.save(db)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("INSERT") }, [
                #"INSERT OR IGNORE INTO "tag" ("id", "name") VALUES (?,?)"#,
                #"INSERT OR IGNORE INTO "tag" ("id", "name") VALUES (?,?)"#,
                #"INSERT OR IGNORE INTO "tag" ("id", "name") VALUES (?,?)"#,
            ])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM tag"), ["swift"])
        }
    }

    func testUpdateSpelledWithConflictResolutionUpdatesOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                INSERT INTO tag VALUES (1, 'swift'), (2, 'sqlite');
                """)
            clearSQLQueries()
            try Tag(id: 2, name: "swift").update(db)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("UPDATE") }, [
                #"UPDATE OR REPLACE "tag" SET "name"=? WHERE "id"=?"#,
            ])
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM tag"), [2])
        }
    }

    func testGenericSaveAndUpdateReachOverridesOfRecordSubclass() throws {
        func save<T: MutablePersistableRecord>(_ record: inout T, _ db: Database) throws {
            try record.save(db)
        }
        func update<T: MutablePersistableRecord>(_ record: T, _ db: Database) throws {
            try record.update(db, onConflict: .replace)
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            var player = Player(name: "Arthur")
            try save(&player, db)
            XCTAssertEqual(player.events, ["willSave", "insert", "didSave"])
            XCTAssertEqual(player.id, 1)

            player.events = []
            player.name = "Barbara"
            try save(&player, db)
            XCTAssertEqual(player.events, ["willSave", #"update ["id", "name"]"#, "didSave"])

            player.events = []
            clearSQLQueries()
            try update(player, db)
            XCTAssertEqual(player.events, [#"update ["id", "name"]"#, "willSave", "didSave"])
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("UPDATE") }, [
                #"UPDATE OR REPLACE "player" SET "name"=? WHERE "id"=?"#,
            ])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player"), ["Barbara"])
        }
    }

    // MARK: - Which record types take the hand-off

    /// A record that does not customize `insert(_:)` nor `update(_:columns:)`.
    private struct Plain: Codable, MutablePersistableRecord {
        static let databaseTableName = "plain"
        var id: Int64?
        var name: String

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    /// A record that customizes `insert(_:)` only, and counts its calls.
    /// Deprecated, as the seed-era `performInsert` it calls, so that the
    /// tests build without warnings.
    @available(*, deprecated)
    private struct Counted: Codable, MutablePersistableRecord {
        static let databaseTableName = "counted"
        nonisolated(unsafe) static var customInsertCount = 0
        var id: Int64?
        var name: String

        mutating func insert(_ db: Database) throws {
            Counted.customInsertCount += 1
            try performInsert(db)
        }

        mutating func didInsert(_ inserted: InsertionSuccess) {
            id = inserted.rowID
        }
    }

    func testRecordTypeWithDefaultRequirementsSkipsTheHandOffAfterItsFirstStep() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            let state = db.persistenceConnectionState
            XCTAssertFalse(state.usesDefaultInsert(Plain.self))
            XCTAssertFalse(state.usesDefaultUpdate(Plain.self))
            XCTAssertNil(state.seedEraState)

            // The default `insert(_:)`, called directly: there is no
            // hand-off to take, and none is made.
            var plain = Plain(id: nil, name: "a")
            try plain.insert(db)
            XCTAssertEqual(plain.id, 1)
            XCTAssertNil(state.seedEraState)
            XCTAssertFalse(state.usesDefaultInsert(Plain.self))

            // `insert(_:onConflict:)` hands over to `insert(_:)` once:
            // the default implementation takes the hand-off.
            var second = Plain(id: nil, name: "b")
            try second.insert(db, onConflict: nil)
            XCTAssertEqual(second.id, 2)
            XCTAssertNotNil(state.seedEraState)
            XCTAssertTrue(state.usesDefaultInsert(Plain.self))
            XCTAssertFalse(state.usesDefaultUpdate(Plain.self))

            plain.name = "b"
            try plain.update(db)
            XCTAssertTrue(state.usesDefaultUpdate(Plain.self))
            try second.delete(db)

            // The following steps go straight to the statement, and do
            // the same as before.
            var other = Plain(id: nil, name: "c")
            try other.insert(db)
            XCTAssertEqual(other.id, 2)
            other.name = "d"
            try other.save(db)
            var third = Plain(id: 3, name: "e")
            try third.save(db)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM plain ORDER BY id"), ["b", "d", "e"])
        }
    }

    @available(*, deprecated)
    func testCustomizedInsertRunsForEveryInsertionAndSave() throws {
        Counted.customInsertCount = 0
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE counted (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                """)
            for index in 0..<3 {
                var plain = Plain(id: nil, name: "plain \(index)")
                try plain.insert(db, onConflict: nil)
                var counted = Counted(id: nil, name: "counted \(index)")
                try counted.insert(db)
                XCTAssertEqual(counted.id, Int64(index + 1))
            }
            var saved = Counted(id: nil, name: "saved")
            try saved.save(db)
            _ = try Counted(id: nil, name: "inserted").inserted(db, onConflict: .replace)
            XCTAssertEqual(Counted.customInsertCount, 5)

            let state = db.persistenceConnectionState
            XCTAssertTrue(state.usesDefaultInsert(Plain.self))
            XCTAssertFalse(state.usesDefaultInsert(Counted.self))
            // Counted does not customize update(_:columns:).
            saved.name = "updated"
            try saved.update(db)
            XCTAssertTrue(state.usesDefaultUpdate(Counted.self))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM counted"), 5)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM counted WHERE id = 4"), "updated")
        }
    }

    func testRecordSubclassesAlwaysTakeTheHandOff() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            for name in ["Arthur", "Barbara"] {
                let player = Player(name: name)
                try player.insert(db)
                XCTAssertEqual(player.events, ["insert", "willSave", "didSave"])
            }
            // `Record` implements the requirements, which its subclasses
            // override: the connection never takes them for the default.
            XCTAssertFalse(db.persistenceConnectionState.usesDefaultInsert(Player.self))
        }
    }
}
