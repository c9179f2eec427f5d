import Folio
import XCTest

/// `tableExists(_:in:)` finds tables, virtual tables and their shadow
/// tables, ignoring the case of ASCII letters, in the main and temp
/// schemas (or in the given schema), but not views, and not tables that
/// are not there.
final class TableExistsTests: FolioTestCase {
    func testTableExistsFindsTablesVirtualTablesAndShadowTablesButNotViews() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
                CREATE TABLE tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
                CREATE VIEW playerName AS SELECT name FROM player;
                CREATE VIRTUAL TABLE document USING fts5(body);
                """)
            for name in ["player", "PLAYER", "tag", "document", "document_data", "sqlite_sequence", "sqlite_master", "SQLITE_TEMP_MASTER"] {
                XCTAssertTrue(try db.tableExists(name), name)
            }
            for name in ["playerName", "playername", "nope", "sqlite_schema", "", "play\u{0}er", "playér"] {
                XCTAssertFalse(try db.tableExists(name), name)
            }
            XCTAssertTrue(try db.viewExists("playerName"))
        }
    }

    func testTableExistsLooksInMainAndTempOrInTheGivenSchema() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS aux")
            try db.execute(sql: "CREATE TABLE aux.item (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "CREATE VIEW aux.player AS SELECT 1")

            XCTAssertTrue(try db.tableExists("player"))
            XCTAssertTrue(try db.tableExists("scratch"))
            // Attached databases only when named.
            XCTAssertFalse(try db.tableExists("item"))
            XCTAssertTrue(try db.tableExists("item", in: "AUX"))

            XCTAssertTrue(try db.tableExists("player", in: "Main"))
            XCTAssertFalse(try db.tableExists("player", in: "temp"))
            XCTAssertFalse(try db.tableExists("player", in: "aux"))
            XCTAssertTrue(try db.tableExists("SCRATCH", in: "temp"))
            XCTAssertFalse(try db.tableExists("scratch", in: "main"))
            XCTAssertTrue(try db.tableExists("sqlite_master", in: "aux"))
            XCTAssertThrowsError(try db.tableExists("player", in: "nope")) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such schema: nope")
            }
        }
    }

    func testTableExistsSeesTheSchemaChangesOfAnotherConnection() throws {
        let path = temporaryDatabasePath()
        let writer = try DatabaseQueue(path: path)
        let reader = try DatabaseQueue(path: path)
        XCTAssertFalse(try reader.read { try $0.tableExists("player") })
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
        }
        XCTAssertTrue(try reader.read { try $0.tableExists("player") })
        try writer.write { db in
            try db.execute(sql: "DROP TABLE player")
            try db.execute(sql: "CREATE VIEW player AS SELECT 1 AS id")
        }
        XCTAssertFalse(try reader.read { try $0.tableExists("player") })
        XCTAssertTrue(try reader.read { try $0.viewExists("player") })
    }

    /// The schema DSL resolves a foreign key with `tableExists`, then
    /// `primaryKey`, just after a schema change: the rows of `PRAGMA
    /// table_list` are read once, and kept in the schema cache.
    func testTableExistsThenPrimaryKeyReadTheTableListOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY)")
            clearSQLQueries()
            XCTAssertTrue(try db.tableExists("author"))
            XCTAssertEqual(try db.primaryKey("author").columns, ["id"])
            XCTAssertTrue(try db.tableExists("author"))
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("PRAGMA table_list") }, [#"PRAGMA table_list("author")"#])

            // A schema change reads them again.
            try db.execute(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY)")
            clearSQLQueries()
            XCTAssertTrue(try db.tableExists("author"))
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("PRAGMA table_list") }.count, 1)
            try db.execute(sql: "DROP TABLE author")
            XCTAssertFalse(try db.tableExists("author"))
        }
    }

    /// The rows of an attached database are not cached: the schema version
    /// of main does not follow the changes that another connection makes
    /// to it.
    func testTableExistsSeesATableThatAnotherConnectionCreatesInAnAttachedDatabase() throws {
        let path = temporaryDatabasePath()
        let auxPath = temporaryDatabasePath()
        let writer = try DatabaseQueue(path: auxPath)
        let reader = try DatabaseQueue(path: path)
        try reader.inDatabase { db in
            try db.execute(sql: "ATTACH DATABASE ? AS aux", arguments: [auxPath])
            XCTAssertFalse(try db.tableExists("item"))
            XCTAssertFalse(try db.tableExists("item", in: "aux"))
        }
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT)")
        }
        try reader.inDatabase { db in
            XCTAssertFalse(try db.tableExists("item"))
            XCTAssertTrue(try db.tableExists("item", in: "aux"))
            XCTAssertEqual(try db.primaryKey("item").rowIDColumn, "id")
        }
    }
}
