import Folio
import Foundation
import XCTest

/// How `DatabaseDateComponents` writes missing components and
/// nanoseconds (issue 15, item 12).
final class DatabaseDateComponentsWritingTests: FolioTestCase {
    func testEmptyComponentsAreWrittenAsYearZeroJanuaryFirst() {
        let empty = DatabaseDateComponents(DateComponents(), format: .YMD_HMSS)
        XCTAssertEqual(empty.databaseValue, "0000-01-01 00:00:00.000".databaseValue)
        XCTAssertEqual(DatabaseDateComponents(DateComponents(), format: .YMD).databaseValue, "0000-01-01".databaseValue)
        XCTAssertEqual(DatabaseDateComponents(DateComponents(), format: .HMSS).databaseValue, "00:00:00.000".databaseValue)
    }

    func testMissingMonthAndDayAreWrittenAsOne() {
        let yearOnly = DatabaseDateComponents(DateComponents(year: 2015), format: .YMD)
        XCTAssertEqual(yearOnly.databaseValue, "2015-01-01".databaseValue)
        let noDay = DatabaseDateComponents(DateComponents(year: 2015, month: 9), format: .YMD)
        XCTAssertEqual(noDay.databaseValue, "2015-09-01".databaseValue)
        let noYear = DatabaseDateComponents(DateComponents(month: 9, day: 18), format: .YMD)
        XCTAssertEqual(noYear.databaseValue, "0000-09-18".databaseValue)
    }

    func testNanosecondsRoundToMilliseconds() {
        func text(_ nanosecond: Int) -> DatabaseValue {
            DatabaseDateComponents(DateComponents(hour: 1, minute: 2, second: 3, nanosecond: nanosecond), format: .HMSS).databaseValue
        }
        XCTAssertEqual(text(123_456_789), "01:02:03.123".databaseValue)
        XCTAssertEqual(text(123_500_000), "01:02:03.124".databaseValue)
        XCTAssertEqual(text(123_499_999), "01:02:03.123".databaseValue)
        XCTAssertEqual(text(999_000_000), "01:02:03.999".databaseValue)
        XCTAssertEqual(text(499_999), "01:02:03.000".databaseValue)
        XCTAssertEqual(text(500_000), "01:02:03.001".databaseValue)
        // No carry into the seconds.
        XCTAssertEqual(text(999_600_000), "01:02:03.999".databaseValue)
    }

    func testEmptyComponentsRoundTrip() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let read = try XCTUnwrap(DatabaseDateComponents.fetchOne(
                db, sql: "SELECT ?", arguments: [DatabaseDateComponents(DateComponents(), format: .YMD_HMSS)]))
            XCTAssertEqual(read.format, .YMD_HMSS)
            XCTAssertEqual(read.dateComponents, DateComponents(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, nanosecond: 0))
        }
    }
}
