import Folio
import XCTest

final class FloatingPointValueTests: FolioTestCase {
    func testDoubleRoundTripsIncludingExtremes() throws {
        try assertRoundTrip(0.0, stores: DatabaseValue(storage: .double(0)))
        try assertRoundTrip(-1.5, stores: DatabaseValue(storage: .double(-1.5)))
        try assertRoundTrip(Double.pi, stores: DatabaseValue(storage: .double(.pi)))
        try assertRoundTrip(Double.greatestFiniteMagnitude, stores: DatabaseValue(storage: .double(.greatestFiniteMagnitude)))
        try assertRoundTrip(-Double.greatestFiniteMagnitude, stores: DatabaseValue(storage: .double(-.greatestFiniteMagnitude)))
        try assertRoundTrip(Double.leastNonzeroMagnitude, stores: DatabaseValue(storage: .double(.leastNonzeroMagnitude)))
        try assertRoundTrip(Double.infinity, stores: DatabaseValue(storage: .double(.infinity)))
        try assertRoundTrip(-Double.infinity, stores: DatabaseValue(storage: .double(-.infinity)))
    }

    func testFloatRoundTrips() throws {
        try assertRoundTrip(Float(1.5), stores: DatabaseValue(storage: .double(1.5)))
        try assertRoundTrip(Float.greatestFiniteMagnitude, stores: DatabaseValue(storage: .double(Double(Float.greatestFiniteMagnitude))))
        try assertRoundTrip(Float.infinity, stores: DatabaseValue(storage: .double(.infinity)))
        // 0.1 as a Float is not 0.1 as a Double: the stored double is the
        // exact value of the Float, which reads back exactly.
        try assertRoundTrip(Float(0.1), stores: DatabaseValue(storage: .double(Double(Float(0.1)))))
    }

    func testNaNIsStoredAsNullAsSQLiteDoes() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (value)")
            try db.execute(sql: "INSERT INTO t (value) VALUES (?)", arguments: [Double.nan])
            try db.execute(literal: "INSERT INTO t (value) VALUES (\(Float.nan))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO t (value) VALUES (?)")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT typeof(value) FROM t"), ["null", "null"])
            XCTAssertEqual(try Double?.fetchAll(db, sql: "SELECT value FROM t"), [nil, nil])
            assertThrowsRowDecodingError(try Double.fetchAll(db, sql: "SELECT value FROM t"))
        }
    }

    func testInfinityIsStoredAsRealAndComparesInSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (value REAL)")
            try db.execute(sql: "INSERT INTO t (value) VALUES (?), (?), (?)", arguments: [Double.infinity, 1e308, -Double.infinity])
            XCTAssertEqual(try Double.fetchAll(db, sql: "SELECT value FROM t ORDER BY value"), [-.infinity, 1e308, .infinity])
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT 1e999"), .infinity)
        }
    }

    func testIntegersConvertToDoubles() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 42, 9223372036854775807"))
            XCTAssertEqual(row[0] as Double, 42)
            XCTAssertEqual(row[0] as Float, 42)
            XCTAssertEqual(try row.decode(Double.self, atIndex: 1), 9_223_372_036_854_775_807.0)
            XCTAssertEqual(try Double.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2.5"), [1, 2.5])
        }
    }

    func testTextBlobAndNullDoNotConvertToDoubles() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT '1.5' AS text, X'00' AS blob, NULL AS absent"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            let error = assertThrowsRowDecodingError(try row.decode(Double.self, forColumn: "text"))
            XCTAssertEqual(error?.column, "text")
            XCTAssertEqual(error?.sql, sql)
            assertThrowsRowDecodingError(try row.decode(Float.self, forColumn: "blob"))
            assertThrowsRowDecodingError(try row.decode(Double.self, forColumn: "absent"))
            XCTAssertNil(try row.decode(Double?.self, forColumn: "absent"))

            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            // A statement row lets SQLite's convenience conversion of a
            // text that starts with a number go through, as GRDB does.
            XCTAssertEqual(try liveRow.decode(Double.self, atIndex: 0), 1.5)
            assertThrowsRowDecodingError(try liveRow.decode(Float.self, atIndex: 1))
            XCTAssertNil(liveRow[2] as Double?)
        }
    }
}
