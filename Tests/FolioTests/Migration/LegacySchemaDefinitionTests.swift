import Folio
import XCTest

/// GRDB's legacy schema methods with boolean options, and the schema DSL
/// signatures of GRDB: generated column qualifications, unique foreign
/// keys, check constraints, temporary virtual tables, views of any
/// request, unique keys of a collection.
final class LegacySchemaDefinitionTests: FolioTestCase {
    func testCreateTableWithBooleanOptions() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.create(table: "player", temporary: true, ifNotExists: true, withoutRowID: true) { t in
                t.primaryKey("id", .integer)
                t.column("name", .text)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TEMPORARY TABLE IF NOT EXISTS "player" ("id" INTEGER PRIMARY KEY, "name" TEXT) WITHOUT ROWID"#)
            XCTAssertTrue(try db.tableExists("player", in: "temp"))
            // IF NOT EXISTS: no error the second time
            try db.create(table: "player", temporary: true, ifNotExists: true, withoutRowID: true) { t in
                t.primaryKey("id", .integer)
            }
            // Defaults: a plain table, and an error when it exists
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "team" ("id" INTEGER PRIMARY KEY AUTOINCREMENT)"#)
            assertDatabaseError(.SQLITE_ERROR) {
                try db.create(table: "team", temporary: false) { t in t.autoIncrementedPrimaryKey("id") }
            }
        }
    }

    func testCreateIndexWithBooleanOptions() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, email TEXT, isActive BOOLEAN)")
            try db.create(index: "byEmail", on: "player", columns: ["email"], unique: true, ifNotExists: true, condition: Column("isActive"))
            XCTAssertEqual(lastSQLQuery, #"CREATE UNIQUE INDEX IF NOT EXISTS "byEmail" ON "player"("email") WHERE "isActive""#)
            try db.create(index: "byEmail", on: "player", columns: ["email"], unique: true, ifNotExists: true)
            try db.execute(sql: "INSERT INTO player (email, isActive) VALUES ('a', 1), ('a', 0)")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (email, isActive) VALUES ('a', 1)")
            }
            try db.create(index: "byActive", on: "player", columns: ["isActive"])
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "byActive" ON "player"("isActive")"#)
            assertDatabaseError(.SQLITE_ERROR) {
                try db.create(index: "byActive", on: "player", columns: ["isActive"], unique: false)
            }
        }
    }

    func testCreateVirtualTableWithBooleanOption() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.create(virtualTable: "document", ifNotExists: true, using: "fts4")
            XCTAssertEqual(lastSQLQuery, #"CREATE VIRTUAL TABLE IF NOT EXISTS "document" USING fts4"#)
            try db.create(virtualTable: "book", ifNotExists: true, using: FTS4()) { t in
                t.column("title")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE IF NOT EXISTS "book" USING fts4("title")"#), "\(sqlQueries)")
            try db.create(virtualTable: "book", ifNotExists: true, using: FTS4()) { t in
                t.column("title")
            }
            assertDatabaseError(.SQLITE_ERROR) {
                try db.create(virtualTable: "book", using: FTS4()) { t in t.column("title") }
            }
            assertDatabaseError(.SQLITE_ERROR) {
                try db.create(virtualTable: "other", ifNotExists: false, using: "noSuchModule")
            }
        }
    }

    func testTemporaryVirtualTable() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.create(virtualTable: "document", options: .temporary, using: FTS5()) { t in
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "temp"."document" USING fts5("content")"#), "\(sqlQueries)")
            XCTAssertTrue(try db.tableExists("document", in: "temp"))
            XCTAssertFalse(try db.tableExists("document", in: "main"))
            try db.create(virtualTable: "document", options: [.temporary, .ifNotExists], using: "fts5(content)")
            XCTAssertEqual(lastSQLQuery, #"CREATE VIRTUAL TABLE IF NOT EXISTS "temp"."document" USING fts5(content)"#)
            try db.execute(sql: "INSERT INTO document (content) VALUES ('hello world')")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM document WHERE document MATCH 'hello'"), 1)
        }
    }

    func testGeneratedColumnQualification() throws {
        let qualifications: Set<ColumnDefinition.GeneratedColumnQualification> = [.stored, .virtual, .stored]
        XCTAssertEqual(qualifications.count, 2)
        XCTAssertNotEqual(ColumnDefinition.GeneratedColumnQualification.stored, .virtual)
        try makeDatabaseQueue().inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer)
                t.column("bonus", .integer)
                t.column("total", .integer).generatedAs(Column("score") + Column("bonus"), .stored)
                t.column("double", .integer).generatedAs(sql: "score * 2")
            }
            XCTAssertEqual(lastSQLQuery, """
                CREATE TABLE "player" ("score" INTEGER, "bonus" INTEGER, \
                "total" INTEGER GENERATED ALWAYS AS ("score" + "bonus") STORED, \
                "double" INTEGER GENERATED ALWAYS AS (score * 2) VIRTUAL)
                """)
            try db.execute(sql: "INSERT INTO player (score, bonus) VALUES (10, 5)")
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT total, double FROM player"), ["total": 15, "double": 20])
        }
    }

    func testUniqueForeignKey() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team").notNull().unique()
            }
            // No index: the unique constraint has one.
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" INTEGER NOT NULL UNIQUE REFERENCES "team"("id"))"#)
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["teamId"]))
            try db.execute(sql: "INSERT INTO team (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO player (teamId) VALUES (1)")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (teamId) VALUES (1)")
            }
        }
    }

    func testUniqueCompositeForeignKey() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.create(table: "citizen") { t in
                t.column("country", .text).notNull()
                t.column("number", .integer).notNull()
                t.primaryKey(["country", "number"])
            }
            try db.create(table: "passport") { t in
                t.belongsTo("citizen").unique()
            }
            XCTAssertEqual(lastSQLQuery, """
                CREATE TABLE "passport" ("citizenCountry" TEXT, "citizenNumber" INTEGER, \
                UNIQUE ("citizenCountry", "citizenNumber"), \
                FOREIGN KEY ("citizenCountry", "citizenNumber") REFERENCES "citizen"("country", "number"))
                """)
            XCTAssertTrue(try db.table("passport", hasUniqueKey: Set(["citizenNumber", "citizenCountry"])))
            try db.execute(sql: "INSERT INTO citizen VALUES ('FR', 1)")
            try db.execute(sql: "INSERT INTO passport VALUES ('FR', 1)")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO passport VALUES ('FR', 1)")
            }
        }
    }

    func testCheckConstraintOfSpecificExpression() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer)
                t.check(Column("score") >= 0)
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("score" INTEGER, CHECK ("score" >= 0))"#)
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO player (score) VALUES (-1)")
            }
        }
    }

    func testAlterTableWithNonThrowingClosure() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
            let body: (TableAlteration) -> Void = { t in
                t.add(column: "name", .text)
            }
            try db.alter(table: "player", body: body)
            XCTAssertEqual(lastSQLQuery, #"ALTER TABLE "player" ADD COLUMN "name" TEXT"#)
            assertDatabaseError(.SQLITE_ERROR) {
                try db.alter(table: "player") { t in t.add(column: "name", .text) }
            }
        }
    }

    func testCreateViewOfAnyRequest() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, score INTEGER)")
            let requests: [any SQLSubqueryable] = [
                Table("player").filter { $0.score > 10 },
                SQLRequest<Row>(sql: "SELECT id FROM player"),
            ]
            try db.create(view: "best", as: requests[0])
            XCTAssertEqual(lastSQLQuery, #"CREATE VIEW "best" AS SELECT * FROM "player" WHERE "score" > 10"#)
            try db.create(view: "ids", options: .temporary, columns: ["playerId"], as: requests[1])
            XCTAssertEqual(lastSQLQuery, #"CREATE TEMPORARY VIEW "ids"("playerId") AS SELECT id FROM player"#)
        }
    }
}
