import Folio
import Foundation
import XCTest

/// Descriptions as GRDB writes them: database values as Swift literals
/// (`"foo\n"`, `Data(6 bytes)`), rows as `[id:1 name:"Arthur"]`, and the
/// record errors and foreign key violations that show them.
final class GRDBDescriptionsTests: FolioTestCase {
    func testDatabaseValueDescriptions() {
        XCTAssertEqual(DatabaseValue.null.description, "NULL")
        XCTAssertEqual(1.databaseValue.description, "1")
        XCTAssertEqual(1.5.databaseValue.description, "1.5")
        XCTAssertEqual("foo\n".databaseValue.description, #""foo\n""#)
        XCTAssertEqual(#"a"b"#.databaseValue.description, #""a\"b""#)
        XCTAssertEqual(Data("abcdef".utf8).databaseValue.description, "Data(6 bytes)")
    }

    func testRowDescriptions() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS id, 'Arthur' AS name, CAST('abcdef' AS BLOB) AS data, NULL AS score"))
            XCTAssertEqual(row.description, #"[id:1 name:"Arthur" data:Data(6 bytes) score:NULL]"#)
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS id, 'Arthur' AS name")
            XCTAssertEqual(try cursor.next()?.description, #"[id:1 name:"Arthur"]"#)
        }
        let literal: Row = ["id": 1, "name": "Arthur"]
        XCTAssertEqual("\(literal)", #"[id:1 name:"Arthur"]"#)
    }

    func testRecordErrorDescription() throws {
        struct Player: TableRecord, FetchableRecord, Decodable, Identifiable {
            var id: String
        }
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE player (id TEXT PRIMARY KEY)")
            XCTAssertThrowsError(try Player.find(db, id: "arthur")) { error in
                XCTAssertEqual("\(error)", #"Key not found in table player: [id:"arthur"]"#)
            }
        }
    }

    func testForeignKeyViolationDescription() throws {
        try makeDatabaseQueue().inDatabase { db in
            try db.execute(sql: """
                PRAGMA foreign_keys = OFF;
                CREATE TABLE author (id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), name TEXT);
                INSERT INTO book VALUES (1, 2, 'Moby-Dick');
                """)
            // The example of GRDB's Migrations article.
            XCTAssertThrowsError(try db.checkForeignKeys(in: "book")) { error in
                XCTAssertEqual("\(error)", #"SQLite error 19: FOREIGN KEY constraint violation - from book(authorId) to author(id), in [id:1 authorId:2 name:"Moby-Dick"]"#)
            }
        }
    }
}
