import Folio
import Foundation
import XCTest

/// GRDB's README, "Values": "SQLite has a weak type system, and provides
/// convenience conversions that can turn String to Int, Double to Blob,
/// etc. GRDB will sometimes let those conversions go through": when it
/// reads a statement column (rows of a cursor, value fetches, records).
final class SQLiteConvenienceConversionsTests: FolioTestCase {
    func testRowsOfACursorConvertNumbersToStringAndTextToBool() throws {
        try makeDatabaseQueue().read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT 42 AS int, 1.5 AS real, '0' AS no, '1' AS yes, ' -3' AS negative, '2.5' AS text")
            let row = try XCTUnwrap(rows.next())
            XCTAssertEqual(row["int"] as String, "42")
            XCTAssertEqual(row["real"] as String, "1.5")
            XCTAssertEqual(row["no"] as Bool, false)
            XCTAssertEqual(row["yes"] as Bool, true)
            XCTAssertEqual(row["text"] as Double, 2.5)
            XCTAssertEqual(row["int"] as Data, Data("42".utf8))
            XCTAssertEqual(row["int"] as String?, "42")
        }
    }

    func testValueFetchesConvert() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT 42"), "42")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT 1.5"), ["1.5"])
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT '0'"), false)
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT '3.5 m'"), 3.5)
            XCTAssertEqual(try Array(Double.fetchCursor(db, sql: "SELECT '7'")), [7])
            XCTAssertEqual(try Double?.fetchAll(db, sql: "SELECT '8' UNION ALL SELECT NULL"), [8, nil])
        }
    }

    func testRecordsConvert() throws {
        struct Player: Decodable, FetchableRecord, Equatable {
            var name: String
            var score: Double
            var isActive: Bool
        }
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE player (name, score, isActive)")
            try db.execute(sql: "INSERT INTO player VALUES (42, '1000', '0')")
            XCTAssertEqual(
                try Player.fetchAll(db, sql: "SELECT * FROM player"),
                [Player(name: "42", score: 1000, isActive: false)])
            XCTAssertEqual(
                try Player.fetchOne(db, sql: "SELECT * FROM player"),
                Player(name: "42", score: 1000, isActive: false))
        }
    }

    /// Folio refuses the conversion of a text that holds no number, where
    /// SQLite gives zero: the decoding error names the column.
    func testTextWithoutNumberStillThrows() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT 'abc' AS value")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.column, "value")
            }
            XCTAssertThrowsError(try Double.fetchAll(db, sql: "SELECT 'abc'"))
            XCTAssertThrowsError(try Bool.fetchOne(db, sql: "SELECT 'true'"))
        }
    }

    /// As in GRDB, a row copied out of its statement converts with
    /// `fromDatabaseValue(_:)`, which does not let the conversions through.
    func testCopiedRowsDoNotConvert() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT '20 small cigars' AS a, 42 AS b"))
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: "a"))
            XCTAssertThrowsError(try row.decode(String.self, forColumn: "b"))
            XCTAssertNil(Int.fromDatabaseValue("20".databaseValue))
        }
    }
}
