import Folio
import XCTest

final class TableAlterationTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("url", .text)
                t.column("score", .integer)
            }
            try db.execute(sql: "INSERT INTO player (name, url, score) VALUES ('Arthur', 'https://example.com', 100)")
        }
        clearSQLQueries()
        return dbQueue
    }

    func testAddRenameAndDropColumns() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.alter(table: "player") { t in
                t.add(column: "hasBonus", .boolean).notNull().defaults(to: false)
                t.rename(column: "url", to: "homeURL")
                t.drop(column: "score")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"ALTER TABLE "player" ADD COLUMN "hasBonus" BOOLEAN NOT NULL DEFAULT 0"#,
                #"ALTER TABLE "player" RENAME COLUMN "url" TO "homeURL""#,
                #"ALTER TABLE "player" DROP COLUMN "score""#,
            ])
            XCTAssertEqual(try db.columnSummaries("player"), [
                ColumnSummary("id", "INTEGER", pk: 1),
                ColumnSummary("name", "TEXT", notNull: true),
                ColumnSummary("homeURL", "TEXT"),
                ColumnSummary("hasBonus", "BOOLEAN", notNull: true, default: "0"),
            ])
            XCTAssertEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM player"),
                ["id": 1, "name": "Arthur", "homeURL": "https://example.com", "hasBonus": 0])
        }
    }

    func testAddIndexedColumnWithReference() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.alter(table: "player") { t in
                t.add(column: "teamId", .integer).indexed().references("team", onDelete: .setNull)
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"ALTER TABLE "player" ADD COLUMN "teamId" INTEGER REFERENCES "team"("id") ON DELETE SET NULL"#,
                #"CREATE INDEX "player_on_teamId" ON "player"("teamId")"#,
            ])
            XCTAssertEqual(try db.foreignKeySummaries("player"), [#"["teamId"] -> team["id"]"#])
            XCTAssertEqual(try db.indexSummaries("player"), [#"player_on_teamId["teamId"]"#])
            assertDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY) {
                try db.execute(sql: "UPDATE player SET teamId = 42")
            }
        }
    }

    func testAddColumnSQLAndLiteral() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            let defaultNickname = "Anonymous"
            try db.alter(table: "player") { t in
                t.addColumn(sql: "email TEXT")
                t.addColumn(literal: "nickname TEXT NOT NULL DEFAULT \(defaultNickname)")
            }
            XCTAssertEqual(schemaSQLQueries, [
                #"ALTER TABLE "player" ADD COLUMN email TEXT"#,
                #"ALTER TABLE "player" ADD COLUMN nickname TEXT NOT NULL DEFAULT 'Anonymous'"#,
            ])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT nickname FROM player"), "Anonymous")
        }
    }

    func testAlterationErrorNamesTheStatement() throws {
        let dbQueue = try makePlayerDatabase()
        dbQueue.inDatabase { db in
            let error = assertDatabaseError(.SQLITE_ERROR) {
                try db.alter(table: "player") { t in
                    t.drop(column: "missing")
                }
            }
            XCTAssertEqual(error?.sql, #"ALTER TABLE "player" DROP COLUMN "missing""#)
            XCTAssertEqual(error?.message, #"no such column: ""missing"""#) // sic: SQLite quotes the quoted name
        }
    }

    func testRenameAndDropTable() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.rename(table: "player", to: "athlete")
            XCTAssertEqual(lastSQLQuery, #"ALTER TABLE "player" RENAME TO "athlete""#)
            XCTAssertFalse(try db.tableExists("player"))
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM athlete"), "Arthur")

            try db.drop(table: "athlete")
            XCTAssertEqual(lastSQLQuery, #"DROP TABLE "athlete""#)
            XCTAssertFalse(try db.tableExists("athlete"))
            assertDatabaseError(.SQLITE_ERROR) {
                try db.drop(table: "athlete")
            }
        }
    }
}
