import Folio
import XCTest

/// `AnyDatabaseRegionConvertible`, and `.fullDatabase` wherever a
/// `DatabaseRegionConvertible` is expected.
final class DatabaseRegionConvertibleTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE teamMember (teamId INTEGER, playerId INTEGER);
                CREATE TABLE other (id INTEGER PRIMARY KEY);
                """)
        }
        return dbQueue
    }

    func testClosureRegionIsComputedWithTheConnection() throws {
        let calls = Counter()
        let region = AnyDatabaseRegionConvertible { db in
            calls.increment()
            var region = try Table("player").databaseRegion(db)
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'team%' ORDER BY name") {
                region.formUnion(try Table(table).databaseRegion(db))
            }
            return region
        }
        XCTAssertEqual(calls.count, 0)
        try makeDatabase().read { db in
            XCTAssertEqual(try region.databaseRegion(db).description, "player(*),team(*),teammember(*)")
            XCTAssertEqual(calls.count, 1)
        }
    }

    func testForwardingRegion() throws {
        try makeDatabase().read { db in
            let request = AnyDatabaseRegionConvertible(SQLRequest<Row>(sql: "SELECT name FROM team"))
            XCTAssertEqual(try request.databaseRegion(db).description, "team(name)")
            let region = AnyDatabaseRegionConvertible(Table("other"))
            XCTAssertEqual(try region.databaseRegion(db).description, "other(*)")
            let regions: [AnyDatabaseRegionConvertible] = [request, region]
            XCTAssertEqual(try regions.map { try $0.databaseRegion(db).description }, ["team(name)", "other(*)"])
        }
    }

    func testClosureErrorIsThrown() throws {
        try makeDatabase().read { db in
            let region = AnyDatabaseRegionConvertible { db in
                try SQLRequest<Row>(sql: "SELECT * FROM missing").databaseRegion(db)
            }
            XCTAssertThrowsError(try region.databaseRegion(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.sql, "SELECT * FROM missing")
            }
        }
    }

    func testObservingAClosureRegion() throws {
        let dbQueue = try makeDatabase()
        let region = AnyDatabaseRegionConvertible { db in try Table("team").databaseRegion(db) }
        let changes = ValueRecorder<Int>()
        let cancellable = DatabaseRegionObservation(tracking: region).start(in: dbQueue) { error in
            XCTFail("\(error)")
        } onChange: { _ in changes.append(1) }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO other DEFAULT VALUES") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds')") }
        wait(for: [changes.expectation(self, "change") { $0.count == 1 }], timeout: 10)
        XCTAssertEqual(changes.values.count, 1)
        withExtendedLifetime(cancellable) { }
    }

    func testFullDatabaseWhereARegionConvertibleIsExpected() throws {
        func description(_ region: some DatabaseRegionConvertible, _ db: Database) throws -> String {
            try region.databaseRegion(db).description
        }
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            XCTAssertEqual(try description(.fullDatabase, db), DatabaseRegion.fullDatabase.description)
            let region: DatabaseRegion = .fullDatabase
            XCTAssertTrue(region.isFullDatabase)
        }
        let changes = ValueRecorder<Int>()
        let cancellable = DatabaseRegionObservation(tracking: .fullDatabase).start(in: dbQueue) { error in
            XCTFail("\(error)")
        } onChange: { _ in changes.append(1) }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO other DEFAULT VALUES") }
        wait(for: [changes.expectation(self, "change") { $0.count == 1 }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }
}
