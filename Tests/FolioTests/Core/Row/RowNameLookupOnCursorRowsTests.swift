import Folio
import Foundation
import XCTest

/// Reading the columns of the rows of a cursor by name, on every row: in
/// the order of the columns (the hinted look-up), in another order,
/// ignoring case, from the leftmost of duplicate columns, and the errors
/// that name the column and the SQL.
final class RowNameLookupOnCursorRowsTests: FolioTestCase {
    private struct Item: FetchableRecord, Equatable {
        var a: Int
        var b: Int
        var c: Int

        init(a: Int, b: Int, c: Int) {
            self.a = a
            self.b = b
            self.c = c
        }

        init(row: Row) throws {
            a = row["a"]
            b = row["b"]
            c = row["c"]
        }
    }

    func testColumnsReadByNameInAnyOrderOnEveryRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 2 AS B, 3 AS c UNION ALL SELECT 4, 5, 6 UNION ALL SELECT 7, 8, 9"
            XCTAssertEqual(
                try Item.fetchAll(db, sql: sql),
                [Item(a: 1, b: 2, c: 3), Item(a: 4, b: 5, c: 6), Item(a: 7, b: 8, c: 9)])
            let rows = try Row.fetchCursor(db, sql: sql)
            var sums: [Int] = []
            while let row = try rows.next() {
                let c: Int = row["C"]
                let a: Int = row["a"]
                let b: Int = row["b"]
                let a2 = try row.decode(Int.self, forColumn: "A")
                sums.append(a + b * 10 + c * 100 + a2 * 1_000)
            }
            XCTAssertEqual(sums, [1_321, 4_654, 7_987])
        }
    }

    func testDuplicateColumnsReadTheLeftmostOnEveryRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT 1 AS a, 2 AS A, 3 AS b UNION ALL SELECT 4, 5, 6")
            var values: [[Int]] = []
            while let row = try rows.next() {
                let a: Int = row["a"]
                let upperA: Int = row["A"]
                let b: Int = row["b"]
                values.append([a, upperA, b])
            }
            XCTAssertEqual(values, [[1, 1, 3], [4, 4, 6]])
        }
    }

    func testNullMismatchOrMissingColumnOfALaterRowThrowsNamingTheColumnAndTheSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 2 AS b UNION ALL SELECT NULL, 'x'"
            let rows = try Row.fetchCursor(db, sql: sql)
            _ = try rows.next()
            let row = try XCTUnwrap(rows.next())
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: "a")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "a")
                XCTAssertEqual(error.databaseValue, .null)
                XCTAssertEqual(error.sql, sql)
            }
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: "b")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "b")
                XCTAssertEqual(error.databaseValue, "x".databaseValue)
            }
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: "missing")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .columnNotFound)
                XCTAssertEqual(error.column, "missing")
                XCTAssertEqual(error.sql, sql)
            }
            XCTAssertNil(try row.decode(Int?.self, forColumn: "a"))
        }
    }
}
