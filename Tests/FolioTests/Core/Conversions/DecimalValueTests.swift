import Folio
import Foundation
import XCTest

final class DecimalValueTests: FolioTestCase {
    func testDecimalIsStoredAsText() throws {
        try assertRoundTrip(Decimal(10), stores: "10".databaseValue)
        try assertRoundTrip(Decimal(string: "10.5")!, stores: "10.5".databaseValue)
        try assertRoundTrip(Decimal(string: "-0.001")!, stores: "-0.001".databaseValue)
        // More digits than a double holds.
        let precise = Decimal(string: "12345678901234567890.123456789")!
        try assertRoundTrip(precise, stores: "12345678901234567890.123456789".databaseValue)
        try assertRoundTrip(Decimal(0), stores: "0".databaseValue)
    }

    func testDecimalReadsNumbersAndDecimalText() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT -100"), Decimal(-100))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT 1.23"), Decimal(string: "1.23"))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT '-100'"), Decimal(-100))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT '+1.5e3'"), Decimal(1_500))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT '.5'"), Decimal(string: "0.5"))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT '5.'"), Decimal(5))
            XCTAssertEqual(try Decimal.fetchOne(db, sql: "SELECT 9223372036854775807"), Decimal(Int64.max))
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT '12345678901234567890.123456789' AS amount"))
            XCTAssertEqual(row["amount"] as Decimal, Decimal(string: "12345678901234567890.123456789"))
        }
    }

    func testInvalidDecimalTextThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            for text in ["", "10 euros", "1,5", "NaN", "inf", "1e", "1e+", "--1", "+", ".", "1.2.3", " 1", "1 ", "0x10"] {
                XCTAssertNil(Decimal.fromDatabaseValue(text.databaseValue), text)
                let error = assertThrowsRowDecodingError(try Decimal.fetchOne(db, sql: "SELECT ? AS amount", arguments: [text]))
                XCTAssertEqual(error?.column, "amount", text)
                XCTAssertEqual(error?.sql, "SELECT ? AS amount", text)
            }
            assertThrowsRowDecodingError(try Decimal.fetchOne(db, sql: "SELECT X'31'"))
            assertThrowsRowDecodingError(try Decimal.fetchOne(db, sql: "SELECT 1e999"))
            XCTAssertNil(try Decimal.fetchOne(db, sql: "SELECT NULL"))
        }
    }

    // MARK: - NSNumber and NSDecimalNumber

    func testNSNumberIsStoredAsIntegerOrReal() throws {
        try assertRoundTrip(NSNumber(value: 10), stores: DatabaseValue(storage: .int64(10)))
        try assertRoundTrip(NSNumber(value: 10.5), stores: DatabaseValue(storage: .double(10.5)))
        try assertRoundTrip(NSNumber(value: Int64.min), stores: DatabaseValue(storage: .int64(Int64.min)))
        try assertRoundTrip(NSNumber(value: true), stores: DatabaseValue(storage: .int64(1)))
        try assertRoundTrip(NSNumber(value: Float(1.5)), stores: DatabaseValue(storage: .double(1.5)))
        try assertRoundTrip(NSNumber(value: UInt32.max), stores: DatabaseValue(storage: .int64(4_294_967_295)))
        // A number 10.0 is a REAL 10.0, not an INTEGER.
        XCTAssertEqual(NSNumber(value: 10.0).databaseValue.storageClassName, "real")
        // Unsigned integers above Int64.max do not fit INTEGER: REAL.
        XCTAssertEqual(NSNumber(value: UInt64.max).databaseValue, DatabaseValue(storage: .double(18_446_744_073_709_551_615.0)))
        XCTAssertEqual(NSNumber(value: UInt64(Int64.max)).databaseValue, DatabaseValue(storage: .int64(Int64.max)))
    }

    func testNSDecimalNumberIsStoredAsIntegerWhenWhole() throws {
        XCTAssertEqual(NSDecimalNumber(string: "10.0").databaseValue, DatabaseValue(storage: .int64(10)))
        XCTAssertEqual(NSDecimalNumber(string: "-42").databaseValue, DatabaseValue(storage: .int64(-42)))
        XCTAssertEqual(NSDecimalNumber(string: "10.5").databaseValue, DatabaseValue(storage: .double(10.5)))
        XCTAssertEqual(NSDecimalNumber(string: "1e30").databaseValue, DatabaseValue(storage: .double(1e30)))
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE transfer (amount)")
            try db.execute(sql: "INSERT INTO transfer VALUES (?)", arguments: [NSDecimalNumber(string: "10.0")])
            try db.execute(literal: "INSERT INTO transfer VALUES (\(NSDecimalNumber(string: "10.5")))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO transfer VALUES (?)")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT typeof(amount) FROM transfer ORDER BY rowid"), ["integer", "real"])
            let amounts = try NSDecimalNumber.fetchAll(db, sql: "SELECT amount FROM transfer ORDER BY rowid")
            XCTAssertEqual(amounts, [NSDecimalNumber(string: "10"), NSDecimalNumber(string: "10.5")])
        }
    }

    func testNSNumberReadsNumbersAndDecimalText() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 10, 1.5, '10', '1.23', 'ten', X'00', NULL"))
            XCTAssertEqual(row[0] as NSNumber, NSNumber(value: 10))
            XCTAssertEqual(row[1] as NSNumber, NSNumber(value: 1.5))
            // Text reads as NSDecimalNumber, even when asking for NSNumber.
            let ten = row[2] as NSNumber
            XCTAssertTrue(ten is NSDecimalNumber)
            XCTAssertEqual(ten.decimalValue, Decimal(10))
            XCTAssertEqual((row[3] as NSDecimalNumber).decimalValue, Decimal(string: "1.23"))
            XCTAssertEqual(row[0] as NSDecimalNumber, NSDecimalNumber(value: 10))
            XCTAssertEqual((row[1] as NSDecimalNumber).doubleValue, 1.5)
            assertThrowsRowDecodingError(try row.decode(NSNumber.self, atIndex: 4))
            assertThrowsRowDecodingError(try row.decode(NSNumber.self, atIndex: 5))
            assertThrowsRowDecodingError(try row.decode(NSNumber.self, atIndex: 6))
            XCTAssertNil(row[6] as NSNumber?)
        }
    }
}
