import Folio
import Foundation
import XCTest

final class DataValueTests: FolioTestCase {
    func testDataRoundTrips() throws {
        let bytes = Data([0x00, 0x01, 0xFE, 0xFF])
        try assertRoundTrip(bytes, stores: DatabaseValue(storage: .blob(bytes)))
        let large = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try assertRoundTrip(large, stores: DatabaseValue(storage: .blob(large)))
    }

    func testEmptyDataIsAnEmptyBlobNotNull() throws {
        try assertRoundTrip(Data(), stores: DatabaseValue(storage: .blob(Data())))
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT typeof(?)", arguments: [Data()]), "blob")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT length(?)", arguments: [Data()]), 0)
            XCTAssertEqual(try Data.fetchOne(db, sql: "SELECT X''"), Data())
        }
    }

    func testDataReadsTheUTF8BytesOfText() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'é', ''"))
            XCTAssertEqual(row[0] as Data, Data([0xC3, 0xA9]))
            XCTAssertEqual(row[1] as Data, Data())
            XCTAssertEqual(try Data.fetchOne(db, sql: "SELECT 'abc'"), Data("abc".utf8))
            let cursor = try Row.fetchCursor(db, sql: "SELECT 'é'")
            XCTAssertEqual(try cursor.next()?.decode(Data.self, atIndex: 0), Data([0xC3, 0xA9]))
        }
    }

    func testNumbersAndNullDoNotConvertToData() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT 1 AS int, 1.5 AS double, NULL AS absent"
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            let error = assertThrowsRowDecodingError(try row.decode(Data.self, forColumn: "int"))
            XCTAssertEqual(error?.sql, sql)
            assertThrowsRowDecodingError(try row.decode(Data.self, forColumn: "double"))
            assertThrowsRowDecodingError(try row.decode(Data.self, forColumn: "absent"))
            XCTAssertNil(row["absent"] as Data?)
        }
    }
}
