import Folio
import XCTest

final class IntegerValueTests: FolioTestCase {
    // MARK: - Round trips and boundaries

    func testSignedIntegersRoundTripAtTheirBoundaries() throws {
        try assertRoundTrip(Int8.min, stores: DatabaseValue(storage: .int64(-128)))
        try assertRoundTrip(Int8.max, stores: DatabaseValue(storage: .int64(127)))
        try assertRoundTrip(Int16.min, stores: DatabaseValue(storage: .int64(-32_768)))
        try assertRoundTrip(Int16.max, stores: DatabaseValue(storage: .int64(32_767)))
        try assertRoundTrip(Int32.min, stores: DatabaseValue(storage: .int64(-2_147_483_648)))
        try assertRoundTrip(Int32.max, stores: DatabaseValue(storage: .int64(2_147_483_647)))
        try assertRoundTrip(Int64.min, stores: DatabaseValue(storage: .int64(Int64.min)))
        try assertRoundTrip(Int64.max, stores: DatabaseValue(storage: .int64(Int64.max)))
        try assertRoundTrip(Int.min, stores: DatabaseValue(storage: .int64(Int64.min)))
        try assertRoundTrip(Int.max, stores: DatabaseValue(storage: .int64(Int64.max)))
        try assertRoundTrip(0, stores: DatabaseValue(storage: .int64(0)))
        try assertRoundTrip(-1, stores: DatabaseValue(storage: .int64(-1)))
    }

    func testUnsignedIntegersRoundTripAtTheirBoundaries() throws {
        try assertRoundTrip(UInt8.min, stores: DatabaseValue(storage: .int64(0)))
        try assertRoundTrip(UInt8.max, stores: DatabaseValue(storage: .int64(255)))
        try assertRoundTrip(UInt16.max, stores: DatabaseValue(storage: .int64(65_535)))
        try assertRoundTrip(UInt32.max, stores: DatabaseValue(storage: .int64(4_294_967_295)))
        try assertRoundTrip(UInt64.min, stores: DatabaseValue(storage: .int64(0)))
        // The largest UInt64 an SQLite INTEGER (signed 64-bit) can hold.
        try assertRoundTrip(UInt64(Int64.max), stores: DatabaseValue(storage: .int64(Int64.max)))
        try assertRoundTrip(UInt(Int64.max), stores: DatabaseValue(storage: .int64(Int64.max)))
    }

    func testIntegerColumnAffinityKeepsIntegers() throws {
        try assertRoundTrip(Int64.max, stores: DatabaseValue(storage: .int64(Int64.max)), columnType: "INTEGER")
        try assertRoundTrip(Int8.min, stores: DatabaseValue(storage: .int64(-128)), columnType: "NUMERIC")
    }

    func testRealColumnStoresIntegersAsDoublesThatReadBack() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (value REAL)")
            try db.execute(sql: "INSERT INTO t (value) VALUES (?)", arguments: [42])
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT typeof(value) FROM t"), "real")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT value FROM t"), 42)
            XCTAssertEqual(try Int8.fetchOne(db, sql: "SELECT value FROM t"), 42)
        }
    }

    // MARK: - Overflow and mismatches on read

    func testReadingAnIntegerOutOfRangeThrowsInsteadOfWrapping() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 300 AS value, -1 AS negative, 2147483648 AS big"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            XCTAssertEqual(row["value"] as Int, 300)
            XCTAssertEqual(row["value"] as Int16, 300)
            XCTAssertEqual(row["big"] as Int64, 2_147_483_648)

            let error = assertThrowsRowDecodingError(try row.decode(Int8.self, forColumn: "value"))
            XCTAssertEqual(error?.reason, .valueMismatch)
            XCTAssertEqual(error?.column, "value")
            XCTAssertEqual(error?.sql, sql)
            XCTAssertEqual(error?.databaseValue, 300.databaseValue)
            XCTAssertEqual(error?.description, #"could not decode Int8 from database value 300 - column: "value", column index: 0, row: [value:300 negative:-1 big:2147483648], sql: `SELECT 300 AS value, -1 AS negative, 2147483648 AS big`"#)

            assertThrowsRowDecodingError(try row.decode(UInt8.self, forColumn: "value"))
            assertThrowsRowDecodingError(try row.decode(UInt8?.self, forColumn: "value"))
            assertThrowsRowDecodingError(try row.decode(UInt.self, forColumn: "negative"))
            assertThrowsRowDecodingError(try row.decode(UInt64.self, forColumn: "negative"))
            assertThrowsRowDecodingError(try row.decode(Int32.self, forColumn: "big"))
            assertThrowsRowDecodingError(try row.decode(UInt32.self, atIndex: 1))
            XCTAssertEqual(try row.decode(UInt32.self, forColumn: "big"), 2_147_483_648)

            // Through DatabaseValue, fetchOne and fetchAll too.
            XCTAssertNil(Int8.fromDatabaseValue(300.databaseValue))
            assertThrowsRowDecodingError(try Int8.fetchOne(db, sql: "SELECT 300"))
            assertThrowsRowDecodingError(try Int8.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 300"))
            assertThrowsRowDecodingError(try UInt16.fetchAll(db, sql: "SELECT -1"))
        }
    }

    func testReadingOutOfRangeFromALiveCursorRowThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 127 UNION ALL SELECT 128")
            let first = try XCTUnwrap(cursor.next())
            XCTAssertEqual(try first.decode(Int8.self, atIndex: 0), 127)
            let second = try XCTUnwrap(cursor.next())
            let error = assertThrowsRowDecodingError(try second.decode(Int8.self, atIndex: 0))
            XCTAssertEqual(error?.sql, "SELECT 127 UNION ALL SELECT 128")
            XCTAssertEqual(error?.databaseValue, 128.databaseValue)
        }
    }

    func testUInt64AboveInt64MaxIsRefusedOnRead() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            // SQLite parses integer literals above Int64.max as REAL.
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT typeof(18446744073709551615)"), "real")
            // UInt64.max as a double is 2^64, which does not fit UInt64.
            assertThrowsRowDecodingError(try UInt64.fetchOne(db, sql: "SELECT 18446744073709551615"))
            assertThrowsRowDecodingError(try UInt64.fetchOne(db, sql: "SELECT 1e30"))
            assertThrowsRowDecodingError(try Int64.fetchOne(db, sql: "SELECT 9223372036854775808"))
            // 2^63 is exact in a double, and fits UInt64.
            XCTAssertEqual(try UInt64.fetchOne(db, sql: "SELECT 9223372036854775808"), 9_223_372_036_854_775_808)
        }
        XCTAssertNil(UInt64.fromDatabaseValue(DatabaseValue(storage: .double(18_446_744_073_709_551_616.0))))
        XCTAssertNil(Int64.fromDatabaseValue(DatabaseValue(storage: .double(9_223_372_036_854_775_808.0))))
        XCTAssertEqual(Int64.fromDatabaseValue(DatabaseValue(storage: .double(-9_223_372_036_854_775_808.0))), Int64.min)
    }

    func testDoublesConvertToIntegersByTruncation() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT 1.9"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT -1.9"), -1)
            XCTAssertEqual(try UInt8.fetchOne(db, sql: "SELECT 255.5"), 255)
            assertThrowsRowDecodingError(try UInt8.fetchOne(db, sql: "SELECT 256.0"))
            // Infinities never convert to integers.
            assertThrowsRowDecodingError(try Int64.fetchOne(db, sql: "SELECT 1e999"))
            assertThrowsRowDecodingError(try Int64.fetchOne(db, sql: "SELECT -1e999"))
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 2.5"))
            XCTAssertEqual(row[0] as Int, 2)
            XCTAssertEqual(try row.decode(Int16.self, atIndex: 0), 2)
        }
    }

    /// A copied row converts with `fromDatabaseValue(_:)`, which refuses
    /// text; a statement column lets SQLite's conversion of a text that
    /// starts with a number go through (see SQLiteConvenienceConversionsTests).
    func testTextAndBlobOfCopiedRowsDoNotConvertToIntegers() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT '12' AS text, X'01' AS blob, '20 small cigars' AS junk, 'abc' AS word"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            let error = assertThrowsRowDecodingError(try row.decode(Int.self, forColumn: "text"))
            XCTAssertEqual(error?.reason, .valueMismatch)
            XCTAssertEqual(error?.description, #"could not decode Int from database value "12" - column: "text", column index: 0, row: [text:"12" blob:Data(1 bytes) junk:"20 small cigars" word:"abc"], sql: `SELECT '12' AS text, X'01' AS blob, '20 small cigars' AS junk, 'abc' AS word`"#)
            assertThrowsRowDecodingError(try row.decode(Int.self, forColumn: "blob"))
            assertThrowsRowDecodingError(try row.decode(Int64.self, forColumn: "junk"))
            assertThrowsRowDecodingError(try row.decode(Int?.self, forColumn: "junk"))

            // Statement columns: the text converts, a blob or a word
            // without a number does not.
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT '12'"), [12])
            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            XCTAssertEqual(try liveRow.decode(Int.self, atIndex: 0), 12)
            XCTAssertEqual(try liveRow.decode(Int64.self, atIndex: 2), 20)
            assertThrowsRowDecodingError(try liveRow.decode(UInt8.self, atIndex: 1))
            let wordError = assertThrowsRowDecodingError(try liveRow.decode(Int.self, atIndex: 3))
            XCTAssertEqual(wordError?.column, "word")
            XCTAssertEqual(wordError?.reason, .valueMismatch)
        }
    }

    func testNullDoesNotConvertToIntegers() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS score"))
            XCTAssertNil(row["score"] as Int?)
            XCTAssertNil(try row.decode(Int8?.self, forColumn: "score"))
            let error = assertThrowsRowDecodingError(try row.decode(Int.self, forColumn: "score"))
            XCTAssertEqual(error?.description, #"could not decode Int from database value NULL - column: "score", column index: 0, row: [score:NULL], sql: `SELECT NULL AS score`"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT NULL"), nil)
            XCTAssertEqual(try Int?.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 1"), [nil, 1])
            assertThrowsRowDecodingError(try Int.fetchAll(db, sql: "SELECT NULL"))
        }
    }

    // MARK: - Bool

    func testBoolStoresZeroAndOne() throws {
        try assertRoundTrip(true, stores: DatabaseValue(storage: .int64(1)))
        try assertRoundTrip(false, stores: DatabaseValue(storage: .int64(0)))
    }

    func testBoolReadsZeroAsTheOnlyFalseNumber() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0, 1, 2, -1, 0.0, 0.5, 'true', NULL"))
            XCTAssertEqual(row[0] as Bool, false)
            XCTAssertEqual(row[1] as Bool, true)
            XCTAssertEqual(row[2] as Bool, true)
            XCTAssertEqual(row[3] as Bool, true)
            XCTAssertEqual(row[4] as Bool, false)
            XCTAssertEqual(row[5] as Bool, true)
            assertThrowsRowDecodingError(try row.decode(Bool.self, atIndex: 6))
            XCTAssertNil(row[7] as Bool?)
            assertThrowsRowDecodingError(try row.decode(Bool.self, atIndex: 7))
            XCTAssertEqual(try Bool.fetchAll(db, sql: "SELECT 0 UNION ALL SELECT 3"), [false, true])
        }
    }
}
