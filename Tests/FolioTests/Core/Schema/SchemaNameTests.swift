import Folio
import XCTest

/// The introspection methods that take a schema name accept `main`,
/// `temp` and attached databases, case-insensitively, and throw "no such
/// schema" for any other name.
final class SchemaNameTests: FolioTestCase {
    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, teamId INTEGER REFERENCES team(id));
                CREATE INDEX player_on_name ON player(name);
                CREATE VIEW playerName AS SELECT name FROM player;
                CREATE TRIGGER playerInsert AFTER INSERT ON player BEGIN SELECT 1; END;
                """)
        }
        return dbQueue
    }

    /// Asserts that `body` throws the "no such schema" error, without SQL.
    private func assertNoSuchSchema(
        _ name: String,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ body: () throws -> Void)
    {
        do {
            try body()
            XCTFail("expected a DatabaseError", file: file, line: line)
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR, file: file, line: line)
            XCTAssertEqual(error.extendedResultCode, .SQLITE_ERROR, file: file, line: line)
            XCTAssertEqual(error.message, "no such schema: \(name)", file: file, line: line)
            XCTAssertNil(error.sql, file: file, line: line)
            XCTAssertEqual(error.description, "SQLite error 1: no such schema: \(name)", file: file, line: line)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
    }

    func testEveryIntrospectionMethodThrowsNoSuchSchemaForAnUnknownSchemaName() throws {
        let dbQueue = try makePlayerDatabase()
        dbQueue.inDatabase { db in
            assertNoSuchSchema("nope") { _ = try db.columns(in: "player", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.primaryKey("player", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.indexes(on: "player", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.foreignKeys(on: "player", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.tableExists("player", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.tableExists("sqlite_master", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.viewExists("playerName", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.triggerExists("playerInsert", in: "nope") }
            assertNoSuchSchema("nope") { _ = try db.indexExists("player_on_name", in: "nope") }
        }
    }

    func testUnknownSchemaNameIsReportedEvenForAnUnknownTable() throws {
        let dbQueue = try makePlayerDatabase()
        dbQueue.inDatabase { db in
            assertNoSuchSchema("Other") { _ = try db.columns(in: "missing", in: "Other") }
            assertNoSuchSchema("Other") { _ = try db.tableExists("missing", in: "Other") }
        }
    }

    func testMainSchemaWorksCaseInsensitively() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            for schema in ["main", "MAIN", "Main"] {
                XCTAssertEqual(try db.columns(in: "player", in: schema).map(\.name), ["id", "name", "teamId"], schema)
                XCTAssertEqual(try db.primaryKey("player", in: schema).columns, ["id"], schema)
                XCTAssertEqual(try db.indexes(on: "player", in: schema).map(\.name), ["player_on_name"], schema)
                XCTAssertEqual(try db.foreignKeys(on: "player", in: schema).map(\.destinationTable), ["team"], schema)
                XCTAssertTrue(try db.tableExists("player", in: schema), schema)
                XCTAssertTrue(try db.viewExists("playerName", in: schema), schema)
                XCTAssertTrue(try db.triggerExists("playerInsert", in: schema), schema)
                XCTAssertTrue(try db.indexExists("player_on_name", in: schema), schema)
            }
        }
    }

    func testTempSchemaWorksCaseInsensitivelyEvenBeforeItIsUsed() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            XCTAssertFalse(try db.tableExists("player", in: "temp"))
            XCTAssertFalse(try db.tableExists("player", in: "TEMP"))
            XCTAssertFalse(try db.viewExists("playerName", in: "Temp"))
            try db.execute(sql: "CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY, note TEXT)")
            XCTAssertTrue(try db.tableExists("scratch", in: "TEMP"))
            XCTAssertEqual(try db.columns(in: "scratch", in: "Temp").map(\.name), ["id", "note"])
            XCTAssertEqual(try db.primaryKey("scratch", in: "temp").columns, ["id"])
        }
    }

    func testPrimaryKeyOfATableNamedInSeveralSchemasIsTheOneOfTheGivenSchema() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE item (code TEXT PRIMARY KEY) WITHOUT ROWID")
            try db.execute(sql: "CREATE TEMP TABLE Item (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS aux")
            try db.execute(sql: "CREATE TABLE aux.ITEM (name TEXT)")
            for schema in ["main", "Main"] {
                let primaryKey = try db.primaryKey("item", in: schema)
                XCTAssertEqual(primaryKey.columns, ["code"], schema)
                XCTAssertNil(primaryKey.rowIDColumn, schema)
                XCTAssertFalse(primaryKey.tableHasRowID, schema)
            }
            for schema in ["temp", "TEMP"] {
                let primaryKey = try db.primaryKey("ITEM", in: schema)
                XCTAssertEqual(primaryKey.columns, ["id"], schema)
                XCTAssertEqual(primaryKey.rowIDColumn, "id", schema)
                XCTAssertTrue(primaryKey.tableHasRowID, schema)
            }
            for schema in ["aux", "AUX"] {
                let primaryKey = try db.primaryKey("Item", in: schema)
                XCTAssertEqual(primaryKey.columns, ["rowid"], schema)
                XCTAssertTrue(primaryKey.tableHasRowID, schema)
            }
        }
    }

    func testPrimaryKeyOfAViewHasNoRowID() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: "CREATE VIEW itemName AS SELECT name FROM item")
            let primaryKey = try db.primaryKey("ITEMNAME")
            XCTAssertEqual(primaryKey.columns, [])
            XCTAssertFalse(primaryKey.tableHasRowID)
        }
    }

    func testAttachedSchemaWorksCaseInsensitivelyUntilItIsDetached() throws {
        let dbQueue = try makePlayerDatabase()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS aux")
            try db.execute(sql: "CREATE TABLE aux.item (id INTEGER PRIMARY KEY, label TEXT)")
            try db.execute(sql: "CREATE INDEX aux.item_on_label ON item(label)")
            for schema in ["aux", "AUX", "Aux"] {
                XCTAssertTrue(try db.tableExists("item", in: schema), schema)
                XCTAssertFalse(try db.tableExists("player", in: schema), schema)
                XCTAssertEqual(try db.columns(in: "item", in: schema).map(\.name), ["id", "label"], schema)
                XCTAssertEqual(try db.primaryKey("item", in: schema).columns, ["id"], schema)
                XCTAssertEqual(try db.indexes(on: "item", in: schema).map(\.name), ["item_on_label"], schema)
                XCTAssertEqual(try db.foreignKeys(on: "item", in: schema), [], schema)
            }
            try db.execute(sql: "DETACH DATABASE aux")
            assertNoSuchSchema("aux") { _ = try db.tableExists("item", in: "aux") }
            assertNoSuchSchema("aux") { _ = try db.columns(in: "item", in: "aux") }
        }
    }
}
