import Folio
import XCTest

final class RowColumnTests: FolioTestCase {
    func testDecodeForColumnReadsTheColumnOfAColumnExpression() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS id, 'Arthur' AS name, NULL AS score"))
            XCTAssertEqual(try row.decode(Int.self, forColumn: Column("ID")), 1)
            XCTAssertEqual(try row.decode(String.self, forColumn: Column("name")), "Arthur")
            XCTAssertEqual(try row.decode(DatabaseValue.self, forColumn: Column("name")), "Arthur".databaseValue)
            XCTAssertNil(try row.decode(Int?.self, forColumn: Column("score")))
            XCTAssertNil(try row.decode(Int?.self, forColumn: Column("missing")))
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: Column("missing"))) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
            }
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: Column("score"))) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
        }
    }

    func testCoalesceOfColumnsReturnsTheFirstNonNullValue() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS nickname, 'Arthur' AS name"))
            let columns: [any ColumnExpression] = [Column("nickname"), Column("name")]
            XCTAssertEqual(row.coalesce(columns) as String?, "Arthur")
            XCTAssertNil(row.coalesce([Column("nickname"), Column("missing")] as [any ColumnExpression]) as String?)
        }
    }
}
