import Folio
import Foundation
import XCTest

final class FoundationClassesValueTests: FolioTestCase {
    func testNSNullIsStoredAsNull() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (value)")
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [NSNull()])
            try db.execute(literal: "INSERT INTO t VALUES (\(NSNull()))")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT typeof(value) FROM t"), ["null", "null"])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT value, 1 FROM t"))
            assertThrowsRowDecodingError(try row.decode(NSNull.self, atIndex: 0))
            assertThrowsRowDecodingError(try row.decode(NSNull.self, atIndex: 1))
            XCTAssertNil(NSNull.fromDatabaseValue(.null))
            XCTAssertNil(NSNull.fromDatabaseValue(1.databaseValue))
        }
    }

    func testNSStringRoundTrips() throws {
        try assertRoundTrip(NSString(string: "Élodie 👋"), stores: "Élodie 👋".databaseValue)
        try assertRoundTrip(NSString(string: ""), stores: "".databaseValue)
        XCTAssertNil(NSString.fromDatabaseValue(1.databaseValue))
    }

    func testNSDataRoundTrips() throws {
        let bytes = Data([0, 1, 2, 255])
        try assertRoundTrip(NSData(data: bytes), stores: DatabaseValue(storage: .blob(bytes)))
        let mutable = try XCTUnwrap(NSMutableData.fromDatabaseValue(bytes.databaseValue))
        XCTAssertEqual(mutable as Data, bytes)
        XCTAssertNil(NSData.fromDatabaseValue(1.databaseValue))
    }

    func testNSDateIsStoredAsDateIs() throws {
        let date = NSDate(timeIntervalSince1970: 1_441_995_255.5)
        try assertRoundTrip(date, stores: "2015-09-11 18:14:15.500".databaseValue)
        XCTAssertEqual(NSDate.fromDatabaseValue(0.databaseValue), NSDate(timeIntervalSince1970: 0))
        XCTAssertNil(NSDate.fromDatabaseValue("yesterday".databaseValue))
    }

    func testNSURLIsStoredAsURLIs() throws {
        try assertRoundTrip(NSURL(string: "https://sqlite.org/lang.html")!, stores: "https://sqlite.org/lang.html".databaseValue)
        XCTAssertNil(NSURL.fromDatabaseValue(1.databaseValue))
    }

    func testNSUUIDIsStoredAsUUIDIs() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try assertRoundTrip(uuid as NSUUID, stores: uuid.databaseValue)
        XCTAssertEqual(NSUUID.fromDatabaseValue("e621e1f8-c36c-495a-93fc-0c247a3e6e5f".databaseValue), uuid as NSUUID)
        XCTAssertNil(NSUUID.fromDatabaseValue("nope".databaseValue))
    }
}
