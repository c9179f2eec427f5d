import Folio
import Foundation
import XCTest

final class DatabaseValueTests: FolioTestCase {
    func testIntegersAndDoublesRepresentingTheSameNumberAreEqualWithEqualHashes() {
        let pairs: [(DatabaseValue, DatabaseValue)] = [
            (1.databaseValue, 1.0.databaseValue),
            (0.databaseValue, (-0.0).databaseValue),
            ((-42).databaseValue, (-42.0).databaseValue),
            (Int64(1 << 53).databaseValue, Double(1 << 53).databaseValue),
            (Int64.min.databaseValue, Double(Int64.min).databaseValue),
        ]
        for (int, double) in pairs {
            XCTAssertEqual(int, double)
            XCTAssertEqual(double, int)
            XCTAssertEqual(int.hashValue, double.hashValue, "\(int) \(double)")
            XCTAssertEqual(Set([int, double]).count, 1)
        }
    }

    func testDifferentNumbersAreNotEqual() {
        XCTAssertNotEqual(1.databaseValue, 1.5.databaseValue)
        XCTAssertNotEqual(Int64.max.databaseValue, Double(Int64.max).databaseValue) // 2^63 is not Int64.max
        XCTAssertNotEqual(Int64((1 << 53) + 1).databaseValue, Double((1 << 53) + 1).databaseValue)
        XCTAssertNotEqual(Double.nan.databaseValue, Double.nan.databaseValue)
        XCTAssertEqual(Double.infinity.databaseValue, Double.infinity.databaseValue)
        XCTAssertNotEqual(Double.infinity.databaseValue, Int64.max.databaseValue)
    }

    func testStorageClassesOtherThanNumbersNeverCompareEqualAcrossClasses() {
        XCTAssertNotEqual("1".databaseValue, 1.databaseValue)
        XCTAssertNotEqual(Data("a".utf8).databaseValue, "a".databaseValue)
        XCTAssertNotEqual(DatabaseValue.null, 0.databaseValue)
        XCTAssertNotEqual(DatabaseValue.null, "".databaseValue)
        XCTAssertNotEqual(Data().databaseValue, DatabaseValue.null)
        XCTAssertEqual(DatabaseValue.null, DatabaseValue.null)
        XCTAssertEqual(DatabaseValue.null, nil)
        XCTAssertEqual("é".databaseValue, "é".databaseValue)
        XCTAssertEqual(Set([DatabaseValue.null, .null, "a".databaseValue, "a".databaseValue, Data([1]).databaseValue]).count, 3)
    }

    func testDatabaseValueReadsEveryStorageClass() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT NULL, 1, 1.5, 'text', X'0102', X'', ''"
            let expected: [DatabaseValue] = [
                .null, DatabaseValue(storage: .int64(1)), DatabaseValue(storage: .double(1.5)),
                DatabaseValue(storage: .string("text")), DatabaseValue(storage: .blob(Data([1, 2]))),
                DatabaseValue(storage: .blob(Data())), DatabaseValue(storage: .string("")),
            ]
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            XCTAssertEqual(Array(row.databaseValues), expected)
            XCTAssertEqual(row.databaseValues.map(\.storageClassName), ["null", "integer", "real", "text", "blob", "blob", "text"])
            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            XCTAssertEqual(Array(liveRow.databaseValues), expected)
            XCTAssertEqual(liveRow.databaseValues.map(\.storageClassName), ["null", "integer", "real", "text", "blob", "blob", "text"])
            XCTAssertEqual(try DatabaseValue.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 2"), [.null, 2.databaseValue])
            // fetchOne returns NULL as a value, as GRDB does: nil means
            // no row.
            XCTAssertEqual(try DatabaseValue.fetchOne(db, sql: "SELECT NULL"), .null)
            XCTAssertEqual(row[0] as DatabaseValue, .null)
            XCTAssertTrue((row[0] as DatabaseValue).isNull)
        }
    }

    func testDatabaseValueRoundTripsAsItself() throws {
        try assertRoundTrip(DatabaseValue(storage: .int64(1)), stores: DatabaseValue(storage: .int64(1)))
        try assertRoundTrip(DatabaseValue(storage: .string("x")), stores: "x".databaseValue)
        try assertRoundTrip(DatabaseValue(storage: .blob(Data([9]))), stores: Data([9]).databaseValue)
    }

    func testDescriptionIsAnSQLLiteral() {
        XCTAssertEqual(DatabaseValue.null.description, "NULL")
        XCTAssertEqual(42.databaseValue.description, "42")
        XCTAssertEqual(1.5.databaseValue.description, "1.5")
        XCTAssertEqual("O'Brien".databaseValue.description, #""O\'Brien""#)
        XCTAssertEqual("foo\n".databaseValue.description, #""foo\n""#)
        XCTAssertEqual(Data([0x00, 0xAB, 0x0F]).databaseValue.description, "Data(3 bytes)")
    }

    func testInitFromValue() {
        // GRDB's init?(value: Any): nil unless the value is convertible.
        XCTAssertEqual(DatabaseValue(value: 42), 42.databaseValue)
        XCTAssertEqual(DatabaseValue(value: "a" as String? as Any), "a".databaseValue)
        XCTAssertEqual(DatabaseValue(value: nil as Int? as Any), .null)
    }
}
