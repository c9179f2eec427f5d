import Folio
import XCTest

/// Temporary full-text tables synchronized with a table of the main schema.
final class TemporaryFullTextTableTests: FolioTestCase {
    func testTemporarySynchronizedTablesHaveTemporaryTriggers() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.execute(sql: """
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);
                CREATE TEMPORARY TABLE draft (id INTEGER PRIMARY KEY, title TEXT);
                """)
            // SQLite looks for the content table in the schema of the
            // full-text table.
            XCTAssertThrowsError(try db.create(virtualTable: "book_ft", options: .temporary, using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.column("title")
            }) { error in
                XCTAssertEqual(
                    (error as? DatabaseError)?.message,
                    "can not synchronize the temporary full-text table book_ft with table book: the content table of a temporary table must be temporary")
            }
            XCTAssertFalse(try db.tableExists("book_ft"))

            try db.execute(sql: "INSERT INTO draft (title) VALUES ('Moby Dick')")
            clearSQLQueries()
            try db.create(virtualTable: "book_ft4", options: .temporary, using: FTS4()) { t in
                t.synchronize(withTable: "draft")
                t.column("title")
            }
            try db.create(virtualTable: "book_ft5", options: [.temporary, .ifNotExists], using: FTS5()) { t in
                t.synchronize(withTable: "draft")
                t.column("title")
            }
            XCTAssertTrue(sqlQueries.contains { $0.hasPrefix("CREATE TEMP TRIGGER ") })
            XCTAssertTrue(sqlQueries.contains { $0.hasPrefix("CREATE TEMP TRIGGER IF NOT EXISTS ") })
            try db.execute(sql: "INSERT INTO draft (title) VALUES ('Dune')")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT docid FROM book_ft4 WHERE book_ft4 MATCH 'dune'"), [2])
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT rowid FROM book_ft5 WHERE book_ft5 MATCH 'moby'"), [1])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_temp_master WHERE type = 'trigger'"), 7)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'"), 0)
        }
    }
}
