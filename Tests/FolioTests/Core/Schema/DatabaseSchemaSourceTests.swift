import Folio
import Foundation
import XCTest

private struct Captain: Codable, Identifiable, FetchableRecord, PersistableRecord, Equatable {
    var id: String
    var name: String
    var teamId: String
}

/// A schema source that gives the "id" column to the views it knows, and
/// records the views it is asked about.
private final class IDSchemaSource: DatabaseSchemaSource, @unchecked Sendable {
    // @unchecked Sendable: `requests` is only accessed under `lock`.
    private let lock = NSLock()
    private var _requests: [DatabaseObjectID] = []
    let knownViews: Set<String>?
    let columns: [String]

    init(knownViews: Set<String>? = nil, columns: [String] = ["id"]) {
        self.knownViews = knownViews
        self.columns = columns
    }

    var requests: [DatabaseObjectID] {
        lock.lock(); defer { lock.unlock() }
        return _requests
    }

    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        lock.lock(); _requests.append(view); lock.unlock()
        if let knownViews, !knownViews.contains(view.name) { return nil }
        return columns
    }
}

private struct FailingSchemaSource: DatabaseSchemaSource {
    struct Failure: Error { }
    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        throw Failure()
    }
}

/// `Configuration.schemaSource`, `Database.schemaSource` and
/// `withSchemaSource(_:execute:)`: a schema source tells the primary key
/// of views, as in GRDB's "View Records" article.
final class DatabaseSchemaSourceTests: FolioTestCase {
    private let schema = """
        CREATE TABLE team (id TEXT PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE player (id TEXT PRIMARY KEY, name TEXT NOT NULL, teamId TEXT REFERENCES team(id), isCaptain BOOLEAN NOT NULL);
        CREATE VIEW captain AS SELECT id, name, teamId FROM player WHERE isCaptain AND teamId IS NOT NULL;
        CREATE VIEW teamName AS SELECT name FROM team;
        INSERT INTO team VALUES ('red', 'Red'), ('blue', 'Blue');
        INSERT INTO player VALUES ('alice', 'Alice', 'red', 1), ('bob', 'Bob', 'blue', 1), ('craig', 'Craig', 'blue', 0);
        """

    private func makeDatabase(schemaSource: (any DatabaseSchemaSource)?) throws -> DatabaseQueue {
        var config = Configuration()
        config.schemaSource = schemaSource
        let dbQueue = try makeDatabaseQueue(configuration: config)
        try dbQueue.write { try $0.execute(sql: schema) }
        return dbQueue
    }

    func testViewsHaveNoPrimaryKeyWithoutSchemaSource() throws {
        let dbQueue = try makeDatabase(schemaSource: nil)
        try dbQueue.read { db in
            XCTAssertNil(db.schemaSource)
            XCTAssertEqual(try db.primaryKey("captain").columns, [])
            XCTAssertThrowsError(try Captain.find(db, id: "alice"))
        }
    }

    func testSchemaSourceGivesThePrimaryKeyOfAView() throws {
        let source = IDSchemaSource()
        let dbQueue = try makeDatabase(schemaSource: source)
        try dbQueue.read { db in
            XCTAssertTrue(db.schemaSource is IDSchemaSource)
            let primaryKey = try db.primaryKey("captain")
            XCTAssertEqual(primaryKey.columns, ["id"])
            XCTAssertNil(primaryKey.rowIDColumn)
            XCTAssertFalse(primaryKey.tableHasRowID)
            XCTAssertEqual(source.requests, [DatabaseObjectID(name: "captain", schemaID: .main)])

            let alice = try Captain.find(db, id: "alice")
            XCTAssertEqual(alice, Captain(id: "alice", name: "Alice", teamId: "red"))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "captain" WHERE "id" = ?"#)
            XCTAssertNil(try Captain.fetchOne(db, id: "craig"))
            XCTAssertEqual(try Captain.fetchAll(db, ids: ["bob", "craig"]).map(\.id), ["bob"])
            XCTAssertTrue(try Captain.exists(db, id: "alice"))
        }
    }

    func testSchemaSourceIsNotAskedAboutTables() throws {
        let source = IDSchemaSource()
        let dbQueue = try makeDatabase(schemaSource: source)
        try dbQueue.read { db in
            XCTAssertEqual(try db.primaryKey("player").columns, ["id"])
            XCTAssertEqual(try db.primaryKey("team").columns, ["id"])
            XCTAssertEqual(source.requests, [])
        }
    }

    func testSchemaSourceReceivesTheSchemaOfTheView() throws {
        let source = IDSchemaSource()
        let dbQueue = try makeDatabase(schemaSource: source)
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TEMP VIEW tempCaptain AS SELECT * FROM captain")
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS other")
            try db.execute(sql: "CREATE VIEW other.otherView AS SELECT 1 AS id")
            XCTAssertEqual(try db.primaryKey("tempCaptain").columns, ["id"])
            XCTAssertEqual(try db.primaryKey("otherView", in: "other").columns, ["id"])
            XCTAssertEqual(source.requests, [
                DatabaseObjectID(name: "tempCaptain", schemaID: .temp),
                DatabaseObjectID(name: "otherView", schemaID: .attached("other")),
            ])
        }
    }

    func testEmptyColumnsMeanNoPrimaryKey() throws {
        let dbQueue = try makeDatabase(schemaSource: IDSchemaSource(columns: []))
        try dbQueue.read { db in
            XCTAssertEqual(try db.primaryKey("captain").columns, [])
        }
    }

    func testUnknownColumnThrows() throws {
        let dbQueue = try makeDatabase(schemaSource: IDSchemaSource(columns: ["missing"]))
        try dbQueue.read { db in
            XCTAssertThrowsError(try db.primaryKey("captain")) { error in
                XCTAssertEqual(
                    (error as? DatabaseError)?.message,
                    "the schema source gives the view captain a primary key column that it does not have: missing")
            }
        }
    }

    func testSchemaSourceErrorsAreRethrown() throws {
        let dbQueue = try makeDatabase(schemaSource: FailingSchemaSource())
        try dbQueue.read { db in
            XCTAssertThrowsError(try db.primaryKey("captain")) { error in
                XCTAssertTrue(error is FailingSchemaSource.Failure, "\(error)")
            }
            XCTAssertEqual(try db.primaryKey("player").columns, ["id"])
        }
    }

    func testChainedSchemaSources() throws {
        let first = IDSchemaSource(knownViews: ["captain"])
        let second = IDSchemaSource(columns: ["name"])
        let dbQueue = try makeDatabase(schemaSource: first.then(second))
        try dbQueue.read { db in
            XCTAssertEqual(try db.primaryKey("captain").columns, ["id"])
            XCTAssertEqual(try db.primaryKey("teamName").columns, ["name"])
            XCTAssertEqual(first.requests.map(\.name), ["captain", "teamName"])
            XCTAssertEqual(second.requests.map(\.name), ["teamName"])
        }
    }

    func testDefaultImplementationReturnsNil() throws {
        struct EmptySource: DatabaseSchemaSource { }
        let dbQueue = try makeDatabase(schemaSource: EmptySource())
        try dbQueue.read { db in
            XCTAssertNil(try EmptySource().columnsForPrimaryKey(db, inView: DatabaseObjectID(name: "captain", schemaID: .main)))
            XCTAssertEqual(try db.primaryKey("captain").columns, [])
        }
    }

    func testWithSchemaSource() throws {
        let dbQueue = try makeDatabase(schemaSource: nil)
        try dbQueue.read { db in
            XCTAssertEqual(try db.primaryKey("captain").columns, [])
            let columns = try db.withSchemaSource(IDSchemaSource()) {
                XCTAssertNotNil(db.schemaSource)
                return try db.primaryKey("captain").columns
            }
            XCTAssertEqual(columns, ["id"])
            XCTAssertNil(db.schemaSource)
            XCTAssertEqual(try db.primaryKey("captain").columns, [], "the cache follows the source")
        }

        let configured = try makeDatabase(schemaSource: IDSchemaSource())
        try configured.read { db in
            XCTAssertEqual(try db.primaryKey("captain").columns, ["id"])
            try db.withSchemaSource(nil) {
                XCTAssertNil(db.schemaSource)
                XCTAssertEqual(try db.primaryKey("captain").columns, [])
            }
            XCTAssertEqual(try db.primaryKey("captain").columns, ["id"])
        }
    }

    func testWithSchemaSourceRestoresTheSourceAfterAnError() throws {
        let dbQueue = try makeDatabase(schemaSource: nil)
        struct Failure: Error { }
        try dbQueue.read { db in
            XCTAssertThrowsError(try db.withSchemaSource(IDSchemaSource()) { throw Failure() })
            XCTAssertNil(db.schemaSource)
        }
    }

    func testMigrationsIgnoreTheSchemaSource() throws {
        var config = Configuration()
        config.schemaSource = IDSchemaSource()
        let dbQueue = try makeDatabaseQueue(configuration: config)
        var migrator = DatabaseMigrator()
        let schema = self.schema
        migrator.registerMigration("schema") { db in
            XCTAssertNil(db.schemaSource)
            try db.execute(sql: schema)
            XCTAssertEqual(try db.primaryKey("captain").columns, [])
            try db.withSchemaSource(IDSchemaSource()) {
                XCTAssertEqual(try db.primaryKey("captain").columns, ["id"])
                XCTAssertNotNil(try Captain.fetchOne(db, id: "alice"))
            }
        }
        try migrator.migrate(dbQueue)
        try dbQueue.read { db in
            XCTAssertNotNil(db.schemaSource)
            XCTAssertEqual(try db.primaryKey("captain").columns, ["id"])
        }
    }
}
