import Folio
import XCTest

/// `t.belongsTo("parent")` without `inTable:` references the table
/// `parent` when it exists, or else its plural `parents`.
final class BelongsToReferencedTableTests: FolioTestCase {
    private func createTableSQL(_ db: Database, _ table: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
    }

    func testBelongsToReferencesTheSingularTableWhenItExists() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "parent") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "child") { t in t.belongsTo("parent") }
            XCTAssertEqual(
                try createTableSQL(db, "child"),
                #"CREATE TABLE "child" ("parentId" INTEGER REFERENCES "parent"("id"))"#)
        }
    }

    func testBelongsToReferencesThePluralTableWhenTheSingularOneDoesNotExist() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "parents") { t in t.autoIncrementedPrimaryKey("id") }
            clearSQLQueries()
            try db.create(table: "child") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("parent").notNull()
            }
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("CREATE") }, [
                #"CREATE TABLE "child" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "parentId" INTEGER NOT NULL REFERENCES "parents"("id"))"#,
                #"CREATE INDEX "child_on_parentId" ON "child"("parentId")"#,
            ])
            let foreignKeys = try db.foreignKeys(on: "child")
            XCTAssertEqual(foreignKeys.map(\.destinationTable), ["parents"])
            XCTAssertEqual(foreignKeys.first?.originColumns, ["parentId"])

            // The foreign key is enforced against the plural table.
            try db.execute(sql: "INSERT INTO parents (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO child (parentId) VALUES (1)")
            do {
                try db.execute(sql: "INSERT INTO child (parentId) VALUES (2)")
                XCTFail("expected a foreign key violation")
            } catch let error as DatabaseError {
                XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            }
        }
    }

    func testBelongsToReferencesTheIrregularPluralTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "children") { t in t.primaryKey("code", .text) }
            try db.create(table: "toy") { t in t.belongsTo("child") }
            XCTAssertEqual(
                try createTableSQL(db, "toy"),
                #"CREATE TABLE "toy" ("childCode" TEXT REFERENCES "children"("code"))"#)
        }
    }

    func testBelongsToPrefersTheSingularTableWhenBothExist() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "parents") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "parent") { t in t.primaryKey("uuid", .text) }
            try db.create(table: "child") { t in t.belongsTo("parent") }
            XCTAssertEqual(
                try createTableSQL(db, "child"),
                #"CREATE TABLE "child" ("parentUuid" TEXT REFERENCES "parent"("uuid"))"#)
        }
    }

    func testBelongsToReferencesThePluralTableBeingCreated() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "nodes") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("node")
            }
            XCTAssertEqual(
                try createTableSQL(db, "nodes"),
                #"CREATE TABLE "nodes" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "nodeId" INTEGER REFERENCES "nodes"("id"))"#)
        }
    }

    func testBelongsToWithoutSingularOrPluralTableReferencesTheSingularTableCreatedLater() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "child") { t in t.belongsTo("parent") }
            XCTAssertEqual(
                try createTableSQL(db, "child"),
                #"CREATE TABLE "child" ("parentId" INTEGER REFERENCES "parent")"#)
        }
    }

    func testBelongsToInTableStillReferencesATableThatDoesNotExistYet() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "child") { t in t.belongsTo("parent", inTable: "parent") }
            XCTAssertEqual(
                try createTableSQL(db, "child"),
                #"CREATE TABLE "child" ("parentId" INTEGER REFERENCES "parent")"#)
        }
    }
}
