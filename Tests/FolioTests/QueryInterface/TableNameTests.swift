import Folio
import XCTest

/// `Table.tableName` is a variable, and `CommonTableExpression.tableName`
/// a read-only property, as in GRDB.
final class TableNameTests: FolioTestCase {
    func testTableNameCanBeChanged() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE player (name TEXT); INSERT INTO player VALUES ('Arthur');
                CREATE TABLE team (name TEXT); INSERT INTO team VALUES ('Reds'), ('Blues');
                """)
            var table = Table("player")
            XCTAssertEqual(try table.fetchCount(db), 1)
            table.tableName = "team"
            XCTAssertEqual(table.tableName, "team")
            XCTAssertEqual(try table.fetchCount(db), 2)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "team""#)
        }
    }

    func testCommonTableExpressionTableName() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let cte = CommonTableExpression(named: "answer", sql: "SELECT 42 AS value")
            XCTAssertEqual(cte.tableName, "answer")
            let request = cte.all().with(cte)
            XCTAssertEqual(try Int.fetchOne(db, request), 42)
            XCTAssertEqual(lastSQLQuery, #"WITH "answer" AS (SELECT 42 AS value) SELECT * FROM "answer" LIMIT 1"#)
        }
    }
}
