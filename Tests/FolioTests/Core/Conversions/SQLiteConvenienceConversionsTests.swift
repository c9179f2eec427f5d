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

    /// README, "Values": `'20 small cigars'` is 20 when read as an `Int`
    /// from a statement column, for every integer type, in rows of a
    /// cursor, value fetches and records.
    func testRowsOfACursorConvertTextToIntegers() throws {
        try makeDatabaseQueue().read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT '20 small cigars' AS a, ' -7' AS b, '3.9 m' AS c, '300' AS d, NULL AS e")
            let row = try XCTUnwrap(rows.next())
            XCTAssertEqual(row["a"] as Int, 20)
            XCTAssertEqual(row[0] as Int, 20)
            XCTAssertEqual(row["a"] as Int?, 20)
            XCTAssertEqual(row["a"] as Int8, 20)
            XCTAssertEqual(row["a"] as Int16, 20)
            XCTAssertEqual(row["a"] as Int32, 20)
            XCTAssertEqual(row["a"] as Int64, 20)
            XCTAssertEqual(row["a"] as UInt, 20)
            XCTAssertEqual(row["a"] as UInt8, 20)
            XCTAssertEqual(row["a"] as UInt16, 20)
            XCTAssertEqual(row["a"] as UInt32, 20)
            XCTAssertEqual(row["a"] as UInt64, 20)
            XCTAssertEqual(row["b"] as Int, -7)
            XCTAssertEqual(row["c"] as Int, 3)
            XCTAssertEqual(try row.decode(Int.self, forColumn: "a"), 20)
            XCTAssertEqual(try row.decode(Int?.self, atIndex: 0), 20)
            XCTAssertNil(row["e"] as Int?)
            // Out of the range of the type: an error, never a wrapped value.
            XCTAssertThrowsError(try row.decode(UInt8.self, forColumn: "d")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.column, "d")
            }
            XCTAssertThrowsError(try row.decode(UInt.self, forColumn: "b"))
        }
    }

    func testValueFetchesConvertTextToIntegers() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT '20 small cigars'"), 20)
            XCTAssertEqual(try Int?.fetchOne(db, sql: "SELECT '20 small cigars'"), .some(20))
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT '1' UNION ALL SELECT 2 UNION ALL SELECT '3 three'"), [1, 2, 3])
            XCTAssertEqual(try Int?.fetchAll(db, sql: "SELECT '8' UNION ALL SELECT NULL"), [8, nil])
            XCTAssertEqual(try Array(UInt16.fetchCursor(db, sql: "SELECT '7 days'")), [7])
            XCTAssertEqual(try Set(Int32.fetchSet(db, sql: "SELECT '5'")), [5])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT ?", arguments: ["42"]), 42)
        }
    }

    func testRecordsConvertTextToIntegers() throws {
        struct Player: Decodable, FetchableRecord, Equatable {
            var score: Int
            var bonus: Int?
            var rank: UInt8
        }
        struct HandWritten: FetchableRecord, Equatable {
            var score: Int
            var bonus: Int?
            init(score: Int, bonus: Int?) { self.score = score; self.bonus = bonus }
            init(row: Row) throws {
                score = try row.decode(Int.self, forColumn: "score")
                bonus = row["bonus"]
            }
        }
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE player (score, bonus, rank)")
            try db.execute(sql: "INSERT INTO player VALUES ('20 small cigars', '5', '1st')")
            XCTAssertEqual(
                try Player.fetchAll(db, sql: "SELECT * FROM player"),
                [Player(score: 20, bonus: 5, rank: 1)])
            XCTAssertEqual(
                try Player.fetchOne(db, sql: "SELECT * FROM player"),
                Player(score: 20, bonus: 5, rank: 1))
            XCTAssertEqual(
                try HandWritten.fetchAll(db, sql: "SELECT * FROM player"),
                [HandWritten(score: 20, bonus: 5)])
            try db.execute(sql: "UPDATE player SET rank = 'first'")
            XCTAssertThrowsError(try Player.fetchAll(db, sql: "SELECT * FROM player")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.column, "rank")
            }
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
            XCTAssertThrowsError(try Int64.fetchAll(db, sql: "SELECT 'abc'"))
            XCTAssertThrowsError(try Int?.fetchOne(db, sql: "SELECT ''"))
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
