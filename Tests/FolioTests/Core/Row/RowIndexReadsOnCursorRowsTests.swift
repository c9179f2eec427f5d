import Folio
import Foundation
import XCTest

/// Reading the columns of the rows of a cursor by index, on every row:
/// standard values, their optionals, conversions, and the errors of the
/// throwing variant.
final class RowIndexReadsOnCursorRowsTests: FolioTestCase {
    func testColumnsReadByIndexOnEveryRowOfACursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT 1, 'a', 2.5, NULL UNION ALL SELECT 3, 'b', 4, 5 UNION ALL SELECT 6.0, 'c', 7.5, NULL")
            var ints: [Int] = []
            var strings: [String] = []
            var doubles: [Double] = []
            var optionals: [Int?] = []
            while let row = try rows.next() {
                ints.append(row[0])
                strings.append(row[1])
                doubles.append(row[2])
                optionals.append(row[3])
            }
            XCTAssertEqual(ints, [1, 3, 6])
            XCTAssertEqual(strings, ["a", "b", "c"])
            XCTAssertEqual(doubles, [2.5, 4, 7.5])
            XCTAssertEqual(optionals, [nil, 5, nil])
        }
    }

    func testValueOfALaterRowThatDoesNotConvertThrowsNamingTheColumnAndTheSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a UNION ALL SELECT 'x'"
            let rows = try Row.fetchCursor(db, sql: sql)
            let first = try XCTUnwrap(rows.next())
            XCTAssertEqual(first[0] as Int, 1)
            let row = try XCTUnwrap(rows.next())
            XCTAssertThrowsError(try row.decode(Int.self, atIndex: 0)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "a")
                XCTAssertEqual(error.databaseValue, "x".databaseValue)
                XCTAssertEqual(error.sql, sql)
            }
            XCTAssertThrowsError(try row.decode(Int.self, atIndex: 1)) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
            }
        }
    }
}
