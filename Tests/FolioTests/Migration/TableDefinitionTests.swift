import Folio
import XCTest

final class TableDefinitionTests: FolioTestCase {
    func testAutoIncrementedPrimaryKeyCreatesRowIDAlias() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "score" INTEGER NOT NULL)"#)
            XCTAssertEqual(try db.columnSummaries("player"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("name", "TEXT", notNull: true),
                ColumnSummary("score", "INTEGER", notNull: true),
            ])
            let primaryKey = try db.primaryKey("player")
            XCTAssertEqual(primaryKey.columns, ["id"])
            XCTAssertEqual(primaryKey.rowIDColumn, "id")

            // AUTOINCREMENT: ids are never reused
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Arthur', 1), ('Barbara', 2)")
            try db.execute(sql: "DELETE FROM player WHERE id = 2")
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Craig', 3)")
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM player ORDER BY id"), [1, 3])

            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO player (name, score) VALUES (NULL, 0)")
            }
        }
    }

    func testIfNotExistsOptionToleratesExistingTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in t.column("name", .text) }
            try db.create(table: "player", options: .ifNotExists) { t in t.column("name", .text) }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE IF NOT EXISTS "player" ("name" TEXT)"#)
            let error = assertDatabaseError(.SQLITE_ERROR) {
                try db.create(table: "player") { t in t.column("name", .text) }
            }
            XCTAssertEqual(error?.message, "table \"player\" already exists")
            XCTAssertEqual(error?.sql, #"CREATE TABLE "player" ("name" TEXT)"#)
        }
    }

    func testTemporaryOptionCreatesTableInTempSchema() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "cache", options: [.temporary, .ifNotExists]) { t in
                t.column("key", .text).notNull().indexed()
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TEMPORARY TABLE IF NOT EXISTS "cache" ("key" TEXT NOT NULL)"#,
                #"CREATE INDEX IF NOT EXISTS "cache_on_key" ON "cache"("key")"#,
            ])
            XCTAssertTrue(try db.tableExists("cache", in: "temp"))
            XCTAssertFalse(try db.tableExists("cache", in: "main"))
            XCTAssertEqual(try db.indexSummaries("cache"), [#"cache_on_key["key"]"#])
        }
    }

    func testWithoutRowIDAndStrictOptions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "setting", options: [.withoutRowID, .strict]) { t in
                t.primaryKey("key", .text)
                t.column("value", .integer)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "setting" ("key" TEXT PRIMARY KEY NOT NULL, "value" INTEGER) WITHOUT ROWID, STRICT"#)
            XCTAssertFalse(try db.primaryKey("setting").tableHasRowID)
            assertDatabaseError(.SQLITE_CONSTRAINT_DATATYPE) {
                try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('a', 'not an integer')")
            }

            try db.create(table: "log", options: .strict) { t in
                t.column("message", .text)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "log" ("message" TEXT) STRICT"#)
        }
    }

    func testPrimaryKeyWithTypeIsNotNull() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "team" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL)"#)
            let primaryKey = try db.primaryKey("team")
            XCTAssertEqual(primaryKey.columns, ["id"])
            XCTAssertNil(primaryKey.rowIDColumn)
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO team (id, name) VALUES (NULL, 'Reds')")
            }
            try db.execute(sql: "INSERT INTO team (id, name) VALUES ('red', 'Reds')")
            assertDatabaseError(.SQLITE_CONSTRAINT_PRIMARYKEY) {
                try db.execute(sql: "INSERT INTO team (id, name) VALUES ('red', 'Reds again')")
            }
        }
    }

    func testIntegerPrimaryKeyWithTypeIsRowIDAlias() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .integer)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY)"#)
            XCTAssertEqual(try db.primaryKey("player").rowIDColumn, "id")
        }
    }

    func testPrimaryKeyBodyDefinesCompositePrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "seat") { t in
                t.primaryKey {
                    t.column("teamName", .text)
                    t.column("position", .integer)
                }
                t.column("player", .text)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "seat" ("teamName" TEXT NOT NULL, "position" INTEGER NOT NULL, "player" TEXT, PRIMARY KEY ("teamName", "position"))"#)
            XCTAssertEqual(try db.primaryKey("seat").columns, ["teamName", "position"])
            try db.execute(sql: "INSERT INTO seat VALUES ('Reds', 1, 'Arthur')")
            assertDatabaseError(.SQLITE_CONSTRAINT_PRIMARYKEY) {
                try db.execute(sql: "INSERT INTO seat VALUES ('Reds', 1, 'Barbara')")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_NOTNULL) {
                try db.execute(sql: "INSERT INTO seat VALUES (NULL, 2, 'Barbara')")
            }
        }
    }

    func testPrimaryKeyColumnsWithConflictResolution() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "score") { t in
                t.column("game", .text).notNull()
                t.column("player", .text).notNull()
                t.column("points", .integer)
                t.primaryKey(["game", "player"], onConflict: .replace)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "score" ("game" TEXT NOT NULL, "player" TEXT NOT NULL, "points" INTEGER, PRIMARY KEY ("game", "player") ON CONFLICT REPLACE)"#)
            try db.execute(sql: "INSERT INTO score VALUES ('chess', 'Arthur', 1)")
            try db.execute(sql: "INSERT INTO score VALUES ('chess', 'Arthur', 2)")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT points FROM score"), [2])
        }
    }

    func testColumnTypes() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("a")
                t.column("b", .integer)
                t.column("c", .text)
                t.column("d", .double)
                t.column("e", .real)
                t.column("f", .numeric)
                t.column("g", .boolean)
                t.column("h", .blob)
                t.column("i", .date)
                t.column("j", .datetime)
                t.column("k", .any)
                t.column("l", .json)
                t.column("m", Database.ColumnType(rawValue: "VARCHAR(10)"))
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("a", "b" INTEGER, "c" TEXT, "d" DOUBLE, "e" REAL, "f" NUMERIC, "g" BOOLEAN, "h" BLOB, "i" DATE, "j" DATETIME, "k" ANY, "l" JSON, "m" VARCHAR(10))"#)
            XCTAssertEqual(try db.columns(in: "t").map(\.type), [
                "", "INTEGER", "TEXT", "DOUBLE", "REAL", "NUMERIC", "BOOLEAN", "BLOB", "DATE", "DATETIME", "ANY", "JSON", "VARCHAR(10)",
            ])
        }
    }

    func testColumnSQLAndLiteralWriteValuesAsSQLLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let defaultName = "O'Brien"
            try db.create(table: "player") { t in
                t.column(sql: "id INTEGER PRIMARY KEY")
                t.column(literal: "name TEXT DEFAULT \(defaultName)")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" (id INTEGER PRIMARY KEY, name TEXT DEFAULT 'O''Brien')"#)
            try db.execute(sql: "INSERT INTO player DEFAULT VALUES")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM player"), "O'Brien")
        }
    }

    func testUniqueKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("team", .text)
                t.column("position", .integer)
                t.column("name", .text)
                t.uniqueKey(["team", "position"])
                t.uniqueKey(["name"], onConflict: .ignore)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("team" TEXT, "position" INTEGER, "name" TEXT, UNIQUE ("team", "position"), UNIQUE ("name") ON CONFLICT IGNORE)"#)
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["team", "position"]))
            try db.execute(sql: "INSERT INTO player VALUES ('Reds', 1, 'Arthur')")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player VALUES ('Reds', 1, 'Barbara')")
            }
            try db.execute(sql: "INSERT INTO player VALUES ('Blues', 1, 'Arthur')") // ignored
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 1)
        }
    }

    func testForeignKeyTableConstraint() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "parent") { t in
                t.column("c", .integer)
                t.column("d", .integer)
                t.primaryKey(["c", "d"])
            }
            try db.create(table: "child") { t in
                t.column("a", .integer)
                t.column("b", .integer)
                t.column("c", .integer)
                t.column("d", .integer)
                t.foreignKey(["a", "b"], references: "parent", columns: ["c", "d"], onDelete: .cascade, onUpdate: .setNull, deferred: true)
                t.foreignKey(["c", "d"], references: "parent")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "child" ("a" INTEGER, "b" INTEGER, "c" INTEGER, "d" INTEGER, FOREIGN KEY ("a", "b") REFERENCES "parent"("c", "d") ON DELETE CASCADE ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY ("c", "d") REFERENCES "parent")"#)
            XCTAssertEqual(Set(try db.foreignKeySummaries("child")), [
                #"["a", "b"] -> parent["c", "d"]"#,
                #"["c", "d"] -> parent["c", "d"]"#,
            ])
            try db.execute(sql: "INSERT INTO parent VALUES (1, 2)")
            try db.execute(sql: "INSERT INTO child VALUES (1, 2, 1, 2)")
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "INSERT INTO child VALUES (NULL, NULL, 2, 1)")
            }
            try db.execute(sql: "DELETE FROM parent")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child"), 0) // cascade
        }
    }

    func testTableCheckConstraint() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .integer)
                t.check(sql: "a + b < 10")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("a" INTEGER, "b" INTEGER, CHECK (a + b < 10))"#)
            try db.execute(sql: "INSERT INTO t VALUES (1, 2)")
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (5, 5)")
            }
            XCTAssertEqual(error?.message, "CHECK constraint failed: a + b < 10")
        }
    }

    func testRawConstraints() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let limit = 10
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.constraint(sql: "CHECK (a > 0)")
                t.constraint(literal: "CHECK (a < \(limit))")
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("a" INTEGER, CHECK (a > 0), CHECK (a < 10))"#)
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (10)")
            }
        }
    }

    func testTableConstraintsComeAfterColumnsInFixedOrder() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.constraint(sql: "CHECK (b <> 0)")
                t.check(sql: "a <> 0")
                t.foreignKey(["b"], references: "t", columns: ["a"])
                t.uniqueKey(["b"])
                t.primaryKey(["a"])
                t.column("a", .integer)
                t.column("b", .integer)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("a" INTEGER, "b" INTEGER, PRIMARY KEY ("a"), UNIQUE ("b"), FOREIGN KEY ("b") REFERENCES "t"("a"), CHECK (a <> 0), CHECK (b <> 0))"#)
        }
    }

    func testBodyErrorCreatesNothing() throws {
        struct TestError: Error { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try db.create(table: "t") { t in
                t.column("a")
                throw TestError()
            }) { error in
                XCTAssertTrue(error is TestError)
            }
            XCTAssertFalse(try db.tableExists("t"))
            XCTAssertEqual(schemaSQLQueries, [])
        }
    }

    func testPlaceSampleOfSchemaModificationsGuide() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "place") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text)
                t.column("favorite", .boolean).notNull().defaults(to: false)
                t.column("longitude", .double).notNull()
                t.column("latitude", .double).notNull()
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "place" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT, "favorite" BOOLEAN NOT NULL DEFAULT 0, "longitude" DOUBLE NOT NULL, "latitude" DOUBLE NOT NULL)"#)
            try db.execute(sql: "INSERT INTO place (longitude, latitude) VALUES (2.35, 48.85)")
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT favorite FROM place"), false)
        }
    }
}
