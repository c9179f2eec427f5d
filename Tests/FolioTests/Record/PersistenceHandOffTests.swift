import Folio
import XCTest

/// The persistence methods hand their INSERT and UPDATE steps to the
/// `insert(_:)` and `update(_:columns:)` requirements (see
/// `PersistenceHandOff`): what records that implement those methods with
/// the GRDB 7 methods, and subclasses of `Record`, see.
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
}
