import Folio
import Foundation
import XCTest

/// Decoding errors name types as Swift code writes them: `Int`, `Date`,
/// `Player`, with the module only when the name alone is ambiguous.
final class RowDecodingErrorTypeNameTests: FolioTestCase {
    /// A type of the application named like Foundation's `Date`.
    enum Shadowing {
        struct Date: DatabaseValueConvertible {
            var databaseValue: DatabaseValue { .null }
            static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Date? { nil }
        }
    }

    struct Player: FetchableRecord, Decodable {
        var score: Int
        var birth: Foundation.Date
    }

    func testStandardTypesAreNamedWithoutTheirModule() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try UInt8.fetchOne(db, sql: "SELECT 256 AS value")) { error in
                XCTAssertEqual(
                    (error as? RowDecodingError)?.description,
                    "could not decode UInt8 from database value 256 - column: \"value\", column index: 0, row: [value:256], sql: `SELECT 256 AS value`")
            }
            XCTAssertThrowsError(try Foundation.Date.fetchOne(db, sql: "SELECT '2024-13-45 25:61:00' AS value")) { error in
                XCTAssertEqual(
                    (error as? RowDecodingError)?.description,
                    "could not decode Date from database value \"2024-13-45 25:61:00\" - column: \"value\", column index: 0, row: [value:\"2024-13-45 25:61:00\"], sql: `SELECT '2024-13-45 25:61:00' AS value`")
            }
            XCTAssertThrowsError(try UUID.fetchOne(db, sql: "SELECT 'x'")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.typeName, "UUID")
            }
        }
    }

    func testRecordPropertiesAreNamedWithoutTheirModule() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Player.fetchOne(db, sql: "SELECT 'abc' AS score, '2024-01-01' AS birth")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.typeName, "Int")
            }
            XCTAssertThrowsError(try Player.fetchOne(db, sql: "SELECT 1 AS score, 'tomorrow' AS birth")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.typeName, "Date")
            }
            XCTAssertThrowsError(try Player.fetchOne(db, sql: "SELECT 1 AS score")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.typeName, "Date")
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
            }
        }
    }

    func testTypesNamedLikeStandardTypesKeepTheirModule() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Shadowing.Date.fetchOne(db, sql: "SELECT 1")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.typeName, "FolioTests.RowDecodingErrorTypeNameTests.Shadowing.Date")
            }
        }
    }
}
