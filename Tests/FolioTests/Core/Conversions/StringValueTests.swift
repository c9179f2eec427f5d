import Folio
import XCTest

final class StringValueTests: FolioTestCase {
    func testStringRoundTrips() throws {
        try assertRoundTrip("Arthur", stores: DatabaseValue(storage: .string("Arthur")))
        try assertRoundTrip("", stores: DatabaseValue(storage: .string("")))
        try assertRoundTrip("O'Brien \"quoted\" ; -- not a comment", stores: DatabaseValue(storage: .string("O'Brien \"quoted\" ; -- not a comment")))
        try assertRoundTrip("line\nbreak\ttab", stores: DatabaseValue(storage: .string("line\nbreak\ttab")))
    }

    func testUnicodeRoundTripsByteForByte() throws {
        let strings = ["Élodie", "日本語", "👩‍👩‍👧‍👦 family", "Z\u{0308}alg\u{0301}o", "\u{FEFF}bom", "nul\u{0}inside"]
        for string in strings {
            try assertRoundTrip(string, stores: DatabaseValue(storage: .string(string)))
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            // SQLite counts characters, and keeps the exact UTF-8 bytes.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT length(?)", arguments: ["日本語"]), 3)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT length(CAST(? AS BLOB))", arguments: ["日本語"]), 9)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT ? || ?", arguments: ["é", "👍"]), "é👍")
        }
    }

    func testDecomposedAndPrecomposedStringsStayDistinct() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (value TEXT)")
            try db.execute(sql: "INSERT INTO t VALUES (?), (?)", arguments: ["\u{E9}", "e\u{301}"])
            // Swift says equal, SQLite compares bytes: both are stored.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT value) FROM t"), 2)
            let lengths = try Int.fetchAll(db, sql: "SELECT length(CAST(value AS BLOB)) FROM t ORDER BY rowid")
            XCTAssertEqual(lengths, [2, 3])
        }
    }

    func testNumbersAndBlobsDoNotConvertToStrings() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 1 AS int, 1.5 AS double, X'41' AS blob, NULL AS absent"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            let error = assertThrowsRowDecodingError(try row.decode(String.self, forColumn: "int"))
            XCTAssertEqual(error?.description, #"could not decode String from database value 1 - column: "int", column index: 0, row: [int:1 double:1.5 blob:Data(1 bytes) absent:NULL], sql: `SELECT 1 AS int, 1.5 AS double, X'41' AS blob, NULL AS absent`"#)
            assertThrowsRowDecodingError(try row.decode(String.self, forColumn: "double"))
            XCTAssertEqual(try row.decode(String.self, forColumn: "blob"), "A")
            assertThrowsRowDecodingError(try row.decode(String.self, forColumn: "absent"))
            XCTAssertNil(row["absent"] as String?)

            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            // A statement row lets SQLite's convenience conversion go
            // through, as GRDB does (README, "Values").
            XCTAssertEqual(try liveRow.decode(String.self, forColumn: "int"), "1")
            XCTAssertEqual(try liveRow.decode(String.self, forColumn: "double"), "1.5")
            XCTAssertEqual(try liveRow.decode(String.self, forColumn: "blob"), "A")
            XCTAssertNil(try liveRow.decode(String?.self, forColumn: "absent"))
        }
    }
}
