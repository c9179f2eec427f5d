import Folio
import Foundation
import XCTest

/// `Database.foreignKeyViolations()`, `checkForeignKeys()` and their
/// table variants, and the descriptions of `ForeignKeyViolation`.
final class ForeignKeyViolationTests: FolioTestCase {
    /// A database whose foreign keys are off, with two invalid players
    /// and an invalid tag assignment in a WITHOUT ROWID table.
    private func makeInvalidDatabase() throws -> DatabaseQueue {
        var config = Configuration()
        config.foreignKeysEnabled = false
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE player (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), name TEXT, score INTEGER);
                CREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
                CREATE TABLE playerTag (playerId INTEGER REFERENCES player, tagName TEXT REFERENCES tag, PRIMARY KEY (playerId, tagName)) WITHOUT ROWID;
                INSERT INTO team (id, name) VALUES (1, 'Red');
                INSERT INTO player (id, teamId, name, score) VALUES (1, 1, 'Arthur', 100);
                INSERT INTO player (id, teamId, name, score) VALUES (2, 2, 'O''Brien', 1000);
                INSERT INTO player (id, teamId, name, score) VALUES (3, 3, 'Barbara', 10);
                INSERT INTO playerTag (playerId, tagName) VALUES (1, 'missing');
                """)
        }
        return dbQueue
    }

    func testForeignKeyViolationsOfTheDatabase() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.read { db in
            clearSQLQueries()
            let violations = try Array(db.foreignKeyViolations())
            XCTAssertEqual(sqlQueries, ["PRAGMA foreign_key_check"])
            XCTAssertEqual(violations.count, 3)
            let players = violations.filter { $0.originTable == "player" }.sorted { $0.originRowID! < $1.originRowID! }
            XCTAssertEqual(players.map(\.originRowID), [2, 3])
            XCTAssertEqual(players.map(\.destinationTable), ["team", "team"])
            XCTAssertEqual(players[0].foreignKeyId, try db.foreignKeys(on: "player")[0].id)
            let tags = violations.filter { $0.originTable == "playerTag" }
            XCTAssertEqual(tags.count, 1)
            XCTAssertNil(tags[0].originRowID)
            XCTAssertEqual(tags[0].destinationTable, "tag")
        }
    }

    func testForeignKeyViolationsIsACursor() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.read { db in
            let cursor: RecordCursor<ForeignKeyViolation> = try db.foreignKeyViolations(in: "player")
            XCTAssertEqual(try cursor.next()?.originRowID, 2)
            XCTAssertEqual(try cursor.next()?.originRowID, 3)
            XCTAssertNil(try cursor.next())
        }
    }

    func testForeignKeyViolationsInATable() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.read { db in
            clearSQLQueries()
            XCTAssertEqual(try Array(db.foreignKeyViolations(in: "player")).map(\.originRowID), [2, 3])
            XCTAssertEqual(lastSQLQuery, #"PRAGMA foreign_key_check("player")"#)
            XCTAssertEqual(try Array(db.foreignKeyViolations(in: "team")), [])
            XCTAssertEqual(try Array(db.foreignKeyViolations(in: "player", in: "main")).count, 2)
            XCTAssertEqual(lastSQLQuery, #"PRAGMA "main".foreign_key_check("player")"#)
        }
    }

    func testForeignKeyViolationsInAnAttachedDatabase() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS other")
            try db.execute(sql: """
                CREATE TABLE other.parent (id INTEGER PRIMARY KEY);
                CREATE TABLE other.child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
                INSERT INTO other.child (id, parentId) VALUES (7, 42);
                """)
            let violations = try Array(db.foreignKeyViolations(in: "child", in: "other"))
            XCTAssertEqual(violations.map(\.originTable), ["child"])
            XCTAssertEqual(violations.map(\.originRowID), [7])
            // Without schema, the table is found in the attached database.
            XCTAssertEqual(try Array(db.foreignKeyViolations(in: "child")).map(\.originRowID), [7])
            XCTAssertThrowsError(try db.checkForeignKeys(in: "child", in: "other")) { error in
                XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            }
        }
    }

    func testForeignKeyViolationsOfMissingTableOrSchemaThrow() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.read { db in
            XCTAssertThrowsError(try db.foreignKeyViolations(in: "missing").next()) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: missing")
            }
            XCTAssertThrowsError(try db.checkForeignKeys(in: "missing")) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: missing")
            }
            XCTAssertThrowsError(try db.foreignKeyViolations(in: "player", in: "nowhere")) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such schema: nowhere")
            }
            XCTAssertThrowsError(try db.checkForeignKeys(in: "player", in: "nowhere")) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such schema: nowhere")
            }
        }
    }

    func testDescriptions() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.read { db in
            let violation = try XCTUnwrap(db.foreignKeyViolations(in: "player").next())
            XCTAssertEqual(violation.description, "FOREIGN KEY constraint violation - from player to team, in rowid 2")
            XCTAssertEqual("\(violation)", violation.description)
            XCTAssertEqual(
                try violation.failureDescription(db),
                "FOREIGN KEY constraint violation - from player(teamId) to team(id), in [id:2 teamId:2 name:\"O\\'Brien\" score:1000]")
            let error = violation.databaseError(db)
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            XCTAssertEqual(error.message, try violation.failureDescription(db))

            let tagViolation = try XCTUnwrap(db.foreignKeyViolations(in: "playerTag").next())
            XCTAssertEqual(tagViolation.description, "FOREIGN KEY constraint violation - from playerTag to tag")
            XCTAssertEqual(
                try tagViolation.failureDescription(db),
                "FOREIGN KEY constraint violation - from playerTag(tagName) to tag(name)")
        }
    }

    func testDatabaseErrorFallsBackToTheDescription() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.write { db in
            let violation = try XCTUnwrap(db.foreignKeyViolations(in: "player").next())
            try db.execute(sql: "DROP TABLE player")
            XCTAssertThrowsError(try violation.failureDescription(db))
            let error = violation.databaseError(db)
            XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            XCTAssertEqual(error.message, "FOREIGN KEY constraint violation - from player to team, in rowid 2")
        }
    }

    func testCheckForeignKeysThrowsTheFirstViolation() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.checkForeignKeys(in: "player")) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
                XCTAssertEqual(error.message, "FOREIGN KEY constraint violation - from player(teamId) to team(id), in [id:2 teamId:2 name:\"O\\'Brien\" score:1000]")
            }
            XCTAssertThrowsError(try db.checkForeignKeys())
            try db.checkForeignKeys(in: "team")

            try db.execute(sql: "DELETE FROM player WHERE id > 1; DELETE FROM playerTag")
            try db.checkForeignKeys()
            try db.checkForeignKeys(in: "player")
            XCTAssertEqual(try Array(db.foreignKeyViolations()), [])
        }
    }

    func testViolationFromARow() throws {
        let row: Row = ["table": "player", "rowid": 2, "parent": "team", "fkid": 0]
        let violation = ForeignKeyViolation(row: row)
        XCTAssertEqual(violation.originTable, "player")
        XCTAssertEqual(violation.originRowID, 2)
        XCTAssertEqual(violation.destinationTable, "team")
        XCTAssertEqual(violation.foreignKeyId, 0)

        let incomplete = ForeignKeyViolation(row: ["table": 12])
        XCTAssertEqual(incomplete.originTable, "")
        XCTAssertNil(incomplete.originRowID)
        XCTAssertEqual(incomplete.destinationTable, "")
        XCTAssertEqual(incomplete.foreignKeyId, 0)
    }

    func testViolationsAreFetchableRecords() throws {
        let dbQueue = try makeInvalidDatabase()
        try dbQueue.read { db in
            let violations = try ForeignKeyViolation.fetchAll(db, sql: "PRAGMA foreign_key_check(player)")
            XCTAssertEqual(violations.map(\.originRowID), [2, 3])
        }
    }

    func testViolationPropertiesAreMutable() {
        var violation = ForeignKeyViolation(row: ["table": "a", "rowid": 1, "parent": "b", "fkid": 0])
        violation.originTable = "c"
        violation.originRowID = nil
        violation.destinationTable = "d"
        violation.foreignKeyId = 3
        XCTAssertEqual(violation.description, "FOREIGN KEY constraint violation - from c to d")
        XCTAssertEqual(violation.foreignKeyId, 3)
    }
}
