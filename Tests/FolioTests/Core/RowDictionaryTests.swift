import Folio
import Foundation
import XCTest

final class RowDictionaryTests: FolioTestCase {
    func testRowFromFoundationDictionaryHasSortedColumns() throws {
        let dictionary: [AnyHashable: Any] = ["name": "Arthur", "score": 1000, "missing": NSNull(), "bonus": Int?.none as Any]
        let row = try XCTUnwrap(Row(dictionary))
        XCTAssertEqual(Array(row.columnNames), ["bonus", "missing", "name", "score"])
        XCTAssertEqual(row["name"] as String, "Arthur")
        XCTAssertEqual(row["score"] as Int, 1000)
        XCTAssertTrue(row.hasNull(atIndex: 0))
        XCTAssertTrue(row.hasNull(atIndex: 1))
    }

    func testRowFromFoundationDictionaryFailsForInvalidKeysAndValues() {
        XCTAssertNil(Row([1: "one"] as [AnyHashable: Any]))
        XCTAssertNil(Row(["date": DateComponents()] as [AnyHashable: Any]))
        XCTAssertEqual(Row([:] as [AnyHashable: Any]), [:])
    }

    func testRowFromStringDictionaryStillWorks() {
        XCTAssertEqual(Row(["b": 2, "a": 1]), ["a": 1, "b": 2])
    }

    func testIndexOriginsAreDatabaseValues() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a UNIQUE, b); CREATE INDEX t_b ON t(b)")
            let origins = try IndexInfo.Origin.fetchSet(db, sql: "SELECT origin FROM pragma_index_list('t')")
            XCTAssertEqual(origins, [.createIndex, .uniqueConstraint])
            XCTAssertEqual(IndexInfo.Origin.primaryKeyConstraint.databaseValue, "pk".databaseValue)
        }
    }
}
