import Folio
import XCTest

/// `dumpContent` and `dumpSchema` on `Database`.
///
/// The expected outputs of the "rugby" and migration tests are the
/// outputs that GRDB gives for the same databases (recorded by the
/// GRDBSnapshotTesting library).
final class DumpContentTests: FolioTestCase {
    private func makeRugbyDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE "team" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "color" TEXT NOT NULL);
                CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" TEXT REFERENCES "team"("id"), "name" TEXT NOT NULL);
                CREATE INDEX "player_on_teamId" ON "player"("teamId");
                CREATE VIEW "playerAndTeam" AS SELECT player.*, team.name AS teamName
                FROM player
                LEFT JOIN team ON team.id = player.teamId;
                INSERT INTO team VALUES ('ENG', 'England Rugby', 'white'), ('FRA', 'XV de France', 'blue');
                INSERT INTO player (teamId, name) VALUES ('FRA', 'Antoine Dupond'), ('ENG', 'Owen Farrell'), (NULL, 'Tartempion');
                """)
        }
        return dbQueue
    }

    private func content(_ db: Database, format: some DumpFormat = .debug()) throws -> String {
        let output = DumpOutput()
        try db.dumpContent(format: format, to: output)
        return output.text
    }

    private func schema(_ db: Database) throws -> String {
        let output = DumpOutput()
        try db.dumpSchema(to: output)
        return output.text
    }

    // MARK: - dumpContent

    func testDumpContentJSON() throws {
        try makeRugbyDatabase().read { db in
            XCTAssertEqual(try content(db, format: .json()), """
                sqlite_master
                CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" TEXT REFERENCES "team"("id"), "name" TEXT NOT NULL);
                CREATE INDEX "player_on_teamId" ON "player"("teamId");
                CREATE VIEW "playerAndTeam" AS SELECT player.*, team.name AS teamName
                FROM player
                LEFT JOIN team ON team.id = player.teamId;
                CREATE TABLE "team" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "color" TEXT NOT NULL);

                player
                [{"id":1,"teamId":"FRA","name":"Antoine Dupond"},
                {"id":2,"teamId":"ENG","name":"Owen Farrell"},
                {"id":3,"teamId":null,"name":"Tartempion"}]

                team
                [{"id":"ENG","name":"England Rugby","color":"white"},
                {"id":"FRA","name":"XV de France","color":"blue"}]

                """)
        }
    }

    func testDumpContentDebug() throws {
        try makeRugbyDatabase().read { db in
            clearSQLQueries()
            XCTAssertEqual(try content(db), """
                sqlite_master
                CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" TEXT REFERENCES "team"("id"), "name" TEXT NOT NULL);
                CREATE INDEX "player_on_teamId" ON "player"("teamId");
                CREATE VIEW "playerAndTeam" AS SELECT player.*, team.name AS teamName
                FROM player
                LEFT JOIN team ON team.id = player.teamId;
                CREATE TABLE "team" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "color" TEXT NOT NULL);

                player
                1|FRA|Antoine Dupond
                2|ENG|Owen Farrell
                3||Tartempion

                team
                ENG|England Rugby|white
                FRA|XV de France|blue

                """)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT * FROM") }, [
                #"SELECT * FROM "player" ORDER BY "id""#,
                #"SELECT * FROM "team" ORDER BY "id""#,
            ])
        }
    }

    func testDumpContentHidesInternalTablesAndPrintsEmptyTables() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player(
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL,
                  score INTEGER NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur', 500), (2, 'Barbara', 1000);
                """)
        }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { try $0.create(table: "team") { $0.autoIncrementedPrimaryKey("id") } }
        migrator.registerMigration("v2") { try $0.create(table: "match") { $0.autoIncrementedPrimaryKey("id") } }
        migrator.registerMigration("v3") { try $0.drop(table: "match") }

        try migrator.migrate(dbQueue, upTo: "v2")
        try dbQueue.read { db in
            // grdb_migrations and sqlite_sequence are left out.
            XCTAssertTrue(try db.tableExists("grdb_migrations"))
            XCTAssertTrue(try db.tableExists("sqlite_sequence"))
            XCTAssertEqual(try content(db), """
                sqlite_master
                CREATE TABLE "match" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);
                CREATE TABLE player(
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL,
                  score INTEGER NOT NULL);
                CREATE TABLE "team" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);

                match

                player
                1|Arthur|500
                2|Barbara|1000

                team

                """)
        }

        try migrator.migrate(dbQueue, upTo: "v3")
        try dbQueue.read { db in
            XCTAssertEqual(try content(db, format: .quote()), """
                sqlite_master
                CREATE TABLE player(
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL,
                  score INTEGER NOT NULL);
                CREATE TABLE "team" ("id" INTEGER PRIMARY KEY AUTOINCREMENT);

                player
                1,'Arthur',500
                2,'Barbara',1000

                team

                """)
        }
    }

    func testDumpContentOfEmptyDatabase() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try content(db), "sqlite_master\n")
            XCTAssertEqual(try content(db, format: .json()), "sqlite_master\n")
        }
    }

    func testDumpContentSortsTablesByName() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: """
                CREATE TABLE b (x);
                CREATE TABLE "A" (x);
                CREATE TABLE c (x);
                INSERT INTO b VALUES ('b'); INSERT INTO "A" VALUES ('a'); INSERT INTO c VALUES ('c');
                CREATE TEMP TABLE temporary (x);
                """)
            XCTAssertEqual(try content(db), """
                sqlite_master
                CREATE TABLE "A" (x);
                CREATE TABLE b (x);
                CREATE TABLE c (x);

                A
                a

                b
                b

                c
                c

                """)
        }
    }

    func testDumpContentHidesShadowTables() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE document USING fts5(body);
                INSERT INTO document(rowid, body) VALUES (2, 'World'), (1, 'Hello');
                """)
            XCTAssertTrue(try db.tableExists("document_data"))
            XCTAssertEqual(try content(db), """
                sqlite_master
                CREATE VIRTUAL TABLE document USING fts5(body);

                document
                Hello
                World

                """)
        }
    }

    func testDumpContentToStandardOutput() throws {
        let dbQueue = try makeRugbyDatabase()
        let output = try captureStandardOutput {
            try dbQueue.write { db in
                try db.execute(sql: "DELETE FROM player")
                try db.dumpContent()
            }
        }
        XCTAssertTrue(output.hasPrefix("sqlite_master\nCREATE TABLE \"player\""), output)
        XCTAssertTrue(output.hasSuffix("\n\nplayer\n\nteam\nENG|England Rugby|white\nFRA|XV de France|blue\n"), output)
    }

    // MARK: - dumpSchema

    func testDumpSchema() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            try db.execute(sql: "INSERT INTO player VALUES (1, 'Arthur', 500)")
            XCTAssertEqual(try schema(db), """
                sqlite_master
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);

                """)
        }
    }

    func testDumpSchemaOrder() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
                CREATE TABLE "Player" (id INTEGER PRIMARY KEY, teamId INTEGER, name TEXT);
                CREATE TRIGGER a_trigger AFTER INSERT ON "Player" BEGIN SELECT 1; END;
                CREATE INDEX z_index ON "Player"(name);
                CREATE INDEX b_index ON "Player"(teamId);
                CREATE VIEW playerName AS SELECT name FROM "Player";
                CREATE TRIGGER playerName_insert INSTEAD OF INSERT ON playerName BEGIN SELECT 1; END;
                CREATE TABLE grdb_internal (x);
                CREATE INDEX grdb_internal_x ON grdb_internal(x);
                CREATE INDEX on_internal ON grdb_internal(x);
                """)
            // Grouped by table: the table or view, its indexes, its
            // triggers. Internal objects, and the automatic index of the
            // UNIQUE constraint, are left out.
            XCTAssertEqual(try schema(db), """
                sqlite_master
                CREATE TABLE "Player" (id INTEGER PRIMARY KEY, teamId INTEGER, name TEXT);
                CREATE INDEX b_index ON "Player"(teamId);
                CREATE INDEX z_index ON "Player"(name);
                CREATE TRIGGER a_trigger AFTER INSERT ON "Player" BEGIN SELECT 1; END;
                CREATE VIEW playerName AS SELECT name FROM "Player";
                CREATE TRIGGER playerName_insert INSTEAD OF INSERT ON playerName BEGIN SELECT 1; END;
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT UNIQUE);

                """)
        }
    }

    func testDumpSchemaHidesShadowTables() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE document USING fts4(body)")
            XCTAssertTrue(try db.tableExists("document_content"))
            XCTAssertEqual(try schema(db), "sqlite_master\nCREATE VIRTUAL TABLE document USING fts4(body);\n")
        }
    }
}
