import Folio
import Foundation
import XCTest

final class RowDictionaryTests: FolioTestCase {
    /// GRDB: the columns of a row made from a dictionary come in the
    /// iteration order of the dictionary.
    func testRowFromFoundationDictionaryKeepsTheDictionaryOrder() throws {
        let dictionary: [AnyHashable: Any] = ["name": "Arthur", "score": 1000, "missing": NSNull(), "bonus": Int?.none as Any]
        let row = try XCTUnwrap(Row(dictionary))
        XCTAssertEqual(Array(row.columnNames), dictionary.keys.map { $0.base as! String })
        XCTAssertEqual(row["name"] as String, "Arthur")
        XCTAssertEqual(row["score"] as Int, 1000)
        XCTAssertTrue((row["missing"] as DatabaseValue?)?.isNull ?? false)
        XCTAssertTrue((row["bonus"] as DatabaseValue?)?.isNull ?? false)
    }

    func testRowFromFoundationDictionaryFailsForInvalidKeysAndValues() {
        XCTAssertNil(Row([1: "one"] as [AnyHashable: Any]))
        XCTAssertNil(Row(["date": DateComponents()] as [AnyHashable: Any]))
        XCTAssertEqual(Row([:] as [AnyHashable: Any]), [:])
    }

    /// GRDB: `Row(dictionary)` keeps the dictionary's iteration order.
    func testRowFromStringDictionaryKeepsTheDictionaryOrder() {
        let dictionary: [String: (any DatabaseValueConvertible)?] = ["b": 2, "a": 1, "c": nil, "d": "x", "e": 1.5]
        let row = Row(dictionary)
        XCTAssertEqual(Array(row.columnNames), Array(dictionary.keys))
        for (name, value) in dictionary {
            XCTAssertEqual(row[name] as DatabaseValue?, value?.databaseValue ?? .null)
        }
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
