import Folio
import XCTest

/// The rules of GRDB's `DatabaseSchemaIntrospection.md` topics: existence
/// checks, table structure and its errors for a table that does not
/// exist, and reserved tables.
final class SchemaIntrospectionDocTests: FolioTestCase {
    private func makeSchema() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    teamId INTEGER REFERENCES team,
                    email TEXT NOT NULL DEFAULT 'none',
                    UNIQUE (teamId, email));
                CREATE INDEX player_on_email ON player(email);
                CREATE TABLE pair (a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
                CREATE TABLE log (message TEXT);
                CREATE VIEW teamName AS SELECT name FROM team;
                CREATE TRIGGER team_insert AFTER INSERT ON team BEGIN SELECT 1; END;
                INSERT INTO team (name) VALUES ('Reds');
                ANALYZE;
                """)
        }
        return dbQueue
    }

    // Each structure method throws "no such table: ..." for a table that
    // does not exist, as GRDB's.
    func testStructureOfAMissingTableThrowsNoSuchTable() throws {
        let dbQueue = try makeSchema()
        try dbQueue.read { db in
            let calls: [(String, () throws -> Void)] = [
                ("columns(in:)", { _ = try db.columns(in: "missing") }),
                ("primaryKey(_:)", { _ = try db.primaryKey("missing") }),
                ("indexes(on:)", { _ = try db.indexes(on: "missing") }),
                ("foreignKeys(on:)", { _ = try db.foreignKeys(on: "missing") }),
                ("table(_:hasUniqueKey:)", { _ = try db.table("missing", hasUniqueKey: ["id"]) }),
            ]
            for (name, call) in calls {
                XCTAssertThrowsError(try call(), name) { error in
                    XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR, name)
                    XCTAssertEqual((error as? DatabaseError)?.message, "no such table: missing", name)
                }
            }
        }
    }

    // Existence checks tell tables, views and triggers apart, and ignore
    // the case of names, as SQLite.
    func testExistenceChecks() throws {
        let dbQueue = try makeSchema()
        try dbQueue.read { db in
            XCTAssertTrue(try db.tableExists("team"))
            XCTAssertTrue(try db.tableExists("TEAM"))
            XCTAssertFalse(try db.tableExists("teamName"))
            XCTAssertTrue(try db.viewExists("teamName"))
            XCTAssertTrue(try db.viewExists("TEAMNAME"))
            XCTAssertFalse(try db.viewExists("team"))
            XCTAssertTrue(try db.triggerExists("team_insert"))
            XCTAssertFalse(try db.triggerExists("team"))
            XCTAssertFalse(try db.tableExists("missing"))
            XCTAssertFalse(try db.viewExists("missing"))
            XCTAssertFalse(try db.triggerExists("missing"))
            // A view has columns.
            XCTAssertEqual(try db.columns(in: "teamName").map(\.name), ["name"])
        }
    }

    // Primary keys: the INTEGER PRIMARY KEY is the rowid; a table without
    // one has the hidden rowid; WITHOUT ROWID tables have none.
    func testPrimaryKeys() throws {
        let dbQueue = try makeSchema()
        try dbQueue.read { db in
            let team = try db.primaryKey("team")
            XCTAssertEqual(team.columns, ["id"])
            XCTAssertEqual(team.rowIDColumn, "id")
            XCTAssertTrue(team.isRowID)
            XCTAssertTrue(team.tableHasRowID)

            let log = try db.primaryKey("log")
            XCTAssertEqual(log.columns, [Column.rowID.name])
            XCTAssertNil(log.rowIDColumn)
            XCTAssertTrue(log.isRowID)
            XCTAssertTrue(log.tableHasRowID)

            let pair = try db.primaryKey("pair")
            XCTAssertEqual(pair.columns, ["a", "b"])
            XCTAssertNil(pair.rowIDColumn)
            XCTAssertFalse(pair.isRowID)
            XCTAssertFalse(pair.tableHasRowID)

            XCTAssertTrue(try db.table("team", hasUniqueKey: ["id"]))
            XCTAssertTrue(try db.table("team", hasUniqueKey: ["name"]))
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["email", "teamId"]))
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["id", "email"]))
            XCTAssertFalse(try db.table("player", hasUniqueKey: ["email"]))
        }
    }

    // Columns, indexes and foreign keys as SQLite describes them.
    func testTableStructure() throws {
        let dbQueue = try makeSchema()
        try dbQueue.read { db in
            let columns = try db.columns(in: "player")
            XCTAssertEqual(columns.map(\.name), ["id", "teamId", "email"])
            XCTAssertEqual(columns.map(\.type), ["INTEGER", "INTEGER", "TEXT"])
            XCTAssertEqual(columns.map(\.isNotNull), [false, false, true])
            XCTAssertEqual(columns.map(\.defaultValueSQL), [nil, nil, "'none'"])
            XCTAssertEqual(columns.map(\.primaryKeyIndex), [1, 0, 0])

            let indexes = try db.indexes(on: "player").sorted { $0.name < $1.name }
            XCTAssertEqual(indexes.map(\.name), ["player_on_email", "sqlite_autoindex_player_1"])
            XCTAssertEqual(indexes.map(\.columns), [["email"], ["teamId", "email"]])
            XCTAssertEqual(indexes.map(\.isUnique), [false, true])
            XCTAssertEqual(indexes.map(\.origin), [.createIndex, .uniqueConstraint])

            let foreignKeys = try db.foreignKeys(on: "player")
            XCTAssertEqual(foreignKeys.count, 1)
            XCTAssertEqual(foreignKeys[0].destinationTable, "team")
            XCTAssertEqual(foreignKeys[0].originColumns, ["teamId"])
            // No referenced column in the schema: the primary key.
            XCTAssertEqual(foreignKeys[0].destinationColumns, ["id"])
            XCTAssertEqual(foreignKeys[0].mapping.map(\.origin), ["teamId"])
            XCTAssertEqual(foreignKeys[0].mapping.map(\.destination), ["id"])
            XCTAssertEqual(try db.foreignKeys(on: "team").count, 0)
        }
    }

    // Reserved tables: SQLite's own (sqlite_ prefix) and GRDB's (grdb_).
    func testReservedTables() throws {
        let dbQueue = try makeSchema()
        try dbQueue.read { db in
            XCTAssertTrue(Database.isSQLiteInternalTable("sqlite_master"))
            XCTAssertTrue(Database.isSQLiteInternalTable("sqlite_sequence"))
            XCTAssertTrue(Database.isSQLiteInternalTable("sqlite_stat1"))
            XCTAssertFalse(Database.isSQLiteInternalTable("team"))
            XCTAssertFalse(Database.isSQLiteInternalTable("grdb_migrations"))
            XCTAssertTrue(Database.isGRDBInternalTable("grdb_migrations"))
            XCTAssertFalse(Database.isGRDBInternalTable("sqlite_master"))
            XCTAssertFalse(Database.isGRDBInternalTable("team"))
            XCTAssertTrue(try db.tableExists("sqlite_sequence"))
            XCTAssertTrue(try db.tableExists("sqlite_stat1"))
        }
    }
}
