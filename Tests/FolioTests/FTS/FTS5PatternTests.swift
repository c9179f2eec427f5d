import Folio
import XCTest

/// The FTS5Pattern initializers: the patterns built from any string, and
/// the raw patterns checked against allowed columns.
final class FTS5PatternTests: FolioTestCase {
    func testPatternsFromAnyStringAreBareLowercaseTokens() {
        XCTAssertEqual(FTS5Pattern(matchingAllTokensIn: "Herman Melville")?.rawPattern, "herman melville")
        XCTAssertEqual(FTS5Pattern(matchingAnyTokenIn: "Herman Melville")?.rawPattern, "herman OR melville")
        XCTAssertEqual(FTS5Pattern(matchingAllPrefixesIn: "Herman Melville")?.rawPattern, "herman* melville*")
        XCTAssertEqual(FTS5Pattern(matchingPhrase: "Herman Melville")?.rawPattern, #""herman melville""#)
        XCTAssertEqual(FTS5Pattern(matchingPrefixPhrase: "Herman Melville")?.rawPattern, #"^"herman melville""#)
    }

    func testPatternsFromAnyStringNeverContainOperators() {
        XCTAssertEqual(FTS5Pattern(matchingAllTokensIn: "NOT AND OR NEAR(x)")?.rawPattern, "not and or near x")
        XCTAssertEqual(FTS5Pattern(matchingAnyTokenIn: "title: \"Doré\" ^x*")?.rawPattern, "title OR doré OR x")
    }

    func testPatternsFromStringsWithoutTokensAreNil() {
        for string in ["", " ", "*", "\"", "-:^()"] {
            XCTAssertNil(FTS5Pattern(matchingAnyTokenIn: string), string)
            XCTAssertNil(FTS5Pattern(matchingAllTokensIn: string), string)
            XCTAssertNil(FTS5Pattern(matchingAllPrefixesIn: string), string)
            XCTAssertNil(FTS5Pattern(matchingPhrase: string), string)
            XCTAssertNil(FTS5Pattern(matchingPrefixPhrase: string), string)
        }
    }

    func testPatternsFromAnyStringMatch() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE book USING fts5(author, title)")
            try db.execute(sql: "INSERT INTO book (rowid, author, title) VALUES (1, 'Herman Melville', 'Moby-Dick'), (2, 'Herman Hesse', 'Siddhartha')")
            func ids(_ pattern: FTS5Pattern?) throws -> [Int64] {
                try Int64.fetchAll(db, sql: "SELECT rowid FROM book WHERE book MATCH ? ORDER BY rowid", arguments: [pattern])
            }
            XCTAssertEqual(try ids(FTS5Pattern(matchingAllTokensIn: "Herman Melville")), [1])
            XCTAssertEqual(try ids(FTS5Pattern(matchingAnyTokenIn: "Melville Hesse")), [1, 2])
            XCTAssertEqual(try ids(FTS5Pattern(matchingAllPrefixesIn: "Her Mel")), [1])
            XCTAssertEqual(try ids(FTS5Pattern(matchingPhrase: "Melville Herman")), [])
            XCTAssertEqual(try ids(FTS5Pattern(matchingAllTokensIn: "NOT herman")), [])
        }
    }

    func testRawPatternIsValidated() throws {
        XCTAssertEqual(try FTS5Pattern(rawPattern: "sqlite AND database").rawPattern, "sqlite AND database")
        XCTAssertEqual(try FTS5Pattern(rawPattern: "\"sqlite database\" OR data*").rawPattern, "\"sqlite database\" OR data*")
        XCTAssertThrowsError(try FTS5Pattern(rawPattern: "AND")) { error in
            guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
            XCTAssertEqual(error.message, #"fts5: syntax error near "AND""#)
            XCTAssertNil(error.sql)
        }
        XCTAssertThrowsError(try FTS5Pattern(rawPattern: "(sqlite"))
    }

    func testRawPatternWithoutAllowedColumnsRejectsColumnFilters() throws {
        XCTAssertThrowsError(try FTS5Pattern(rawPattern: "title: sqlite")) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "no such column: title")
        }
    }

    func testRawPatternFiltersAllowedColumnsOnly() throws {
        let columns = ["title", "body"]
        XCTAssertEqual(try FTS5Pattern(rawPattern: "title: sqlite", allowedColumns: columns).rawPattern, "title: sqlite")
        XCTAssertEqual(try FTS5Pattern(rawPattern: "{title body}: sqlite", allowedColumns: columns).rawPattern, "{title body}: sqlite")
        XCTAssertEqual(try FTS5Pattern(rawPattern: "TITLE: sqlite", allowedColumns: ["title", "Title"]).rawPattern, "TITLE: sqlite")
        XCTAssertThrowsError(try FTS5Pattern(rawPattern: "author: melville", allowedColumns: columns)) { error in
            XCTAssertEqual((error as? DatabaseError)?.message, "no such column: author")
        }
    }

    func testRawPatternIsUsableAsArgument() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE book USING fts5(title, body)")
            try db.execute(sql: "INSERT INTO book (rowid, title, body) VALUES (1, 'SQLite', 'database'), (2, 'Database', 'sqlite')")
            let pattern = try FTS5Pattern(rawPattern: "title: sqlite", allowedColumns: ["title", "body"])
            XCTAssertEqual(try Int64.fetchAll(db, sql: "SELECT rowid FROM book WHERE book MATCH ?", arguments: [pattern]), [1])
        }
    }

    func testColumnMatchesNonOptionalPattern() throws {
        struct Book: TableRecord { }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE book USING fts5(title, body)")
            try db.execute(sql: "INSERT INTO book (rowid, title, body) VALUES (1, 'Moby Dick', 'whale'), (2, 'Whale', 'moby')")
            let pattern = try FTS5Pattern(rawPattern: "moby")
            clearSQLQueries()
            let ids = try Int64.fetchAll(db, Book.select(Column.rowID).filter(Column("title").match(pattern)))
            XCTAssertEqual(ids, [1])
            XCTAssertEqual(lastSQLQuery, #"SELECT "rowid" FROM "book" WHERE "title" MATCH ?"#)
        }
    }
}
