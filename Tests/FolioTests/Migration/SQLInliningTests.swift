@testable import Folio
import Foundation
import XCTest

final class SQLInliningTests: FolioTestCase {
    func testValuesAreWrittenAsSQLLiterals() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let literal: SQL = "\(1) \(-2.5) \("it's") \(Data([0xAB])) \(nil as Int?) \([1, 2])"
            XCTAssertEqual(try literal.inlinedSQL(db), "1 -2.5 'it''s' x'AB' NULL (1, 2)")
            XCTAssertEqual(try SQL("\(Double.infinity) \(-Double.infinity) \(Double.nan)").inlinedSQL(db), "9e999 -9e999 NULL")
        }
    }

    func testParametersInsideQuotesAndCommentsAreLeftAlone() throws {
        let sql = #"'?' "?" `?` [?] -- ?"# + "\n? /* ? */ ?2 :name @name $name"
        let arguments = StatementArguments([1, 2]) + StatementArguments(["name": "x"])
        XCTAssertEqual(
            try SQL.inline(arguments, in: sql),
            #"'?' "?" `?` [?] -- ?"# + "\n1 /* ? */ 2 'x' 'x' 'x'")
    }

    func testArgumentsMismatchThrows() throws {
        XCTAssertThrowsError(try SQL.inline([1, 2], in: "CHECK (a > ?)")) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_RANGE)
            XCTAssertEqual((error as? DatabaseError)?.sql, "CHECK (a > ?)")
        }
        XCTAssertThrowsError(try SQL.inline([1], in: "CHECK (a > ? AND a < ?)"))
        XCTAssertThrowsError(try SQL.inline(["x": 1], in: "CHECK (a > :y)"))
    }
}
