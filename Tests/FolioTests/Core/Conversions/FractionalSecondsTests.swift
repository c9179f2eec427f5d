import Folio
import Foundation
import XCTest

/// Fractional seconds keep three digits, for `Date`, `NSDate` and
/// `DatabaseDateComponents` (issue 15, item 11).
final class FractionalSecondsTests: FolioTestCase {
    private func nanosecond(_ text: String) throws -> Int? {
        try XCTUnwrap(DatabaseDateComponents.fromDatabaseValue(text.databaseValue)).dateComponents.nanosecond
    }

    private func date(_ text: String) throws -> Date {
        try XCTUnwrap(Date.fromDatabaseValue(text.databaseValue), text)
    }

    func testDateComponentsKeepThreeDigitsOfFractionalSeconds() throws {
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:59.999123"), 999_000_000)
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:03.00456"), 4_000_000)
        XCTAssertEqual(try nanosecond("00:00:03.00456"), 4_000_000)
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:03.123456789123"), 123_000_000)
    }

    func testDateComponentsCountOneDigitAsTenthsAndTwoAsHundredths() throws {
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:03.4"), 400_000_000)
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:03.04"), 40_000_000)
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:03.45"), 450_000_000)
        XCTAssertEqual(try nanosecond("2018-04-21 00:00:03.456"), 456_000_000)
    }

    func testDateKeepsThreeDigitsOfFractionalSeconds() throws {
        XCTAssertEqual(try date("2018-04-21 00:00:59.999123"), try date("2018-04-21 00:00:59.999"))
        XCTAssertEqual(try date("2018-04-21 00:00:03.00456"), try date("2018-04-21 00:00:03.004"))
        XCTAssertEqual(try date("2018-04-21 00:00:03.4"), try date("2018-04-21 00:00:03.400"))
        XCTAssertEqual(try date("2018-04-21 00:00:03.04"), try date("2018-04-21 00:00:03.040"))
        let base = try date("2018-04-21 00:00:59")
        XCTAssertEqual(try date("2018-04-21 00:00:59.999123").timeIntervalSince(base), 0.999, accuracy: 1e-6)
        XCTAssertEqual(try date("2018-04-21 00:00:59.00456").timeIntervalSince(base), 0.004, accuracy: 1e-6)
    }

    func testDateFromColumnKeepsThreeDigitsOfFractionalSeconds() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let fetched = try XCTUnwrap(Date.fetchOne(db, sql: "SELECT '2018-04-21 00:00:59.999123'"))
            XCTAssertEqual(fetched, try date("2018-04-21 00:00:59.999"))
            XCTAssertEqual(fetched.databaseValue, "2018-04-21 00:00:59.999".databaseValue)
        }
    }

    func testNSDateKeepsThreeDigitsOfFractionalSeconds() throws {
        let nsDate = try XCTUnwrap(NSDate.fromDatabaseValue("2018-04-21 00:00:03.00456".databaseValue))
        XCTAssertEqual(nsDate as Date, try date("2018-04-21 00:00:03.004"))
    }
}
