import Folio
import Foundation
import XCTest

/// The schema DSL with query interface expressions: checks, generated
/// columns, partial indexes, indexes on expressions, views from requests.
/// Values are written in the schema as SQL literals.
final class SchemaExpressionTests: FolioTestCase {
    struct Player: TableRecord { }

    /// The sample of Documentation/Migrations.md, "Defining the Schema".
    func testMigrationsGuideSample() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("name", .text).notNull().check { length($0) > 0 }
                t.column("score", .integer).notNull().check { $0 >= 0 }
                t.column("bonus", .integer).notNull().defaults(to: 0)
                t.column("totalScore", .integer).generatedAs(Column("score") + Column("bonus"))
                t.column("isCaptain", .boolean).notNull().defaults(to: false)
                t.column("teamId", .integer)
                t.check(Column("bonus") <= Column("score"))
            }
            try db.create(indexOn: "player", columns: ["teamId"], options: .unique, condition: Column("isCaptain"))
            try db.create(index: "player_on_name", on: "player", expressions: [Column("name").collating(.nocase)])
            try db.create(view: "champion", as: Table("player").filter(Column("totalScore") >= 1000))
            XCTAssertEqual(schemaSQLQueries, [
                """
                CREATE TABLE "player" (\
                "name" TEXT NOT NULL CHECK (LENGTH("name") > 0), \
                "score" INTEGER NOT NULL CHECK ("score" >= 0), \
                "bonus" INTEGER NOT NULL DEFAULT 0, \
                "totalScore" INTEGER GENERATED ALWAYS AS ("score" + "bonus") VIRTUAL, \
                "isCaptain" BOOLEAN NOT NULL DEFAULT 0, \
                "teamId" INTEGER, \
                CHECK ("bonus" <= "score"))
                """,
                #"CREATE UNIQUE INDEX "index_player_on_teamId" ON "player"("teamId") WHERE "isCaptain""#,
                #"CREATE INDEX "player_on_name" ON "player"("name" COLLATE NOCASE)"#,
                #"CREATE VIEW "champion" AS SELECT * FROM "player" WHERE "totalScore" >= 1000"#,
            ])
            try db.execute(sql: "INSERT INTO player (name, score, bonus) VALUES ('Arthur', 990, 10), ('Barbara', 500, 0)")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM champion"), ["Arthur"])
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO player (name, score, bonus) VALUES ('Craig', 10, 20)")
            }
        }
    }

    // MARK: - Column checks

    func testColumnCheckClosureReceivesTheColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer).check { $0 > 0 }
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "player" ("score" INTEGER CHECK ("score" > 0))"#)
            try db.execute(sql: "INSERT INTO player VALUES (1)")
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO player VALUES (0)")
            }
            XCTAssertEqual(error?.message, "CHECK constraint failed: score")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player"), [1])
        }
    }

    func testColumnCheckWithFunctionsAndStringValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "user") { t in
                t.column("name", .text).notNull().check { length($0) > 0 }.check { !["root", "admin"].contains($0) }
                t.column("nickname", .text).check { $0 != "O'Brien" }
            }
            XCTAssertEqual(lastSQLQuery, """
                CREATE TABLE "user" (\
                "name" TEXT NOT NULL CHECK (LENGTH("name") > 0) CHECK ("name" NOT IN ('root', 'admin')), \
                "nickname" TEXT CHECK ("nickname" <> 'O''Brien'))
                """)
            try db.execute(sql: "INSERT INTO user VALUES ('arthur', 'art')")
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO user VALUES ('', NULL)")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO user VALUES ('admin', NULL)")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO user VALUES ('barbara', ?)", arguments: ["O'Brien"])
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user"), 1)
        }
    }

    func testColumnCheckOnAddedColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.alter(table: "player") { t in
                t.add(column: "score", .integer).notNull().defaults(to: 0).check { $0 >= 0 }
            }
            XCTAssertEqual(lastSQLQuery, #"ALTER TABLE "player" ADD COLUMN "score" INTEGER NOT NULL CHECK ("score" >= 0) DEFAULT 0"#)
            try db.execute(sql: "INSERT INTO player DEFAULT VALUES")
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "UPDATE player SET score = -1")
            }
        }
    }

    func testValuesAreWrittenAsSQLLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("a", .double).check { $0 < Double.infinity }
                t.column("b", .blob).check { $0 != Data([0x01, 0xFF]) }
                t.column("c", .double).check { $0 != 1.5 }
                t.column("d", .text).check { $0 != nil }
            }
            XCTAssertEqual(lastSQLQuery, """
                CREATE TABLE "t" (\
                "a" DOUBLE CHECK ("a" < 9e999), \
                "b" BLOB CHECK ("b" <> x'01FF'), \
                "c" DOUBLE CHECK ("c" <> 1.5), \
                "d" TEXT CHECK ("d" IS NOT NULL))
                """)
            XCTAssertFalse(lastSQLQuery!.contains("?"))
            try db.execute(sql: "INSERT INTO t VALUES (1e308, X'00', 2.5, 'x')")
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (9e999, X'00', 2.5, 'x')")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (1, X'01FF', 2.5, 'x')")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (1, X'00', 1.5, 'x')")
            }
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (1, X'00', 2.5, NULL)")
            }
        }
    }

    // MARK: - Table checks

    func testTableCheckWithExpression() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .integer)
                t.check(Column("a") + Column("b") < 10)
                t.check(SQL(sql: "a <> ?", arguments: [5]))
            }
            XCTAssertEqual(lastSQLQuery, #"CREATE TABLE "t" ("a" INTEGER, "b" INTEGER, CHECK (("a" + "b") < 10), CHECK (a <> 5))"#)
            try db.execute(sql: "INSERT INTO t VALUES (4, 5)")
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (5, 5)")
            }
            XCTAssertEqual(error?.sql, "INSERT INTO t VALUES (5, 5)")
            assertDatabaseError(.SQLITE_CONSTRAINT_CHECK) {
                try db.execute(sql: "INSERT INTO t VALUES (5, 0)")
            }
        }
    }

    // MARK: - Generated columns

    func testGeneratedColumnFromExpression() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("score", .integer).notNull()
                t.column("bonus", .integer).notNull()
                t.column("totalScore", .integer).generatedAs(Column("score") + Column("bonus"))
                let points: [any SQLExpressible] = [cast(Column("score"), as: .text), " pts"]
                t.column("label", .text).generatedAs(points.joined(operator: .concat), .stored)
            }
            XCTAssertEqual(lastSQLQuery, """
                CREATE TABLE "player" (\
                "score" INTEGER NOT NULL, \
                "bonus" INTEGER NOT NULL, \
                "totalScore" INTEGER GENERATED ALWAYS AS ("score" + "bonus") VIRTUAL, \
                "label" TEXT GENERATED ALWAYS AS (CAST("score" AS TEXT) || ' pts') STORED)
                """)
            try db.execute(sql: "INSERT INTO player (score, bonus) VALUES (100, 5), (10, 1)")
            let rows = try Row.fetchAll(db, sql: "SELECT totalScore, label FROM player ORDER BY score")
            XCTAssertEqual(rows.map { $0["totalScore"] as Int? }, [11, 105])
            XCTAssertEqual(rows.map { $0["label"] as String? }, ["10 pts", "100 pts"])
            try db.execute(sql: "UPDATE player SET bonus = 0")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT totalScore FROM player ORDER BY score"), [10, 100])
        }
    }

    func testGeneratedColumnAddedByAlteration() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("firstName", .text)
                t.column("lastName", .text)
            }
            try db.execute(sql: "INSERT INTO player VALUES ('Arthur', 'Miller')")
            try db.alter(table: "player") { t in
                t.add(column: "fullName", .text).generatedAs([Column("firstName"), Column("lastName")].joined(operator: .concat))
            }
            XCTAssertEqual(
                lastSQLQuery,
                #"ALTER TABLE "player" ADD COLUMN "fullName" TEXT GENERATED ALWAYS AS ("firstName" || "lastName") VIRTUAL"#)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT fullName FROM player"), "ArthurMiller")
        }
    }

    // MARK: - Indexes

    func testPartialUniqueIndexWithExpressionCondition() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("teamId", .integer)
                t.column("isCaptain", .boolean).notNull().defaults(to: false)
                t.column("email", .text)
                t.column("isActive", .boolean).notNull().defaults(to: true)
            }
            // One captain per team
            try db.create(indexOn: "player", columns: ["teamId"], options: .unique, condition: Column("isCaptain"))
            XCTAssertEqual(lastSQLQuery, #"CREATE UNIQUE INDEX "index_player_on_teamId" ON "player"("teamId") WHERE "isCaptain""#)
            // One active player per email
            try db.create(index: "activeEmail", on: "player", columns: ["email"], options: .unique, condition: Column("isActive") == true)
            XCTAssertEqual(lastSQLQuery, #"CREATE UNIQUE INDEX "activeEmail" ON "player"("email") WHERE "isActive""#)
            try db.create(index: "teamPlayer", on: "player", columns: ["teamId"], condition: Column("teamId") != nil && Column("email") != "")
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "teamPlayer" ON "player"("teamId") WHERE ("teamId" IS NOT NULL) AND ("email" <> '')"#)
            XCTAssertEqual(try db.indexes(on: "player").map(\.isPartial), [true, true, true])

            // Duplicates are allowed outside of the condition...
            try db.execute(sql: """
                INSERT INTO player (teamId, isCaptain, email, isActive) VALUES
                (1, 0, 'a@example.com', 0), (1, 0, 'a@example.com', 0), (1, 1, 'a@example.com', 1)
                """)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 3)
            // ... and refused inside.
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (teamId, isCaptain) VALUES (1, 1)")
            }
            let error = assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (teamId, email, isActive) VALUES (2, 'a@example.com', 1)")
            }
            XCTAssertEqual(error?.message, "UNIQUE constraint failed: player.email")
        }
    }

    func testPartialIndexConditionWithValuesAndSQLLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("score", .integer)
            }
            let minimumScore = 1000
            try db.create(indexOn: "player", columns: ["score"], condition: Column("score") >= minimumScore)
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "index_player_on_score" ON "player"("score") WHERE "score" >= 1000"#)
            try db.create(indexOn: "player", columns: ["name"], condition: "name <> \("")" as SQL)
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "index_player_on_name" ON "player"("name") WHERE name <> ''"#)
            // A string is a value, not SQL (as in GRDB).
            try db.create(index: "constant", on: "player", columns: ["name", "score"], condition: "isActive")
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "constant" ON "player"("name", "score") WHERE 'isActive'"#)
        }
    }

    func testIndexOnExpressions() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("email", .text)
                t.column("score", .integer)
                t.column("bonus", .integer)
                t.column("isActive", .boolean)
            }
            try db.create(
                index: "index_player_on_email",
                on: "player",
                expressions: [Column("email").collating(.nocase)],
                options: [.unique, .ifNotExists],
                condition: Column("isActive"))
            XCTAssertEqual(
                lastSQLQuery,
                #"CREATE UNIQUE INDEX IF NOT EXISTS "index_player_on_email" ON "player"("email" COLLATE NOCASE) WHERE "isActive""#)
            try db.create(
                index: "index_player_on_total_score",
                on: "player",
                expressions: [Column("score") + Column("bonus"), Column("email")])
            XCTAssertEqual(
                lastSQLQuery,
                #"CREATE INDEX "index_player_on_total_score" ON "player"("score" + "bonus", "email")"#)
            XCTAssertEqual(
                try db.indexes(on: "player").map(\.name).sorted(),
                ["index_player_on_email", "index_player_on_total_score"])

            // The unique index is case-insensitive, for active players only.
            try db.execute(sql: "INSERT INTO player (email, isActive) VALUES ('a@example.com', 1), ('A@EXAMPLE.COM', 0)")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (email, isActive) VALUES ('A@example.com', 1)")
            }

            // SQLite uses the index on the expression.
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM player WHERE score + bonus = 10")
            XCTAssertTrue(plan.contains { ($0["detail"] as String?)?.contains("index_player_on_total_score") == true }, "\(plan)")
        }
    }

    /// GRDB's JSON.md and DatabaseSchemaModifications.md:
    /// "CREATE INDEX player_on_country ON player(address ->> 'country')",
    /// the JSON path written as an SQL literal (an index can not bind
    /// parameters), an index that the documented query then uses.
    func testIndexOnJSONExpression() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("address", .jsonText).notNull()
            }
            try db.create(
                index: "player_on_country",
                on: "player",
                expressions: [
                    JSONColumn("address")["country"],
                ])
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "player_on_country" ON "player"("address" ->> 'country')"#)

            try db.execute(sql: #"INSERT INTO player VALUES ('1', 'Arthur', '{"country":"FR"}'), ('2', 'Barbara', '{"country":"DE"}')"#)
            let germans = Table("player").select(Column("name")).filter(JSONColumn("address")["country"] == "DE")
            XCTAssertEqual(try String.fetchAll(db, germans), ["Barbara"])
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM player WHERE address ->> 'country' = 'DE'")
            XCTAssertTrue(plan.contains { ($0["detail"] as String?)?.contains("player_on_country") == true }, "\(plan)")
        }
    }

    // MARK: - Views

    func testCreateViewFromQueryInterfaceRequest() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("age", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO player (name, age) VALUES ('Arthur', 17), ('Barbara', 18), ('Craig', 40)")

            try db.create(view: "adult", as: Player.filter { $0.age >= 18 })
            XCTAssertEqual(lastSQLQuery, #"CREATE VIEW "adult" AS SELECT * FROM "player" WHERE "age" >= 18"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM adult ORDER BY id"), ["Barbara", "Craig"])
            XCTAssertEqual(try db.columns(in: "adult").map(\.name), ["id", "name", "age"])

            // Fetching through the view sees new rows.
            try db.execute(sql: "INSERT INTO player (name, age) VALUES ('David', 30)")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM adult"), 3)
        }
    }

    func testCreateViewWithOptionsColumnsAndStringValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("score", .integer)
            }
            try db.execute(sql: "INSERT INTO player VALUES ('O''Brien', 10), ('Arthur', 20), ('Barbara', 30)")
            let request = Player
                .select(Column("name"), Column("score") * 2)
                .filter { $0.name != "O'Brien" && [20, 30].contains($0.score) }
                .order(Column("score").desc)
            try db.create(view: "ranking", options: [.temporary, .ifNotExists], columns: ["playerName", "doubleScore"], as: request)
            XCTAssertEqual(lastSQLQuery, """
                CREATE TEMPORARY VIEW IF NOT EXISTS "ranking"("playerName", "doubleScore") AS \
                SELECT "name", "score" * 2 FROM "player" \
                WHERE ("name" <> 'O''Brien') AND ("score" IN (20, 30)) \
                ORDER BY "score" DESC
                """)
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM ranking")
            XCTAssertEqual(rows.map { $0["playerName"] as String? }, ["Barbara", "Arthur"])
            XCTAssertEqual(rows.map { $0["doubleScore"] as Int? }, [60, 40])
        }
    }

    func testCreateViewFromSQLRequestInlinesArguments() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("score", .integer)
            }
            try db.execute(sql: "INSERT INTO player VALUES ('Arthur', 10), ('Barbara', 2000)")
            let request = SQLRequest<Row>(sql: "SELECT name FROM player WHERE score > ?", arguments: [1000])
            try db.create(view: "champion", as: request)
            XCTAssertEqual(lastSQLQuery, #"CREATE VIEW "champion" AS SELECT name FROM player WHERE score > 1000"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT * FROM champion"), ["Barbara"])
        }
    }

    func testCreateViewFromRequestWithSubquery() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, color TEXT);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, teamId INTEGER);
                INSERT INTO team VALUES (1, 'red'), (2, 'blue');
                INSERT INTO player VALUES (1, 'Arthur', 1), (2, 'Barbara', 2), (3, 'Craig', 1);
                """)
            let redTeamIds = Table("team").filter(Column("color") == "red").select(Column("id"))
            try db.create(view: "redPlayer", as: Player.filter { redTeamIds.contains($0.teamId) }.select(\.name))
            XCTAssertEqual(
                lastSQLQuery,
                #"CREATE VIEW "redPlayer" AS SELECT "name" FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" = 'red')"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM redPlayer ORDER BY name"), ["Arthur", "Craig"])
        }
    }
}
