import Folio
import XCTest

private struct Coordinate: Equatable {
    var latitude: Double
    var longitude: Double
}

/// The seed's `Place` (Records.md), with a hand-written `init(row:)` and
/// `Columns`.
private struct Place: FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "places"

    var id: Int64?
    var title: String
    var coordinate: Coordinate

    enum Columns {
        static let id = Column("id")
        static let title = Column("title")
        static let latitude = Column("latitude")
        static let longitude = Column("longitude")
    }

    init(id: Int64?, title: String, coordinate: Coordinate) {
        self.id = id
        self.title = title
        self.coordinate = coordinate
    }

    init(row: Row) {
        id = row[Columns.id]
        title = row[Columns.title]
        coordinate = Coordinate(
            latitude: row[Columns.latitude],
            longitude: row[Columns.longitude])
    }
}

/// A record whose `init(row:)` throws.
private struct Name: FetchableRecord, TableRecord, Hashable {
    static let databaseTableName = "places"
    var title: String

    init(title: String) {
        self.title = title
    }

    init(row: Row) throws {
        title = try row.decode(forColumn: "title")
    }
}

private struct DecodingFailure: Error { }

private struct Failing: FetchableRecord {
    init(row: Row) throws {
        throw DecodingFailure()
    }
}

final class FetchableRecordTests: FolioTestCase {
    private let paris = Place(id: 1, title: "Paris", coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522))
    private let london = Place(id: 2, title: "London", coordinate: Coordinate(latitude: 51.5074, longitude: -0.1278))
    private let rome = Place(id: 3, title: "Rome", coordinate: Coordinate(latitude: 41.9028, longitude: 12.4964))

    private func makePlaces() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE places (id INTEGER PRIMARY KEY, title TEXT NOT NULL, latitude DOUBLE, longitude DOUBLE);
                INSERT INTO places VALUES (1, 'Paris', 48.8566, 2.3522);
                INSERT INTO places VALUES (2, 'London', 51.5074, -0.1278);
                INSERT INTO places VALUES (3, 'Rome', 41.9028, 12.4964);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - From SQL

    func testFetchAllFromSQLBuildsRecordsWithInitRow() throws {
        let dbQueue = try makePlaces()
        let places = try dbQueue.inDatabase { db in
            try Place.fetchAll(db, sql: "SELECT * FROM places ORDER BY id")
        }
        XCTAssertEqual(places, [paris, london, rome])
        XCTAssertEqual(lastSQLQuery, "SELECT * FROM places ORDER BY id")
    }

    func testFetchAllFromSQLBindsArguments() throws {
        let dbQueue = try makePlaces()
        let places = try dbQueue.inDatabase { db in
            try Place.fetchAll(db, sql: "SELECT * FROM places WHERE latitude > ? ORDER BY id", arguments: [45])
        }
        XCTAssertEqual(places, [paris, london])
        XCTAssertEqual(lastSQLQuery, "SELECT * FROM places WHERE latitude > ? ORDER BY id")
    }

    func testFetchCursorFromSQLIteratesRecords() throws {
        let dbQueue = try makePlaces()
        let titles = try dbQueue.inDatabase { db in
            let cursor = try Place.fetchCursor(db, sql: "SELECT * FROM places ORDER BY title")
            var titles: [String] = []
            while let place = try cursor.next() {
                titles.append(place.title)
            }
            return titles
        }
        XCTAssertEqual(titles, ["London", "Paris", "Rome"])
        XCTAssertEqual(lastSQLQuery, "SELECT * FROM places ORDER BY title")
    }

    func testFetchCursorCanBeMappedAndCollected() throws {
        let dbQueue = try makePlaces()
        let ids = try dbQueue.inDatabase { db in
            try Array(Place.fetchCursor(db, sql: "SELECT * FROM places ORDER BY id DESC").map { $0.id! })
        }
        XCTAssertEqual(ids, [3, 2, 1])
    }

    func testFetchOneFromSQLReturnsFirstRecordOrNil() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Place.fetchOne(db, sql: "SELECT * FROM places WHERE id = ?", arguments: [2]), london)
            XCTAssertEqual(lastSQLQuery, "SELECT * FROM places WHERE id = ?")
            XCTAssertNil(try Place.fetchOne(db, sql: "SELECT * FROM places WHERE id = ?", arguments: [42]))
        }
    }

    func testFetchSetFromSQLRemovesDuplicates() throws {
        let dbQueue = try makePlaces()
        let names = try dbQueue.inDatabase { db in
            try Name.fetchSet(db, sql: "SELECT title FROM places UNION ALL SELECT title FROM places")
        }
        XCTAssertEqual(names, [Name(title: "Paris"), Name(title: "London"), Name(title: "Rome")])
        XCTAssertEqual(lastSQLQuery, "SELECT title FROM places UNION ALL SELECT title FROM places")
    }

    func testFetchingEmptyResultsReturnsEmptyCollections() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Place.fetchAll(db, sql: "SELECT * FROM places WHERE 0"), [])
            XCTAssertEqual(try Name.fetchSet(db, sql: "SELECT title FROM places WHERE 0"), [])
            XCTAssertNil(try Place.fetchCursor(db, sql: "SELECT * FROM places WHERE 0").next())
        }
    }

    // MARK: - From a statement

    func testFetchFromStatementWithArguments() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            let statement = try db.makeStatement(sql: "SELECT * FROM places WHERE id = ?")
            XCTAssertEqual(try Place.fetchOne(statement, arguments: [1]), paris)
            XCTAssertEqual(try Place.fetchAll(statement, arguments: [3]), [rome])
            XCTAssertEqual(try Name.fetchSet(statement, arguments: [2]), [Name(title: "London")])
            XCTAssertEqual(try Place.fetchCursor(statement, arguments: [2]).next(), london)
            // Without arguments, the statement runs again with the last ones.
            XCTAssertEqual(try Place.fetchAll(statement), [london])
            XCTAssertEqual(sqlQueries, Array(repeating: "SELECT * FROM places WHERE id = ?", count: 5))
        }
    }

    func testFetchFromStatementWithWrongArgumentsThrows() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            let statement = try db.makeStatement(sql: "SELECT * FROM places WHERE id = ?")
            XCTAssertThrowsError(try Place.fetchAll(statement, arguments: [1, 2])) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error.sql, "SELECT * FROM places WHERE id = ?")
            }
        }
    }

    // MARK: - From requests

    func testFetchFromSQLRequest() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            let request: SQLRequest<Place> = "SELECT * FROM places WHERE title = \("Rome")"
            XCTAssertEqual(try request.fetchAll(db), [rome])
            XCTAssertEqual(try request.fetchOne(db), rome)
            XCTAssertEqual(try request.fetchCursor(db).next(), rome)
            XCTAssertEqual(try Place.fetchAll(db, request), [rome])
            XCTAssertEqual(try Place.fetchOne(db, request), rome)
            XCTAssertEqual(try Array(Place.fetchCursor(db, request)), [rome])
            // SQL requests run as written: no LIMIT 1 for fetchOne.
            XCTAssertEqual(Set(sqlQueries), ["SELECT * FROM places WHERE title = ?"])
        }
    }

    func testFetchFromQueryInterfaceRequest() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            let request = Place.filter(Place.Columns.latitude > 45).order(Place.Columns.title)
            XCTAssertEqual(try request.fetchAll(db), [london, paris])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places" WHERE "latitude" > ? ORDER BY "title""#)
            XCTAssertEqual(try Place.fetchAll(db, request), [london, paris])
            XCTAssertEqual(try Array(request.fetchCursor(db)), [london, paris])
            XCTAssertEqual(try Place.order(Place.Columns.title).asRequest(of: Name.self).fetchSet(db).count, 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places" ORDER BY "title""#)
        }
    }

    func testFetchOneFromQueryInterfaceRequestAddsLimitOne() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Place.order(Place.Columns.title.desc).fetchOne(db), rome)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places" ORDER BY "title" DESC LIMIT 1"#)
            XCTAssertEqual(try Place.fetchOne(db, Place.order(Place.Columns.title)), london)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places" ORDER BY "title" LIMIT 1"#)
            // An explicit limit is kept.
            XCTAssertEqual(try Place.order(Place.Columns.title).limit(2, offset: 1).fetchOne(db), paris)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places" ORDER BY "title" LIMIT 2 OFFSET 1"#)
        }
    }

    func testStaticFetchMethodsFetchTheWholeTable() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Place.fetchAll(db).count, 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places""#)
            XCTAssertEqual(try Name.fetchSet(db).map(\.title).sorted(), ["London", "Paris", "Rome"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places""#)
            XCTAssertEqual(try Array(Place.fetchCursor(db)).count, 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places""#)
            XCTAssertNotNil(try Place.fetchOne(db))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "places" LIMIT 1"#)
        }
    }

    func testStaticFetchOneOnEmptyTableReturnsNil() throws {
        let dbQueue = try makePlaces()
        try dbQueue.write { db in
            try Place.deleteAll(db)
            XCTAssertNil(try Place.fetchOne(db))
            XCTAssertEqual(try Place.fetchAll(db), [])
        }
    }

    func testRecordsFetchedWithTableRecordUseItsSelection() throws {
        struct Title: FetchableRecord, TableRecord {
            static let databaseTableName = "places"
            static var databaseSelection: [any SQLSelectable] { [Column("title")] }
            var title: String
            init(row: Row) {
                XCTAssertEqual(row.count, 1)
                title = row["title"]
            }
        }
        let dbQueue = try makePlaces()
        let titles = try dbQueue.inDatabase { db in try Title.order(Column("id")).fetchAll(db).map(\.title) }
        XCTAssertEqual(titles, ["Paris", "London", "Rome"])
        XCTAssertEqual(lastSQLQuery, #"SELECT "title" FROM "places" ORDER BY "id""#)
    }

    // MARK: - Errors

    func testErrorOfInitRowIsRethrown() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Failing.fetchAll(db, sql: "SELECT * FROM places")) { error in
                XCTAssertTrue(error is DecodingFailure, "\(error)")
            }
            XCTAssertThrowsError(try Failing.fetchOne(db, sql: "SELECT * FROM places")) { error in
                XCTAssertTrue(error is DecodingFailure, "\(error)")
            }
            // No row: init(row:) is not called.
            XCTAssertNil(try Failing.fetchOne(db, sql: "SELECT * FROM places WHERE 0"))
        }
    }

    func testRowDecodingErrorOfInitRowNamesColumnAndSQL() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Name.fetchAll(db, sql: "SELECT id FROM places")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "title")
                XCTAssertEqual(error.sql, "SELECT id FROM places")
            }
        }
    }

    func testSQLErrorIsThrownByFetchMethods() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            XCTAssertThrowsError(try Place.fetchAll(db, sql: "SELECT * FROM nowhere")) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error.sql, "SELECT * FROM nowhere")
            }
        }
    }

    func testCursorUsedOutsideOfItsAccessThrows() throws {
        let dbQueue = try makePlaces()
        let cursor = try dbQueue.inDatabase { db in try Place.fetchCursor(db, sql: "SELECT * FROM places") }
        XCTAssertThrowsError(try cursor.next()) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
        }
    }

    func testStatementIsReusableAfterRecordCursorIsDone() throws {
        let dbQueue = try makePlaces()
        try dbQueue.inDatabase { db in
            let cursor = try Place.fetchCursor(db, sql: "SELECT * FROM places")
            _ = try cursor.next()
            // The statement of the unfinished cursor is not reused...
            XCTAssertEqual(try Place.fetchAll(db, sql: "SELECT * FROM places").count, 3)
            // ...and the cursor goes on.
            XCTAssertEqual(try cursor.next()?.id, 2)
        }
    }
}
