import Folio
import Foundation
import XCTest

final class CGFloatValueTests: FolioTestCase {
    func testCGFloatIsStoredAsReal() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE shape (width REAL)")
            try db.execute(sql: "INSERT INTO shape (width) VALUES (?)", arguments: [CGFloat(10.5)])
            XCTAssertEqual(try DatabaseValue.fetchOne(db, sql: "SELECT width FROM shape")?.storage, .double(10.5))
            XCTAssertEqual(CGFloat(1.5).databaseValue, 1.5.databaseValue)
        }
    }

    func testCGFloatIsFetchedFromNumbers() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try CGFloat.fetchAll(db, sql: "SELECT 2 UNION ALL SELECT 2.5"), [2, 2.5])
            XCTAssertEqual(try CGFloat?.fetchOne(db, sql: "SELECT NULL"), .some(nil))
            XCTAssertNil(CGFloat.fromDatabaseValue("1.5".databaseValue))
            XCTAssertNil(CGFloat.fromDatabaseValue(.null))
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 3.25 AS width"))
            XCTAssertEqual(row["width"] as CGFloat, 3.25)
            XCTAssertThrowsError(try CGFloat.fetchAll(db, sql: "SELECT 'wide'")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
        }
    }
}
