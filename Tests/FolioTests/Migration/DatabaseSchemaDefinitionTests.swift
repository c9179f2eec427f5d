import Folio
import XCTest

final class DatabaseSchemaDefinitionTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text)
                t.column("name", .text)
                t.column("score", .integer)
                t.column("isActive", .boolean)
            }
        }
        clearSQLQueries()
        return dbQueue
    }

    func testCreateIndex() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.create(index: "byNameAndScore", on: "player", columns: ["name", "score"])
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "byNameAndScore" ON "player"("name", "score")"#)
            try db.create(index: "byEmail", on: "player", columns: ["email"], options: [.unique, .ifNotExists])
            XCTAssertEqual(lastSQLQuery, #"CREATE UNIQUE INDEX IF NOT EXISTS "byEmail" ON "player"("email")"#)
            try db.create(index: "byEmail", on: "player", columns: ["email"], options: [.unique, .ifNotExists])

            let indexes = try db.indexes(on: "player")
            XCTAssertEqual(indexes.map(\.name), ["byEmail", "byNameAndScore"])
            XCTAssertEqual(indexes.map(\.columns), [["email"], ["name", "score"]])
            XCTAssertEqual(indexes.map(\.isUnique), [true, false])
            try db.execute(sql: "INSERT INTO player (email) VALUES ('a@example.com')")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (email) VALUES ('a@example.com')")
            }
        }
    }

    func testCreatePartialIndex() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            let minimumScore = 10
            try db.create(index: "activeEmail", on: "player", columns: ["email"], options: .unique, condition: SQL("isActive"))
            XCTAssertEqual(lastSQLQuery, #"CREATE UNIQUE INDEX "activeEmail" ON "player"("email") WHERE isActive"#)
            try db.create(index: "highScore", on: "player", columns: ["score"], condition: "score >= \(minimumScore)" as SQL)
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "highScore" ON "player"("score") WHERE score >= 10"#)

            XCTAssertEqual(try db.indexes(on: "player").map(\.isPartial), [true, true])
            XCTAssertFalse(try db.table("player", hasUniqueKey: ["email"]))
            try db.execute(sql: "INSERT INTO player (email, isActive) VALUES ('a@example.com', 0), ('a@example.com', 0), ('a@example.com', 1)")
            assertDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try db.execute(sql: "INSERT INTO player (email, isActive) VALUES ('a@example.com', 1)")
            }
        }
    }

    func testCreateIndexOnColumnsIsNamedAfterTableAndColumns() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.create(indexOn: "player", columns: ["email"])
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "index_player_on_email" ON "player"("email")"#)
            try db.create(indexOn: "player", columns: ["name", "score"], options: .unique, condition: SQL(sql: "score > 0"))
            XCTAssertEqual(lastSQLQuery, #"CREATE UNIQUE INDEX "index_player_on_name_score" ON "player"("name", "score") WHERE score > 0"#)
            XCTAssertEqual(try db.indexes(on: "player").map(\.name), ["index_player_on_email", "index_player_on_name_score"])

            try db.drop(indexOn: "player", columns: ["email"])
            XCTAssertEqual(lastSQLQuery, #"DROP INDEX "index_player_on_email""#)
            try db.drop(index: "index_player_on_name_score")
            XCTAssertEqual(lastSQLQuery, #"DROP INDEX "index_player_on_name_score""#)
            XCTAssertEqual(try db.indexes(on: "player"), [])
        }
    }

    func testCreateIndexErrorNamesTheStatement() throws {
        let dbQueue = try makePlayerDatabase()
        dbQueue.inDatabase { db in
            let error = assertDatabaseError(.SQLITE_ERROR) {
                try db.create(indexOn: "player", columns: ["missing"])
            }
            XCTAssertEqual(error?.message, "no such column: missing")
            XCTAssertEqual(error?.sql, #"CREATE INDEX "index_player_on_missing" ON "player"("missing")"#)
        }
    }

    func testCreateAndDropViews() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Arthur', 100), ('Barbara', 2000)")
            let threshold = 1000
            try db.create(view: "champion", asLiteral: "SELECT * FROM player WHERE score > \(threshold)")
            XCTAssertEqual(lastSQLQuery, #"CREATE VIEW "champion" AS SELECT * FROM player WHERE score > 1000"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM champion"), ["Barbara"])

            try db.create(view: "ranking", options: [.temporary, .ifNotExists], columns: ["playerName", "points"], asLiteral: "SELECT name, score FROM player")
            XCTAssertEqual(lastSQLQuery, #"CREATE TEMPORARY VIEW IF NOT EXISTS "ranking"("playerName", "points") AS SELECT name, score FROM player"#)
            XCTAssertEqual(try db.columns(in: "ranking").map(\.name), ["playerName", "points"])
            XCTAssertTrue(try db.viewExists("ranking", in: "temp"))

            let request = SQLRequest<Row>(literal: "SELECT name FROM player WHERE name = \("Arthur")")
            try db.create(view: "arthur", as: request)
            XCTAssertEqual(lastSQLQuery, #"CREATE VIEW "arthur" AS SELECT name FROM player WHERE name = 'Arthur'"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM arthur"), ["Arthur"])

            try db.drop(view: "champion")
            XCTAssertEqual(lastSQLQuery, #"DROP VIEW "champion""#)
            XCTAssertFalse(try db.viewExists("champion"))
        }
    }

    func testSchemaQuotesIdentifiers() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: #"odd "table" name"#) { t in
                t.column("select", .text).indexed()
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"CREATE TABLE "odd ""table"" name" ("select" TEXT)"#,
                #"CREATE INDEX "odd ""table"" name_on_select" ON "odd ""table"" name"("select")"#,
            ])
            XCTAssertEqual(try db.columns(in: #"odd "table" name"#).map(\.name), ["select"])
        }
    }
}
