import Folio
import Foundation
import XCTest

final class URLValueTests: FolioTestCase {
    func testURLIsStoredAsItsAbsoluteString() throws {
        let url = URL(string: "https://example.com/path?q=a%20b#top")!
        try assertRoundTrip(url, stores: "https://example.com/path?q=a%20b#top".databaseValue)
        let file = URL(fileURLWithPath: "/tmp/some file.sqlite")
        try assertRoundTrip(file, stores: "file:///tmp/some%20file.sqlite".databaseValue)
        let relative = URL(string: "page.html", relativeTo: URL(string: "https://example.com/dir/")!)!
        XCTAssertEqual(relative.databaseValue, "https://example.com/dir/page.html".databaseValue)
        let unicode = URL(string: "https://example.com/caf%C3%A9")!
        try assertRoundTrip(unicode, stores: "https://example.com/caf%C3%A9".databaseValue)
    }

    func testURLReadsTextThatURLAccepts() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try URL.fetchOne(db, sql: "SELECT 'https://sqlite.org'"), URL(string: "https://sqlite.org"))
            XCTAssertEqual(try URL.fetchAll(db, sql: "SELECT 'mailto:a@b.c' UNION ALL SELECT 'relative/path'"),
                           [URL(string: "mailto:a@b.c")!, URL(string: "relative/path")!])
        }
    }

    func testNonURLValuesThrow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertNil(URL.fromDatabaseValue("".databaseValue))
            let sql = "SELECT '' AS empty, 1 AS int, X'68747470' AS blob, NULL AS absent"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            let error = assertThrowsRowDecodingError(try row.decode(URL.self, forColumn: "empty"))
            XCTAssertEqual(error?.column, "empty")
            XCTAssertEqual(error?.sql, sql)
            assertThrowsRowDecodingError(try row.decode(URL.self, forColumn: "int"))
            XCTAssertEqual(try row.decode(URL.self, forColumn: "blob").absoluteString, "http")
            assertThrowsRowDecodingError(try row.decode(URL.self, forColumn: "absent"))
            XCTAssertNil(row["absent"] as URL?)
        }
    }
}
