import Folio
import Foundation
import XCTest

/// No database value converts to `NSNull` (issue 15, item 9).
final class NSNullConversionTests: FolioTestCase {
    func testNSNullFromDatabaseValueIsNilForEveryValue() {
        let values: [DatabaseValue] = [
            .null, 1.databaseValue, 1.5.databaseValue, "".databaseValue, "NULL".databaseValue, Data().databaseValue,
        ]
        for value in values {
            XCTAssertNil(NSNull.fromDatabaseValue(value), "\(value)")
        }
    }

    func testNSNullDoesNotDecodeFromNullColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS value"))
            let error = assertThrowsRowDecodingError(try row.decode(NSNull.self, forColumn: "value"))
            XCTAssertEqual(error?.column, "value")
            XCTAssertNil(try NSNull.fetchOne(db, sql: "SELECT NULL"))
        }
    }

    func testNSNullIsStillStoredAsNull() throws {
        XCTAssertEqual(NSNull().databaseValue, .null)
    }
}
