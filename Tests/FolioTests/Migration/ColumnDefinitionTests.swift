import Folio
import Foundation
import XCTest

final class ColumnDefinitionTests: FolioTestCase {
    func testPrimaryKeyModifier() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "a") { t in
                t.column("id", .integer).primaryKey()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "a" ("id" INTEGER PRIMARY KEY)"#)
            try db.create(table: "b") { t in
                t.column("id", .integer).primaryKey(onConflict: .replace, autoincrement: true)
                t.column("name", .text)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "b" ("id" INTEGER PRIMARY KEY ON CONFLICT REPLACE AUTOINCREMENT, "name" TEXT)"#)
            try db.execute(sql: "INSERT INTO b VALUES (1, 'Arthur')")
            try db.execute(sql: "INSERT INTO b VALUES (1, 'Barbara')")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM b"), ["Barbara"])
        }
    }

    func testNotNullWithConflictResolution() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("name", .text).notNull(onConflict: .ignore)
                t.column("email", .text).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("name" TEXT NOT NULL ON CONFLICT IGNORE, "email" TEXT NOT NULL)"#)
            try db.execute(sql: "INSERT INTO player VALUES (NULL, 'a@example.com')") // ignored
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO player VALUES ('Arthur', NULL)")
            }
            XCTAssertEqual(error?.message, "NOT NULL constraint failed: player.email")
        }
    }

    func testUnique() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("email", .text).unique()
                t.column("nickname", .text).unique(onConflict: .replace)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("email" TEXT UNIQUE, "nickname" TEXT UNIQUE ON CONFLICT REPLACE)"#)
            XCTAssertEqual(try db.indexes(on: "player").map(\.columns), [["email"], ["nickname"]])
            try db.execute(sql: "INSERT INTO player VALUES ('a@example.com', 'a')")
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player VALUES ('a@example.com', 'b')")
            }
            XCTAssertEqual(error?.message, "UNIQUE constraint failed: player.email")
            try db.execute(sql: "INSERT INTO player VALUES ('b@example.com', 'a')") // replaces
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT email FROM player"), ["b@example.com"])
        }
    }

    func testCheckSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer).check(sql: "score >= 0").check(sql: "score < 1000")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("score" INTEGER CHECK (score >= 0) CHECK (score < 1000))"#)
            try db.execute(sql: "INSERT INTO player VALUES (10)")
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO player VALUES (-1)")
            }
            XCTAssertEqual(error?.message, "CHECK constraint failed: score >= 0")
        }
    }

    func testDefaultsToValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("id", .integer).primaryKey()
                t.column("bool", .boolean).notNull().defaults(to: false)
                t.column("int", .integer).defaults(to: -42)
                t.column("double", .double).defaults(to: 1.5)
                t.column("text", .text).defaults(to: "O'Brien")
                t.column("blob", .blob).defaults(to: Data([0x01, 0xFF]))
                t.column("null", .text).defaults(to: String?.none)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("id" INTEGER PRIMARY KEY, "bool" BOOLEAN NOT NULL DEFAULT 0, "int" INTEGER DEFAULT -42, "double" DOUBLE DEFAULT 1.5, "text" TEXT DEFAULT 'O''Brien', "blob" BLOB DEFAULT x'01FF', "null" TEXT DEFAULT NULL)"#)
            XCTAssertEqual(try db.columns(in: "t").map(\.defaultValueSQL), [nil, "0", "-42", "1.5", "'O''Brien'", "x'01FF'", "NULL"])
            try db.execute(sql: "INSERT INTO t DEFAULT VALUES")
            let row = try Row.fetchOne(db, sql: "SELECT * FROM t")!
            XCTAssertEqual(row["bool"] as Bool, false)
            XCTAssertEqual(row["int"] as Int, -42)
            XCTAssertEqual(row["double"] as Double, 1.5)
            XCTAssertEqual(row["text"] as String, "O'Brien")
            XCTAssertEqual(row["blob"] as Data, Data([0x01, 0xFF]))
            XCTAssertTrue(row.hasNull(atIndex: 6))
        }
    }

    func testDefaultsSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("creationDate", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
                t.column("sum", .integer).defaults(sql: "1 + 1")
                t.column("name", .text).defaults(sql: "'a b'")
                t.column("exponent", .double).defaults(sql: "1e-3")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("creationDate" DATETIME DEFAULT CURRENT_TIMESTAMP, "sum" INTEGER DEFAULT (1 + 1), "name" TEXT DEFAULT 'a b', "exponent" DOUBLE DEFAULT 1e-3)"#)
            try db.execute(sql: "INSERT INTO t DEFAULT VALUES")
            let row = try Row.fetchOne(db, sql: "SELECT * FROM t")!
            XCTAssertNotNil(row["creationDate"] as String?)
            XCTAssertEqual(row["sum"] as Int, 2)
            XCTAssertEqual(row["name"] as String, "a b")
            XCTAssertEqual(row["exponent"] as Double, 0.001)
        }
    }

    func testCollateBuiltInAndCustomCollations() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("email", .text).collate(.nocase)
                t.column("name", .text).collate(.localizedCaseInsensitiveCompare)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("email" TEXT COLLATE NOCASE, "name" TEXT COLLATE swiftLocalizedCaseInsensitiveCompare)"#)
            try db.execute(sql: "INSERT INTO player VALUES ('ARTHUR@EXAMPLE.COM', 'Élodie')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE email = 'arthur@example.com'"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE name = 'élodie'"), 1)
        }
    }

    func testIndexedCreatesIndexAfterTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer).indexed()
                t.column("name", .text).unique().indexed()
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "player" ("score" INTEGER, "name" TEXT UNIQUE)"#,
                #"CREATE INDEX "player_on_score" ON "player"("score")"#,
                #"CREATE INDEX "player_on_name" ON "player"("name")"#,
            ])
            let indexes = try db.indexes(on: "player")
            XCTAssertEqual(indexes.map(\.name), ["player_on_name", "player_on_score", "sqlite_autoindex_player_1"])
            XCTAssertEqual(indexes.map(\.isUnique), [false, false, true])
        }
    }

    func testReferences() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "author") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("uuid", .text).unique()
            }
            try db.create(table: "editor") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.create(table: "book") { t in
                t.column("authorId", .integer).references("author", onDelete: .cascade, onUpdate: .cascade)
                t.column("authorUUID", .text).references("author", column: "uuid", onDelete: .setNull, deferred: true)
                t.column("editorId", .integer).references("editor", onDelete: .restrict, onUpdate: .setDefault)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "book" ("authorId" INTEGER REFERENCES "author"("id") ON DELETE CASCADE ON UPDATE CASCADE, "authorUUID" TEXT REFERENCES "author"("uuid") ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED, "editorId" INTEGER REFERENCES "editor"("id") ON DELETE RESTRICT ON UPDATE SET DEFAULT)"#)
            XCTAssertEqual(try db.foreignKeys(on: "book").map(\.destinationTable).sorted(), ["author", "author", "editor"])

            try db.execute(sql: "INSERT INTO author (id, uuid) VALUES (1, 'a')")
            try db.execute(sql: "INSERT INTO book (authorId, authorUUID) VALUES (1, 'a')")
            try db.execute(sql: "UPDATE author SET id = 2")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT authorId FROM book"), 2)
            try db.execute(sql: "DELETE FROM author")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book"), 0)
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO book (authorId) VALUES (3)")
            }
        }
    }

    func testReferencesTableWithoutExplicitPrimaryKeyUsesRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "node") { t in
                t.column("name", .text)
                t.column("parentId", .integer).references("node")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "node" ("name" TEXT, "parentId" INTEGER REFERENCES "node"("rowid"))"#)
        }
    }

    func testGeneratedColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer).notNull()
                t.column("bonus", .integer).notNull()
                t.column("total", .integer).generatedAs(sql: "score + bonus")
                t.column("doubleTotal", .integer).generatedAs(sql: "2 * (score + bonus)", .stored)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("score" INTEGER NOT NULL, "bonus" INTEGER NOT NULL, "total" INTEGER GENERATED ALWAYS AS (score + bonus) VIRTUAL, "doubleTotal" INTEGER GENERATED ALWAYS AS (2 * (score + bonus)) STORED)"#)
            XCTAssertEqual(try db.columns(in: "player").map(\.isGenerated), [false, false, true, true])
            try db.execute(sql: "INSERT INTO player (score, bonus) VALUES (10, 5)")
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT total, doubleTotal FROM player"), ["total": 15, "doubleTotal": 30])
        }
    }

    func testModifiersComeInFixedOrder() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("a", .text)
                    .references("t", column: "a")
                    .collate(.nocase)
                    .defaults(to: "x")
                    .check(sql: "length(a) > 0")
                    .unique()
                    .notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("a" TEXT NOT NULL UNIQUE CHECK (length(a) > 0) DEFAULT 'x' COLLATE NOCASE REFERENCES "t"("a"))"#)
        }
    }
}
