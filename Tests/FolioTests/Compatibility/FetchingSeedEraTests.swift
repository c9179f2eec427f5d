import Folio
import XCTest

// The seed-era spellings are deprecated: they are used from deprecated
// declarations, called through a protocol whose requirements are not
// deprecated, so that the tests build without warnings.

private protocol UnlabeledFetchChecks {
    func fetchCursorWithUnlabeledSQL(_ test: FetchingSeedEraTests) throws
    func fetchAllAndFetchOneWithUnlabeledSQL(_ test: FetchingSeedEraTests) throws
}

@available(*, deprecated)
private struct Place: RowConvertible, TableMapping {
    static let databaseTableName = "place"
    var id: Int64
    var title: String

    init(row: Row) {
        id = row["id"]
        title = row["title"]
    }
}

private struct Checks: UnlabeledFetchChecks {
    func makeDatabase(_ test: FetchingSeedEraTests) throws -> DatabaseQueue {
        let dbQueue = try test.makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE place (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                INSERT INTO place VALUES (1, 'Paris'), (2, 'London'), (3, 'Rome');
                """)
        }
        return dbQueue
    }

    @available(*, deprecated)
    func fetchCursorWithUnlabeledSQL(_ test: FetchingSeedEraTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.read { db in
            let cursor = try Place.fetchCursor(db, "SELECT * FROM place WHERE id > ? ORDER BY id", arguments: [1])
            XCTAssertEqual(try cursor.next()?.title, "London")
            XCTAssertEqual(try cursor.next()?.title, "Rome")
            XCTAssertNil(try cursor.next())
            XCTAssertEqual(try Array(Place.fetchCursor(db, "SELECT * FROM place ORDER BY id")).map(\.id), [1, 2, 3])
        }
    }

    @available(*, deprecated)
    func fetchAllAndFetchOneWithUnlabeledSQL(_ test: FetchingSeedEraTests) throws {
        let dbQueue = try makeDatabase(test)
        try dbQueue.read { db in
            XCTAssertEqual(try Place.fetchAll(db, "SELECT * FROM place WHERE id < ? ORDER BY id", arguments: [3]).map(\.title), ["Paris", "London"])
            XCTAssertEqual(try Place.fetchOne(db, "SELECT * FROM place WHERE id = ?", arguments: [3])?.title, "Rome")
            XCTAssertNil(try Place.fetchOne(db, "SELECT * FROM place WHERE id = ?", arguments: [4]))
        }
    }
}

/// `Place.fetchCursor(db, "SELECT ...", arguments:)`, the seed-era spelling
/// with unlabeled SQL (issue 15, item 15).
final class FetchingSeedEraTests: FolioTestCase {
    private let checks: any UnlabeledFetchChecks = Checks()

    func testRecordFetchCursorWithUnlabeledSQL() throws {
        try checks.fetchCursorWithUnlabeledSQL(self)
    }

    func testRecordFetchAllAndFetchOneWithUnlabeledSQL() throws {
        try checks.fetchAllAndFetchOneWithUnlabeledSQL(self)
    }
}
