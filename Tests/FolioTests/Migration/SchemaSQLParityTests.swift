import Folio
import Foundation
import XCTest

private struct ViewSchemaSource: DatabaseSchemaSource {
    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        view.name == "captain" ? ["id"] : nil
    }
}

/// The SQL of the schema DSL and of the full-text builders, as GRDB's
/// documentation writes it (DatabaseSchemaModifications, FullTextSearch.md),
/// and the introspection of Database+Schema.
final class SchemaSQLParityTests: FolioTestCase {
    func testCreateTableKeepsChecksUniqueAndReferences() throws {
        try makeDatabaseQueue().write { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().check { length($0) > 0 }
                t.column("score", .integer).check(sql: "score > 0")
                t.column("avatar", .blob).defaults(to: Data([1, 255]))
                t.belongsTo("team")
                t.check(Column("score") < 1000)
            }
            XCTAssertEqual(
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'player'"),
                #"CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL UNIQUE CHECK (LENGTH("name") > 0), "#
                    + #""score" INTEGER CHECK (score > 0), "avatar" BLOB DEFAULT x'01FF', "teamId" INTEGER REFERENCES "team"("id"), CHECK ("score" < 1000))"#)
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (name, score) VALUES ('', 1)"))
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (name, score) VALUES ('a', 2000)"))
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (name, score) VALUES ('a', -1)"))
            try db.execute(sql: "INSERT INTO player (name, score) VALUES ('a', 1)")
            XCTAssertEqual(try Data.fetchOne(db, sql: "SELECT avatar FROM player"), Data([1, 255]))
        }
    }

    func testIndexesAndDropIndexOn() throws {
        try makeDatabaseQueue().write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text)
                t.column("score", .integer)
                t.column("bonus", .integer)
            }
            // DatabaseSchemaModifications: CREATE INDEX index_player_on_email ON player(email)
            try db.create(indexOn: "player", columns: ["email"])
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "index_player_on_email" ON "player"("email")"#)
            try db.create(index: "index_player_on_total_score", on: "player", expressions: [Column("score") + Column("bonus")])
            XCTAssertEqual(lastSQLQuery, #"CREATE INDEX "index_player_on_total_score" ON "player"("score" + "bonus")"#)
            try db.drop(indexOn: "player", columns: ["email"])
            XCTAssertEqual(lastSQLQuery, #"DROP INDEX "index_player_on_email""#)
            XCTAssertEqual(try db.indexes(on: "player").map(\.name), ["index_player_on_total_score"])
        }
    }

    func testReferencesSurviveAlter() throws {
        try makeDatabaseQueue().write { db in
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team")
            }
            try db.alter(table: "player") { t in
                t.add(column: "coachId", .integer).references("player")
            }
            let foreignKeys = try db.foreignKeys(on: "player").map { "\($0.originColumns) -> \($0.destinationTable)\($0.destinationColumns)" }
            XCTAssertEqual(Set(foreignKeys), [#"["teamId"] -> team["id"]"#, #"["coachId"] -> player["id"]"#])
        }
    }

    func testFTS4Builders() throws {
        try makeDatabaseQueue().write { db in
            // FullTextSearch.md: CREATE VIRTUAL TABLE document USING fts4(author, title, body, tokenize=porter)
            try db.create(virtualTable: "document", using: FTS4()) { t in
                t.tokenizer = .porter
                t.column("author")
                t.column("title")
                t.column("body")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "document" USING fts4("author", "title", "body", tokenize=porter)"#), "\(sqlQueries)")
            try db.create(virtualTable: "scratch", options: .temporary, using: FTS4()) { t in
                t.column("content")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "temp"."scratch" USING fts4("content")"#), "\(sqlQueries)")
        }
    }

    func testIntrospectionOfRowIDAndViewPrimaryKeys() throws {
        var configuration = Configuration()
        configuration.schemaSource = ViewSchemaSource()
        try makeDatabaseQueue(configuration: configuration).write { db in
            try db.execute(sql: """
                CREATE TABLE event (message TEXT);
                CREATE TABLE player (id TEXT PRIMARY KEY, name TEXT, isCaptain BOOLEAN);
                CREATE VIEW captain AS SELECT id, name FROM player WHERE isCaptain;
                CREATE INDEX player_on_lower_name ON player(lower(name));
                """)
            // The hidden rowid of a table without primary key.
            let eventKey = try db.primaryKey("event")
            XCTAssertEqual(eventKey.columns, ["rowid"])
            XCTAssertNil(eventKey.rowIDColumn)
            XCTAssertTrue(eventKey.isRowID)
            // The primary key of a view, from the schema source.
            XCTAssertEqual(try db.primaryKey("captain").columns, ["id"])
            XCTAssertEqual(try db.primaryKey(DatabaseObjectID(name: "captain", schemaID: .main))?.columns, ["id"])
            XCTAssertNil(try db.primaryKey(DatabaseObjectID(name: "missing", schemaID: .main)))
            // Expression indexes are listed.
            XCTAssertEqual(try db.indexes(on: DatabaseObjectID(name: "player", schemaID: .main))?.map(\.name).contains("player_on_lower_name"), true)
            XCTAssertNil(try db.indexes(on: DatabaseObjectID(name: "missing", schemaID: .main)))
            // An expression index is not a unique key of its columns.
            XCTAssertFalse(try db.table("player", hasUniqueKey: ["name"]))
        }
    }
}
