import Folio
import XCTest

final class SchemaIntrospectionTests: FolioTestCase {
    private func makeSchema() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE team (id TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    email TEXT UNIQUE,
                    name TEXT NOT NULL DEFAULT 'Anonymous',
                    teamId TEXT REFERENCES team(id),
                    position INTEGER);
                CREATE UNIQUE INDEX player_team_position ON player(teamId, position);
                CREATE INDEX player_name ON player(name);
                CREATE UNIQUE INDEX player_partial ON player(name) WHERE position IS NULL;
                CREATE TABLE membership (playerId INTEGER REFERENCES player, teamId TEXT REFERENCES team, role TEXT, PRIMARY KEY (playerId, teamId));
                CREATE TABLE event (message TEXT, date TEXT);
                CREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
                CREATE VIEW playerName AS SELECT name FROM player;
                CREATE TRIGGER playerTrigger AFTER INSERT ON player BEGIN SELECT 1; END;
                """)
        }
        return dbQueue
    }

    func testExistence() throws {
        try makeSchema().inDatabase { db in
            XCTAssertTrue(try db.tableExists("player"))
            XCTAssertTrue(try db.tableExists("PLAYER"))
            XCTAssertFalse(try db.tableExists("playerName"))
            XCTAssertTrue(try db.viewExists("playerName"))
            XCTAssertTrue(try db.triggerExists("playerTrigger"))
            XCTAssertTrue(try db.indexExists("player_name"))
            XCTAssertFalse(try db.tableExists("nowhere"))
        }
    }

    func testColumns() throws {
        try makeSchema().inDatabase { db in
            let columns = try db.columns(in: "player")
            XCTAssertEqual(columns.map(\.name), ["id", "email", "name", "teamId", "position"])
            XCTAssertEqual(columns.map(\.type), ["INTEGER", "TEXT", "TEXT", "TEXT", "INTEGER"])
            XCTAssertEqual(columns[0].columnType, .integer)
            XCTAssertEqual(columns.map(\.isNotNull), [false, false, true, false, false])
            XCTAssertEqual(columns[2].defaultValueSQL, "'Anonymous'")
            XCTAssertEqual(columns.map(\.primaryKeyIndex), [1, 0, 0, 0, 0])
            XCTAssertThrowsError(try db.columns(in: "nowhere")) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: nowhere")
            }
        }
    }

    func testPrimaryKeys() throws {
        try makeSchema().inDatabase { db in
            let player = try db.primaryKey("player")
            XCTAssertEqual(player.columns, ["id"])
            XCTAssertEqual(player.rowIDColumn, "id")
            XCTAssertTrue(player.isRowID)

            let team = try db.primaryKey("team")
            XCTAssertEqual(team.columns, ["id"])
            XCTAssertNil(team.rowIDColumn)
            XCTAssertFalse(team.isRowID)
            XCTAssertTrue(team.tableHasRowID)

            let membership = try db.primaryKey("membership")
            XCTAssertEqual(membership.columns, ["playerId", "teamId"])
            XCTAssertFalse(membership.isRowID)

            let event = try db.primaryKey("event")
            XCTAssertEqual(event.columns, ["rowid"])
            XCTAssertNil(event.rowIDColumn)
            XCTAssertTrue(event.isRowID)

            let tag = try db.primaryKey("tag")
            XCTAssertEqual(tag.columns, ["name"])
            XCTAssertFalse(tag.tableHasRowID)
        }
    }

    func testIndexesAndUniqueKeys() throws {
        try makeSchema().inDatabase { db in
            let indexes = try db.indexes(on: "player")
            let byName = Dictionary(uniqueKeysWithValues: indexes.map { ($0.name, $0) })
            XCTAssertEqual(byName["player_team_position"]?.columns, ["teamId", "position"])
            XCTAssertEqual(byName["player_team_position"]?.isUnique, true)
            XCTAssertEqual(byName["player_team_position"]?.origin, .createIndex)
            XCTAssertEqual(byName["player_name"]?.isUnique, false)
            XCTAssertEqual(byName["player_partial"]?.isPartial, true)
            let emailIndex = indexes.first { $0.columns == ["email"] }
            XCTAssertEqual(emailIndex?.origin, .uniqueConstraint)

            XCTAssertTrue(try db.table("player", hasUniqueKey: ["id"]))
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["EMAIL"]))
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["position", "teamId"]))
            XCTAssertTrue(try db.table("player", hasUniqueKey: ["email", "name"]))
            XCTAssertFalse(try db.table("player", hasUniqueKey: ["name"]))
            XCTAssertFalse(try db.table("player", hasUniqueKey: ["teamId"]))
            XCTAssertTrue(try db.table("membership", hasUniqueKey: ["teamId", "playerId"]))
            XCTAssertTrue(try db.table("event", hasUniqueKey: ["rowid"]))
        }
    }

    func testForeignKeys() throws {
        try makeSchema().inDatabase { db in
            let playerKeys = try db.foreignKeys(on: "player")
            XCTAssertEqual(playerKeys.count, 1)
            XCTAssertEqual(playerKeys[0].destinationTable, "team")
            XCTAssertEqual(playerKeys[0].originColumns, ["teamId"])
            XCTAssertEqual(playerKeys[0].destinationColumns, ["id"])

            // Implicit destination columns resolve to the primary key.
            let membershipKeys = try db.foreignKeys(on: "membership")
            XCTAssertEqual(Set(membershipKeys.map(\.destinationTable)), ["player", "team"])
            XCTAssertEqual(membershipKeys.first { $0.destinationTable == "player" }?.destinationColumns, ["id"])
        }
    }

    func testForeignKeyViolations() throws {
        let dbQueue = try makeSchema()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "INSERT INTO player (id, name, teamId) VALUES (12, 'Arthur', 'nowhere')")
            let violations = try Array(db.foreignKeyViolations())
            XCTAssertEqual(violations.count, 1)
            XCTAssertEqual(violations[0].originTable, "player")
            XCTAssertEqual(violations[0].originRowID, 12)
            XCTAssertEqual(violations[0].destinationTable, "team")
            XCTAssertThrowsError(try db.checkForeignKeys()) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
                XCTAssertEqual(error.message, "FOREIGN KEY constraint violation - from player(teamId) to team(id), in [id:12 email:NULL name:\"Arthur\" teamId:\"nowhere\" position:NULL]")
            }
            try db.execute(sql: "DELETE FROM player")
            try db.checkForeignKeys()
        }
    }

    func testSchemaCacheIsInvalidatedBySchemaChanges() throws {
        let dbQueue = try makeSchema()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try db.columns(in: "event").count, 2)
            try db.execute(sql: "ALTER TABLE event ADD COLUMN level INTEGER")
            XCTAssertEqual(try db.columns(in: "event").map(\.name), ["message", "date", "level"])
            try db.execute(sql: "CREATE UNIQUE INDEX event_message ON event(message)")
            XCTAssertTrue(try db.table("event", hasUniqueKey: ["message"]))
        }
    }
}
