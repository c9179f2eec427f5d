import Folio
import Foundation
import XCTest

final class UUIDValueTests: FolioTestCase {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let bytes = Data([0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F])

    func testUUIDIsStoredAsA16ByteBlob() throws {
        try assertRoundTrip(uuid, stores: DatabaseValue(storage: .blob(bytes)))
        let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        try assertRoundTrip(zero, stores: DatabaseValue(storage: .blob(Data(count: 16))))
        for _ in 0..<10 {
            let random = UUID()
            let stored = try XCTUnwrap(Data.fromDatabaseValue(random.databaseValue))
            XCTAssertEqual(stored.count, 16)
            try assertRoundTrip(random, stores: stored.databaseValue)
        }
    }

    func testUUIDReadsItsTextForms() throws {
        let texts = [
            "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
            "e621E1F8-c36C-495a-93Fc-0C247A3E6E5F",
            "E621E1F8C36C495A93FC0C247A3E6E5F",
            "e621e1f8c36c495a93fc0c247a3e6e5f",
        ]
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            for text in texts {
                XCTAssertEqual(UUID.fromDatabaseValue(text.databaseValue), uuid, text)
                XCTAssertEqual(try UUID.fetchOne(db, sql: "SELECT ?", arguments: [text]), uuid, text)
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT ? AS uuid", arguments: [text]))
                XCTAssertEqual(row["uuid"] as UUID, uuid, text)
                XCTAssertEqual(try row.decode(UUID.self, forColumn: "uuid"), uuid, text)
            }
            // Text stored in a table reads back too.
            try db.execute(sql: "CREATE TABLE t (uuid TEXT)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [uuid.uuidString])
            XCTAssertEqual(try UUID.fetchAll(db, sql: "SELECT uuid FROM t"), [uuid])
        }
    }

    func testInvalidUUIDValuesThrow() throws {
        let invalidTexts = [
            "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
            "E621E1F8-C36C-495A-93FC_0C247A3E6E5F", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", "E621E1F8C36C495A93FC0C247A3E6E5G",
            "E621E1F8-C36C495A-93FC-0C247A3E6E5F-", " E621E1F8-C36C-495A-93FC-0C247A3E6E5",
        ]
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            for text in invalidTexts {
                XCTAssertNil(UUID.fromDatabaseValue(text.databaseValue), text)
                let error = assertThrowsRowDecodingError(try UUID.fetchOne(db, sql: "SELECT ? AS uuid", arguments: [text]))
                XCTAssertEqual(error?.column, "uuid", text)
                XCTAssertEqual(error?.sql, "SELECT ? AS uuid", text)
            }
            for blob in [Data(), Data(count: 15), Data(count: 17)] {
                XCTAssertNil(UUID.fromDatabaseValue(blob.databaseValue))
                assertThrowsRowDecodingError(try UUID.fetchOne(db, sql: "SELECT ?", arguments: [blob]))
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT ?", arguments: [blob]))
                assertThrowsRowDecodingError(try row.decode(UUID.self, atIndex: 0))
            }
            assertThrowsRowDecodingError(try UUID.fetchOne(db, sql: "SELECT 1"))
            assertThrowsRowDecodingError(try UUID.fetchOne(db, sql: "SELECT 1.5"))
            XCTAssertNil(try UUID.fetchOne(db, sql: "SELECT NULL"))
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS uuid"))
            let error = assertThrowsRowDecodingError(try row.decode(UUID.self, forColumn: "uuid"))
            XCTAssertEqual(error?.description, "could not decode UUID from database value NULL - column: \"uuid\", column index: 0, row: [uuid:NULL], sql: `SELECT NULL AS uuid`")
        }
    }

    func testUUIDBlobsCompareInSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (uuid BLOB PRIMARY KEY, name TEXT)")
            try db.execute(literal: "INSERT INTO player VALUES (\(uuid), 'Arthur')")
            XCTAssertEqual(try SQLRequest<String>(literal: "SELECT name FROM player WHERE uuid = \(uuid)").fetchOne(db), "Arthur")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT hex(uuid) FROM player"), "E621E1F8C36C495A93FC0C247A3E6E5F")
        }
    }
}
