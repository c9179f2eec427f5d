import Folio
import XCTest

/// The `content` and `content_rowid` options of FTS4 and FTS5 tables as
/// read-write properties, the module arguments of FTS4, and the errors of
/// `FTS3.tokenize`.
final class FullTextContentOptionTests: FolioTestCase {
    private func makeBookDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE book (bookId INTEGER PRIMARY KEY, title TEXT);
                INSERT INTO book (bookId, title) VALUES (1, 'Moby Dick'), (2, 'Dune');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testFTS4ContentIsTheSynchronizedTableUntilSet() throws {
        try makeBookDatabase().inDatabase { db in
            var definition: FTS4TableDefinition?
            try db.create(virtualTable: "book_ft", using: FTS4()) { t in
                XCTAssertNil(t.content)
                t.synchronize(withTable: "book")
                XCTAssertEqual(t.content, "book")
                t.column("title")
                definition = t
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "book_ft" USING fts4("title", content='book')"#), "\(sqlQueries)")
            XCTAssertTrue(sqlQueries.contains { $0.hasPrefix("CREATE TRIGGER") })
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT docid FROM book_ft WHERE book_ft MATCH 'dune'"), [2])
            XCTAssertNotNil(definition)

            // Setting the content invalidates the synchronization: no trigger.
            clearSQLQueries()
            try db.create(virtualTable: "book_ft2", using: FTS4()) { t in
                t.synchronize(withTable: "book")
                t.content = ""
                XCTAssertEqual(t.content, "")
                t.column("title")
            }
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("CREATE") }, [#"CREATE VIRTUAL TABLE "book_ft2" USING fts4("title", content='')"#])
        }
    }

    func testFTS4ModuleArgumentsDoNotThrow() throws {
        try makeBookDatabase().inDatabase { db in
            var captured: FTS4TableDefinition?
            _ = try? db.create(virtualTable: "ft", using: FTS4()) { t in
                t.column("title")
                t.synchronize(withTable: "missing")
                captured = t
            }
            let definition = try XCTUnwrap(captured)
            XCTAssertEqual(FTS4().moduleArguments(for: definition, in: db), [#""title""#, "content='missing'"])
        }
    }

    func testFTS4SynchronizationWithMissingTableThrowsAndCreatesNothing() throws {
        try makeBookDatabase().inDatabase { db in
            XCTAssertThrowsError(try db.create(virtualTable: "ft", using: FTS4()) { t in
                t.synchronize(withTable: "missing")
                t.column("title")
            }) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "can not synchronize a full-text table with table missing: no such table")
            }
            XCTAssertFalse(try db.tableExists("ft"))
        }
    }

    func testFTS5ContentAndContentRowID() throws {
        try makeBookDatabase().inDatabase { db in
            try db.create(virtualTable: "book_ft", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                XCTAssertEqual(t.content, "book")
                XCTAssertNil(t.contentRowID)
                t.column("title")
            }
            XCTAssertTrue(sqlQueries.contains(#"CREATE VIRTUAL TABLE "book_ft" USING fts5("title", content='book', content_rowid='bookId')"#), "\(sqlQueries)")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT rowid FROM book_ft WHERE book_ft MATCH 'moby'"), [1])

            // Explicit options, without triggers.
            clearSQLQueries()
            try db.create(virtualTable: "book_ft2", using: FTS5()) { t in
                t.synchronize(withTable: "book")
                t.contentRowID = "bookId"
                XCTAssertEqual(t.content, "book")
                XCTAssertEqual(t.contentRowID, "bookId")
                t.column("title")
            }
            XCTAssertEqual(
                sqlQueries.filter { $0.hasPrefix("CREATE") },
                [#"CREATE VIRTUAL TABLE "book_ft2" USING fts5("title", content='book', content_rowid='bookId')"#])

            clearSQLQueries()
            try db.create(virtualTable: "notes", using: FTS5()) { t in
                t.content = ""
                t.column("body")
            }
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("CREATE") }, [#"CREATE VIRTUAL TABLE "notes" USING fts5("body", content='')"#])
        }
    }

    func testFTS3TokenizeThrowsForUnknownTokenizer() throws {
        XCTAssertEqual(try FTS3.tokenize("SQLite Database", withTokenizer: .porter), ["sqlite", "databas"])
        XCTAssertThrowsError(try FTS3.tokenize("SQLite", withTokenizer: FTS3TokenizerDescriptor("noSuchTokenizer"))) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
        }
    }
}
