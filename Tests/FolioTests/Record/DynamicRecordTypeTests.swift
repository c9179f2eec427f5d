import Folio
import XCTest

/// Insertions and upserts use the dynamic type of the record: a subclass of
/// `Record` inserted as its superclass uses the table, the conflict policy
/// and the statements of the subclass; value types use their own type.
final class DynamicRecordTypeTests: FolioTestCase {
    class Animal: Record {
        var id: Int64?
        var name: String

        override class var databaseTableName: String { "animal" }

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
    }

    final class Cat: Animal {
        override class var databaseTableName: String { "cat" }

        override class var persistenceConflictPolicy: PersistenceConflictPolicy {
            PersistenceConflictPolicy(insert: .replace, update: .abort)
        }
    }

    struct Dog: Codable, PersistableRecord {
        var id: Int64
        var name: String
    }

    func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE animal (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE cat (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE dog (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                """)
        }
        return dbQueue
    }

    /// Inserts through the static type `T`.
    private func insert<T: MutablePersistableRecord>(_ record: inout T, _ db: Database) throws {
        try record.insert(db)
    }

    func testSubclassInsertedAsItsSuperclassGoesToTheTableOfTheSubclass() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var animal: Animal = Cat(name: "Felix")
            try insert(&animal, db)
            var other = Animal(name: "Rex")
            try insert(&other, db)
            XCTAssertEqual(animal.id, 1)
            XCTAssertEqual(other.id, 1)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM cat"), ["Felix"])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM animal"), ["Rex"])
        }
    }

    func testSubclassInsertedAsItsSuperclassUsesTheConflictPolicyOfTheSubclass() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            var felix: Animal = Cat(id: 1, name: "Felix")
            try insert(&felix, db)
            // INSERT OR REPLACE, the policy of Cat.
            var tom: Animal = Cat(id: 1, name: "Tom")
            try insert(&tom, db)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM cat"), ["Tom"])
            // Animal has the default policy: a conflict fails.
            var rex = Animal(id: 1, name: "Rex")
            try insert(&rex, db)
            var max = Animal(id: 1, name: "Max")
            XCTAssertThrowsError(try insert(&max, db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
        }
    }

    func testValueTypeInsertAndUpsertUseTheirOwnType() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try Dog(id: 1, name: "Rex").insert(db)
            try Dog(id: 1, name: "Max").upsert(db)
            try Dog(id: 2, name: "Fido").upsert(db)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM dog ORDER BY id"), ["Max", "Fido"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM animal"), 0)
        }
    }
}
