import Folio
import XCTest

// The seed-era spellings are deprecated: they are used from deprecated
// declarations, called through a protocol whose requirements are not
// deprecated, so that the tests build without warnings.

private protocol StaticDeleteChecks {
    func deleteByPrimaryKeyReturnsWhetherARowWasDeleted(_ test: TableRecordSeedEraTests) throws
    func deleteByUniqueKeyReturnsWhetherARowWasDeleted(_ test: TableRecordSeedEraTests) throws
    func deleteResultIsDiscardable(_ test: TableRecordSeedEraTests) throws
}

@available(*, deprecated)
private struct Place: TableMapping, Persistable {
    static let databaseTableName = "place"
    var id: Int64
    var title: String

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["title"] = title
    }
}

private struct Checks: StaticDeleteChecks {
    func makeDatabase(_ test: TableRecordSeedEraTests) throws -> DatabaseQueue {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE place (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE);
                INSERT INTO place VALUES (1, 'Paris'), (2, 'London');
                """)
        }
        return dbQueue
    }

    @available(*, deprecated)
    func deleteByPrimaryKeyReturnsWhetherARowWasDeleted(_ test: TableRecordSeedEraTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            XCTAssertTrue(try Place.delete(db, key: 1))
            XCTAssertEqual(test.lastSQLQuery, #"DELETE FROM "place" WHERE "id" = ?"#)
            XCTAssertFalse(try Place.delete(db, key: 1))
            XCTAssertFalse(try Place.delete(db, key: nil as Int64?))
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM place"), [2])
        }
    }

    @available(*, deprecated)
    func deleteByUniqueKeyReturnsWhetherARowWasDeleted(_ test: TableRecordSeedEraTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            XCTAssertTrue(try Place.delete(db, key: ["title": "London"]))
            XCTAssertFalse(try Place.delete(db, key: ["title": "London"]))
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM place"), ["Paris"])
        }
    }

    @available(*, deprecated)
    func deleteResultIsDiscardable(_ test: TableRecordSeedEraTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.write { db in
            // As in Records.md: the result is not used.
            try Place.delete(db, key: 2)
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT id FROM place"), [1])
        }
    }
}

/// `Place.delete(db, key:)`, the seed-era spelling of `deleteOne(_:key:)`
/// (issue 15, item 14).
final class TableRecordSeedEraTests: FolioTestCase {
    private let checks: any StaticDeleteChecks = Checks()

    func testStaticDeleteByPrimaryKeyReturnsWhetherARowWasDeleted() throws {
        try checks.deleteByPrimaryKeyReturnsWhetherARowWasDeleted(self)
    }

    func testStaticDeleteByUniqueKeyReturnsWhetherARowWasDeleted() throws {
        try checks.deleteByUniqueKeyReturnsWhetherARowWasDeleted(self)
    }

    func testStaticDeleteResultIsDiscardable() throws {
        try checks.deleteResultIsDiscardable(self)
    }
}
