import Folio
import Foundation
import XCTest

final class DatabaseDateComponentsTests: FolioTestCase {
    /// 1973-09-18 10:30:15.123
    let components = DateComponents(year: 1973, month: 9, day: 18, hour: 10, minute: 30, second: 15, nanosecond: 123_456_789)

    func isSame(_ lhs: DatabaseDateComponents, _ rhs: DatabaseDateComponents) -> Bool {
        lhs.format == rhs.format && lhs.dateComponents == rhs.dateComponents
    }

    func testEachFormatIsStoredAsTextAndReadBackInTheSameFormat() throws {
        let expectations: [(DatabaseDateComponents.Format, String, DateComponents)] = [
            (.YMD, "1973-09-18", DateComponents(year: 1973, month: 9, day: 18)),
            (.YMD_HM, "1973-09-18 10:30", DateComponents(year: 1973, month: 9, day: 18, hour: 10, minute: 30)),
            (.YMD_HMS, "1973-09-18 10:30:15", DateComponents(year: 1973, month: 9, day: 18, hour: 10, minute: 30, second: 15)),
            (.YMD_HMSS, "1973-09-18 10:30:15.123", DateComponents(year: 1973, month: 9, day: 18, hour: 10, minute: 30, second: 15, nanosecond: 123_000_000)),
            (.HM, "10:30", DateComponents(hour: 10, minute: 30)),
            (.HMS, "10:30:15", DateComponents(hour: 10, minute: 30, second: 15)),
            (.HMSS, "10:30:15.123", DateComponents(hour: 10, minute: 30, second: 15, nanosecond: 123_000_000)),
        ]
        for (format, text, readComponents) in expectations {
            let stored = DatabaseDateComponents(components, format: format)
            XCTAssertEqual(stored.databaseValue, text.databaseValue, "\(format)")
            // What is read back holds the components of the format only.
            let read = DatabaseDateComponents(readComponents, format: format)
            try assertRoundTrip(read, stores: text.databaseValue, isEqual: isSame)
            let fromStored = try XCTUnwrap(DatabaseDateComponents.fromDatabaseValue(stored.databaseValue))
            XCTAssertTrue(isSame(fromStored, read), "\(format): \(fromStored.dateComponents)")
        }
    }

    func testFormatRawValuesAreDateFormatPatterns() {
        XCTAssertEqual(DatabaseDateComponents.Format.YMD.rawValue, "yyyy-MM-dd")
        XCTAssertEqual(DatabaseDateComponents.Format.YMD_HMSS.rawValue, "yyyy-MM-dd HH:mm:ss.SSS")
        XCTAssertEqual(DatabaseDateComponents.Format.HM.rawValue, "HH:mm")
    }

    func testReadingVariantsWithTSeparatorFractionsAndTimeZones() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: """
                SELECT '2015-09-11T18:14' AS t, '2015-09-11 18:14:15.5' AS fraction,
                       '18:14:15.123456789Z' AS utc, '2015-09-11 18:14+02:00' AS offset,
                       '2015-09-11 18:14:15 -05:30' AS negative
                """))
            let t: DatabaseDateComponents = row["t"]
            XCTAssertEqual(t.format, .YMD_HM)
            XCTAssertEqual(t.dateComponents, DateComponents(year: 2015, month: 9, day: 11, hour: 18, minute: 14))

            let fraction = try row.decode(DatabaseDateComponents.self, forColumn: "fraction")
            XCTAssertEqual(fraction.format, .YMD_HMSS)
            XCTAssertEqual(fraction.dateComponents.nanosecond, 500_000_000)
            XCTAssertEqual(fraction.databaseValue, "2015-09-11 18:14:15.500".databaseValue)

            let utc: DatabaseDateComponents = row["utc"]
            XCTAssertEqual(utc.format, .HMSS)
            XCTAssertEqual(utc.dateComponents.nanosecond, 123_000_000)
            XCTAssertEqual(utc.dateComponents.timeZone?.secondsFromGMT(), 0)
            XCTAssertEqual(utc.databaseValue, "18:14:15.123+00:00".databaseValue)

            let offset: DatabaseDateComponents = row["offset"]
            XCTAssertEqual(offset.format, .YMD_HM)
            XCTAssertEqual(offset.dateComponents.hour, 18)
            XCTAssertEqual(offset.dateComponents.timeZone?.secondsFromGMT(), 7_200)
            XCTAssertEqual(offset.databaseValue, "2015-09-11 18:14+02:00".databaseValue)

            let negative: DatabaseDateComponents = row["negative"]
            XCTAssertEqual(negative.format, .YMD_HMS)
            XCTAssertEqual(negative.dateComponents.timeZone?.secondsFromGMT(), -19_800)
            XCTAssertEqual(negative.databaseValue, "2015-09-11 18:14:15-05:30".databaseValue)
        }
    }

    func testMissingComponentsAreWrittenAsZero() {
        let partial = DatabaseDateComponents(DateComponents(year: 2015), format: .YMD_HMS)
        XCTAssertEqual(partial.databaseValue, "2015-01-01 00:00:00".databaseValue)
        let empty = DatabaseDateComponents(DateComponents(), format: .HM)
        XCTAssertEqual(empty.databaseValue, "00:00".databaseValue)
    }

    func testInvalidTextAndOtherValuesThrow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            for text in ["", "10", "10:", "25:00", "10:30:", "1973-02-30", "1973-09-18T", "noon"] {
                XCTAssertNil(DatabaseDateComponents.fromDatabaseValue(text.databaseValue), text)
                let error = assertThrowsRowDecodingError(try DatabaseDateComponents.fetchOne(db, sql: "SELECT ? AS birthDate", arguments: [text]))
                XCTAssertEqual(error?.column, "birthDate", text)
                XCTAssertEqual(error?.sql, "SELECT ? AS birthDate", text)
            }
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1973 AS int, X'00' AS blob, NULL AS absent"))
            assertThrowsRowDecodingError(try row.decode(DatabaseDateComponents.self, forColumn: "int"))
            assertThrowsRowDecodingError(try row.decode(DatabaseDateComponents.self, forColumn: "blob"))
            assertThrowsRowDecodingError(try row.decode(DatabaseDateComponents.self, forColumn: "absent"))
            XCTAssertNil(row["absent"] as DatabaseDateComponents?)
        }
    }

    func testCodableUsesTheDatabaseText() throws {
        struct Person: Codable {
            var birthDate: DatabaseDateComponents
        }
        let person = Person(birthDate: DatabaseDateComponents(components, format: .YMD))
        let json = try JSONEncoder().encode(person)
        XCTAssertEqual(String(decoding: json, as: UTF8.self), #"{"birthDate":"1973-09-18"}"#)
        let decoded = try JSONDecoder().decode(Person.self, from: json)
        XCTAssertEqual(decoded.birthDate.format, .YMD)
        XCTAssertEqual(decoded.birthDate.dateComponents, DateComponents(year: 1973, month: 9, day: 18))
        XCTAssertThrowsError(try JSONDecoder().decode(Person.self, from: Data(#"{"birthDate":"soon"}"#.utf8))) { error in
            guard case DecodingError.dataCorrupted = error else { return XCTFail("\(error)") }
        }
    }
}
