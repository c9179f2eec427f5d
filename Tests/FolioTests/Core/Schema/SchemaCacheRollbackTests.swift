import Folio
import XCTest

/// The rollback that ends each read access keeps the schema cache, so that
/// the reads of an application introspect the schema once, not once per
/// read. A rollback that undoes DDL still empties it, and the changes of
/// other connections are still seen.
final class SchemaCacheRollbackTests: FolioTestCase {
    private struct Player: Codable, FetchableRecord, PersistableRecord {
        var id: Int64
        var name: String
    }

    /// The schema introspection queries among the recorded SQL.
    private func introspectionQueries(_ queries: [String]) -> [String] {
        queries.filter { $0.contains("table_xinfo") || $0.contains("table_list") || $0.contains("index_list") || $0.contains("table_info") }
    }

    func testReadsOfAQueueIntrospectTheSchemaOnce() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try Player(id: 1, name: "Arthur").insert(db)
        }
        _ = try dbQueue.read { db in try Player.fetchOne(db, key: 1) }
        clearSQLQueries()
        for _ in 0..<3 {
            let player = try dbQueue.read { db in try Player.fetchOne(db, key: 1) }
            XCTAssertEqual(player?.name, "Arthur")
        }
        XCTAssertEqual(introspectionQueries(sqlQueries), [])
    }

    func testReadsOfAPoolIntrospectTheSchemaOnce() throws {
        let recorder = SQLRecorder()
        var configuration = Configuration()
        configuration.maximumReaderCount = 1
        configuration.prepareDatabase { db in
            db.trace { recorder.record($0.sql) }
        }
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try Player(id: 1, name: "Arthur").insert(db)
        }
        _ = try dbPool.read { db in try Player.fetchOne(db, key: 1) }
        recorder.reset()
        for _ in 0..<3 {
            let player = try dbPool.read { db in try Player.fetchOne(db, key: 1) }
            XCTAssertEqual(player?.name, "Arthur")
        }
        XCTAssertEqual(introspectionQueries(recorder.queries), [])
    }

    func testPoolReadSeesColumnAddedByTheWriterBetweenReads() throws {
        var configuration = Configuration()
        configuration.maximumReaderCount = 1
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: configuration)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }
        XCTAssertEqual(try dbPool.read { db in try db.columns(in: "player").map(\.name) }, ["id", "name"])
        try dbPool.write { db in
            try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER")
        }
        XCTAssertEqual(try dbPool.read { db in try db.columns(in: "player").map(\.name) }, ["id", "name", "score"])
    }

    func testQueueSeesColumnAddedByAnotherConnectionBetweenTransactionsOfOneAccess() throws {
        let path = temporaryDatabasePath()
        let dbQueue = try DatabaseQueue(path: path)
        let otherQueue = try DatabaseQueue(path: path)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction(.deferred) {
                XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name"])
                return .rollback
            }
            try otherQueue.write { db in
                try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER")
            }
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name", "score"])
        }
    }

    func testRollbackOfDDLEmptiesTheSchemaCache() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN")
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            XCTAssertEqual(try db.primaryKey("player").columns, ["id"])
            XCTAssertTrue(try db.tableExists("player"))
            try db.execute(sql: "ROLLBACK")
            XCTAssertFalse(try db.tableExists("player"))
            XCTAssertThrowsError(try db.primaryKey("player"))
        }
    }

    func testRollbackOfTransactionWhoseDDLPrecedesARolledBackSavepointEmptiesTheSchemaCache() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN")
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            try db.execute(sql: "SAVEPOINT inner")
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try db.execute(sql: "ROLLBACK TO SAVEPOINT inner")
            try db.execute(sql: "RELEASE SAVEPOINT inner")
            // Cached again, after the rollback to the savepoint.
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name"])
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player").count, 0)
            try db.execute(sql: "ROLLBACK")
            XCTAssertFalse(try db.tableExists("player"))
            XCTAssertThrowsError(try db.columns(in: "player"))
            XCTAssertThrowsError(try Row.fetchAll(db, sql: "SELECT * FROM player"))
        }
    }

    func testRollbackAfterCommittedDDLKeepsTheTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
        }
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN")
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name"])
            try db.execute(sql: "ROLLBACK")
            XCTAssertTrue(try db.tableExists("player"))
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "name"])
        }
    }

    func testReadSeesAttachedSchemaChangedByAnotherConnection() throws {
        let attachedPath = temporaryDatabasePath()
        let attachedQueue = try DatabaseQueue(path: attachedPath)
        try attachedQueue.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY)")
        }
        let dbQueue = try makeTemporaryDatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS other", arguments: [attachedPath])
        }
        XCTAssertEqual(try dbQueue.read { db in try db.columns(in: "item", in: "other").map(\.name) }, ["id"])
        try attachedQueue.write { db in
            try db.execute(sql: "ALTER TABLE item ADD COLUMN name TEXT")
        }
        XCTAssertEqual(try dbQueue.read { db in try db.columns(in: "item", in: "other").map(\.name) }, ["id", "name"])
    }
}
