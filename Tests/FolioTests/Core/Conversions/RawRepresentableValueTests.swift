import Folio
import XCTest

private enum Grape: String, DatabaseValueConvertible {
    case chardonnay, merlot, riesling
}

private enum Color: Int, DatabaseValueConvertible {
    case red, white, rose
}

private enum Level: UInt8, DatabaseValueConvertible {
    case low = 1, high = 200
}

private struct Email: RawRepresentable, Equatable, DatabaseValueConvertible {
    var rawValue: String
}

final class RawRepresentableValueTests: FolioTestCase {
    func testEnumsAreStoredAsTheirRawValues() throws {
        try assertRoundTrip(Grape.merlot, stores: "merlot".databaseValue)
        try assertRoundTrip(Color.rose, stores: DatabaseValue(storage: .int64(2)))
        try assertRoundTrip(Level.high, stores: DatabaseValue(storage: .int64(200)))
        try assertRoundTrip(Email(rawValue: "arthur@example.com"), stores: "arthur@example.com".databaseValue)
    }

    func testEnumsInAWineTable() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE wine (grape TEXT, color INTEGER)")
            try db.execute(sql: "INSERT INTO wine (grape, color) VALUES (?, ?)", arguments: [Grape.merlot, Color.red])
            try db.execute(literal: "INSERT INTO wine (grape, color) VALUES (\(Grape.riesling), \(Color.white))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO wine (grape, color) VALUES (?, ?)")
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM wine ORDER BY rowid")
            XCTAssertEqual(rows.map { $0["grape"] as Grape }, [.merlot, .riesling])
            XCTAssertEqual(rows.map { $0["color"] as Color }, [.red, .white])
            XCTAssertEqual(try Grape.fetchAll(db, sql: "SELECT grape FROM wine ORDER BY rowid"), [.merlot, .riesling])
            XCTAssertEqual(try Color.fetchOne(db, sql: "SELECT color FROM wine ORDER BY rowid DESC"), .white)
        }
    }

    func testUnknownRawValuesThrow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 'syrah' AS grape, 7 AS color, 300 AS level, 1 AS numericGrape"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            XCTAssertEqual(row["grape"] as String, "syrah")
            XCTAssertNil(Grape.fromDatabaseValue(row["grape"] as DatabaseValue))
            let error = assertThrowsRowDecodingError(try row.decode(Grape.self, forColumn: "grape"))
            XCTAssertEqual(error?.reason, .valueMismatch)
            XCTAssertEqual(error?.column, "grape")
            XCTAssertEqual(error?.sql, sql)
            XCTAssertTrue(error?.description.hasPrefix(#"could not decode "#) ?? false)
            XCTAssertTrue(error?.description.contains(#"Grape from database value "syrah" - column: "grape", column index: 0"#) ?? false, error?.description ?? "")
            assertThrowsRowDecodingError(try row.decode(Grape?.self, forColumn: "grape"))
            assertThrowsRowDecodingError(try row.decode(Color.self, forColumn: "color"))
            // Out of the range of the raw type.
            assertThrowsRowDecodingError(try row.decode(Level.self, forColumn: "level"))
            // Wrong storage class for the raw type.
            assertThrowsRowDecodingError(try row.decode(Grape.self, forColumn: "numericGrape"))

            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            assertThrowsRowDecodingError(try liveRow.decode(Grape.self, atIndex: 0))
            assertThrowsRowDecodingError(try Grape.fetchAll(db, sql: "SELECT 'merlot' UNION ALL SELECT 'syrah'"))
            XCTAssertNil(try Grape.fetchOne(db, sql: "SELECT NULL"))
        }
    }
}
