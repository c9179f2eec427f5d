import Folio
import Foundation
import XCTest

/// GRDB's README, "Fatal Errors": the conversions it documents as fatal
/// stop the program with a message that names the value and the type (in
/// a child process), and `DatabaseValue` reads them without stopping.
final class DocumentedFatalErrorTests: FolioTestCase {
    private enum Grape: String, DatabaseValueConvertible {
        case chardonnay, merlot, riesling
    }

    /// `row[0] as UInt8` of 256.
    func testUInt8FromOutOfRangeIntegerStops() throws {
        try assertProgrammerError(mentioning: ["256", "UInt8"]) {
            try DatabaseQueue().read { db in
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 256"))
                let value: UInt8 = row[0]
                print(value)
            }
        }
    }

    /// `row[0] as UInt8?` of 256.
    func testOptionalUInt8FromOutOfRangeIntegerStops() throws {
        try assertProgrammerError(mentioning: ["256", "UInt8"]) {
            try DatabaseQueue().read { db in
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 256"))
                let value: UInt8? = row[0]
                print(value as Any)
            }
        }
    }

    /// `row[0] as Date` of "Mom’s birthday".
    func testDateFromGarbageStringStops() throws {
        try assertProgrammerError(mentioning: ["Mom’s birthday", "Date"]) {
            try DatabaseQueue().read { db in
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'Mom’s birthday'"))
                let value: Date = row[0]
                print(value)
            }
        }
    }

    /// `row[0] as Grape?` of "syrah".
    func testEnumFromUnknownCaseStops() throws {
        try assertProgrammerError(mentioning: ["syrah", "Grape"]) {
            try DatabaseQueue().read { db in
                let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'syrah'"))
                let value: Grape? = row[0]
                print(value as Any)
            }
        }
    }

    /// The README's way out: `DatabaseValue` and `fromDatabaseValue`.
    func testDatabaseValueReadsWhatConversionsRefuse() throws {
        try DatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 256, 'Mom’s birthday', 'syrah'"))
            let integer: DatabaseValue = row[0]
            XCTAssertNil(UInt8.fromDatabaseValue(integer))
            XCTAssertEqual(Int.fromDatabaseValue(integer), 256)
            let text: DatabaseValue = row[1]
            XCTAssertNil(Date.fromDatabaseValue(text))
            let grape: DatabaseValue = row[2]
            XCTAssertNil(Grape.fromDatabaseValue(grape))
        }
    }
}
