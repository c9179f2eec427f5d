import Folio
import Foundation
import XCTest

/// Strings, and the types read through them, convert from blobs of valid
/// UTF-8 (issue 15, item 10).
final class StringFromBlobTests: FolioTestCase {
    private let utf8Blob = Data("bar".utf8).databaseValue
    private let invalidBlob = Data([0x62, 0xFF, 0x72]).databaseValue

    func testStringFromUTF8BlobIsItsText() {
        XCTAssertEqual(String.fromDatabaseValue(utf8Blob), "bar")
        XCTAssertEqual(String.fromDatabaseValue(Data("Élodie 👋".utf8).databaseValue), "Élodie 👋")
        XCTAssertEqual(String.fromDatabaseValue(Data().databaseValue), "")
    }

    func testStringFromInvalidUTF8BlobIsNil() {
        XCTAssertNil(String.fromDatabaseValue(invalidBlob))
    }

    func testStringFromNullIntegerAndDoubleIsNil() {
        XCTAssertNil(String.fromDatabaseValue(.null))
        XCTAssertNil(String.fromDatabaseValue(1.databaseValue))
        XCTAssertNil(String.fromDatabaseValue(1.5.databaseValue))
    }

    func testStringColumnFastPathReadsUTF8Blob() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT CAST('bar' AS BLOB)"), "bar")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT CAST('bar' AS BLOB) UNION ALL SELECT X''"), ["bar", ""])
            let cursor = try Row.fetchCursor(db, sql: "SELECT CAST('bar' AS BLOB) AS a, X'62FF72' AS b, 1 AS c")
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(try row.decode(String.self, forColumn: "a"), "bar")
            XCTAssertEqual(try row.decode(String.self, atIndex: 0), "bar")
            XCTAssertEqual(row["a"] as String?, "bar")
            let error = assertThrowsRowDecodingError(try row.decode(String.self, forColumn: "b"))
            XCTAssertEqual(error?.column, "b")
            XCTAssertEqual(try row.decode(String.self, forColumn: "c"), "1") // SQLite's conversion, as in GRDB
        }
    }

    func testStringFromInvalidUTF8BlobColumnThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let error = assertThrowsRowDecodingError(try String.fetchOne(db, sql: "SELECT X'62FF72' AS b"))
            XCTAssertEqual(error?.column, "b")
            XCTAssertEqual(error?.databaseValue, invalidBlob)
        }
    }

    func testDecodableStringPropertyReadsUTF8Blob() throws {
        struct Named: Decodable, FetchableRecord { var name: String }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let record = try XCTUnwrap(Named.fetchOne(db, sql: "SELECT CAST('bar' AS BLOB) AS name"))
            XCTAssertEqual(record.name, "bar")
        }
    }

    func testNSStringFromUTF8BlobIsItsText() {
        XCTAssertEqual(NSString.fromDatabaseValue(utf8Blob), "bar")
        XCTAssertNil(NSString.fromDatabaseValue(invalidBlob))
        XCTAssertNil(NSString.fromDatabaseValue(.null))
        XCTAssertNil(NSString.fromDatabaseValue(1.databaseValue))
        XCTAssertNil(NSString.fromDatabaseValue(1.5.databaseValue))
    }

    func testURLFromUTF8BlobIsTheURLOfItsText() throws {
        XCTAssertEqual(URL.fromDatabaseValue(utf8Blob)?.absoluteString, "bar")
        XCTAssertEqual(URL.fromDatabaseValue(Data("https://sqlite.org".utf8).databaseValue), URL(string: "https://sqlite.org"))
        XCTAssertNil(URL.fromDatabaseValue(invalidBlob))
        XCTAssertNil(URL.fromDatabaseValue(.null))
        XCTAssertNil(URL.fromDatabaseValue(1.databaseValue))
        XCTAssertNil(URL.fromDatabaseValue(1.5.databaseValue))
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try URL.fetchOne(db, sql: "SELECT CAST('bar' AS BLOB)")?.absoluteString, "bar")
        }
    }

    func testNSURLFromUTF8BlobIsTheURLOfItsText() {
        XCTAssertEqual(NSURL.fromDatabaseValue(utf8Blob)?.absoluteString, "bar")
        XCTAssertNil(NSURL.fromDatabaseValue(invalidBlob))
        XCTAssertNil(NSURL.fromDatabaseValue(.null))
        XCTAssertNil(NSURL.fromDatabaseValue(1.databaseValue))
        XCTAssertNil(NSURL.fromDatabaseValue(1.5.databaseValue))
    }
}
