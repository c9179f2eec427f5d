import Folio
import Foundation
import XCTest

/// The description of `RowDecodingError` says what GRDB's documentation
/// says: "could not decode String from database value NULL", then the
/// context (column, column index, row, SQL).
final class RowDecodingErrorDescriptionTests: FolioTestCase {
    /// GRDB's README, "RowDecodingError":
    ///
    ///     let row = try Row.fetchOne(db, sql: "SELECT NULL AS name")!
    ///     // RowDecodingError: could not decode String from database value NULL.
    ///     let name = try row.decode(String.self, forColumn: "name")
    func testReadmeSampleOfValueMismatch() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS name"))
            XCTAssertThrowsError(try row.decode(String.self, forColumn: "name")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(
                    error.description,
                    #"could not decode String from database value NULL - column: "name", column index: 0, row: [name:NULL], sql: `SELECT NULL AS name`"#)
            }
        }
    }

    /// GRDB's README, "Fatal Errors": `could not convert "Mom’s birthday"
    /// to Date` is, for the throwing `decode`, a value mismatch that names
    /// the database value.
    func testValueMismatchOfANonNullValue() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'Mom’s birthday' AS date"))
            XCTAssertThrowsError(try row.decode(Date.self, forColumn: "date")) { error in
                XCTAssertEqual(
                    "\(error)",
                    #"could not decode Date from database value "Mom’s birthday" - column: "date", column index: 0, row: [date:"Mom’s birthday"], sql: `SELECT 'Mom’s birthday' AS date`"#)
            }
        }
    }

    func testMissingColumnNamesItOnceAndKeepsTheContext() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS id"))
            XCTAssertThrowsError(try row.decode(String.self, forColumn: "missing")) { error in
                XCTAssertEqual(
                    "\(error)",
                    #"could not decode String: no such column "missing" - row: [id:1], sql: `SELECT 1 AS id`"#)
            }
        }
    }
}
