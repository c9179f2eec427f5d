import Folio
import XCTest

/// `Column.name` is a variable, as in GRDB.
final class ColumnNameTests: FolioTestCase {
    func testColumnNameCanBeChanged() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE player (name TEXT, score INT); INSERT INTO player VALUES ('Arthur', 10)")
            var column = Column("name")
            XCTAssertEqual(try String.fetchOne(db, Table("player").select(column)), "Arthur")
            column.name = "score"
            XCTAssertEqual(column.name, "score")
            XCTAssertEqual(try Int.fetchOne(db, Table("player").select(column)), 10)
            XCTAssertEqual(lastSQLQuery, #"SELECT "score" FROM "player" LIMIT 1"#)
        }
    }
}
