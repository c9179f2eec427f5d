import CSQLite
import Folio
import Foundation
import XCTest

/// The non-failable `init(sqliteStatement:index:)` of `Bool`, `Data`,
/// `Double`, `Float`, `Int64` and `String` apply SQLite's conversions, as
/// in GRDB; `fromStatement(_:atUncheckedIndex:)` and row decoding keep
/// checking the column type.
final class StatementColumnInitializerTests: FolioTestCase {
    /// Runs `body` on the row of `SELECT 42, 1.5, 'text', x'414243', NULL, '12abc'`.
    private func withRow(_ body: (SQLiteStatement) throws -> Void) throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let statement = try db.makeStatement(sql: "SELECT 42, 1.5, 'text', x'414243', NULL, '12abc'")
            let cursor = try Row.fetchCursor(statement)
            XCTAssertNotNil(try cursor.next())
            try body(statement.sqliteStatement)
        }
    }

    func testInitializersApplySQLiteConversions() throws {
        try withRow { sqliteStatement in
            XCTAssertEqual(Int64(sqliteStatement: sqliteStatement, index: 0), 42)
            XCTAssertEqual(Int64(sqliteStatement: sqliteStatement, index: 1), 1)
            XCTAssertEqual(Int64(sqliteStatement: sqliteStatement, index: 5), 12)
            XCTAssertEqual(Double(sqliteStatement: sqliteStatement, index: 0), 42)
            XCTAssertEqual(Double(sqliteStatement: sqliteStatement, index: 1), 1.5)
            XCTAssertEqual(Double(sqliteStatement: sqliteStatement, index: 2), 0)
            XCTAssertEqual(Float(sqliteStatement: sqliteStatement, index: 1), 1.5)
            XCTAssertEqual(Bool(sqliteStatement: sqliteStatement, index: 0), true)
            XCTAssertEqual(Bool(sqliteStatement: sqliteStatement, index: 2), false)
            XCTAssertEqual(String(sqliteStatement: sqliteStatement, index: 0), "42")
            XCTAssertEqual(String(sqliteStatement: sqliteStatement, index: 2), "text")
            XCTAssertEqual(String(sqliteStatement: sqliteStatement, index: 3), "ABC")
            XCTAssertEqual(Data(sqliteStatement: sqliteStatement, index: 3), Data("ABC".utf8))
            XCTAssertEqual(Data(sqliteStatement: sqliteStatement, index: 2), Data("text".utf8))
        }
    }

    func testNonFailableInitializersInCustomTypes() throws {
        // A GRDB-style custom type that builds on a standard initializer.
        struct Name: DatabaseValueConvertible, StatementColumnConvertible, Equatable {
            var rawValue: String
            init(rawValue: String) { self.rawValue = rawValue }
            init(sqliteStatement: SQLiteStatement, index: CInt) {
                rawValue = String(sqliteStatement: sqliteStatement, index: index)
            }
            var databaseValue: DatabaseValue { rawValue.databaseValue }
            static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Name? {
                String.fromDatabaseValue(dbValue).map(Name.init(rawValue:))
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            XCTAssertEqual(try Name.fetchAll(db, sql: "SELECT 'Arthur' UNION ALL SELECT 'Barbara'"), [Name(rawValue: "Arthur"), Name(rawValue: "Barbara")])
            XCTAssertEqual(try Name?.fetchAll(db, sql: "SELECT NULL"), [nil])
        }
    }

    func testFromStatementChecksTheColumnType() throws {
        try withRow { sqliteStatement in
            XCTAssertEqual(Int64.fromStatement(sqliteStatement, atUncheckedIndex: 0), 42)
            XCTAssertNil(Int64.fromStatement(sqliteStatement, atUncheckedIndex: 2))
            XCTAssertNil(Int64.fromStatement(sqliteStatement, atUncheckedIndex: 4))
            XCTAssertEqual(Double.fromStatement(sqliteStatement, atUncheckedIndex: 0), 42)
            XCTAssertNil(Double.fromStatement(sqliteStatement, atUncheckedIndex: 2))
            XCTAssertNil(Float.fromStatement(sqliteStatement, atUncheckedIndex: 4))
            XCTAssertEqual(Bool.fromStatement(sqliteStatement, atUncheckedIndex: 1), true)
            XCTAssertNil(Bool.fromStatement(sqliteStatement, atUncheckedIndex: 3))
            XCTAssertEqual(String.fromStatement(sqliteStatement, atUncheckedIndex: 3), "ABC")
            XCTAssertEqual(String.fromStatement(sqliteStatement, atUncheckedIndex: 0), "42") // SQLite's conversion, as in GRDB
            XCTAssertNil(String.fromStatement(sqliteStatement, atUncheckedIndex: 4))
            XCTAssertEqual(Data.fromStatement(sqliteStatement, atUncheckedIndex: 2), Data("text".utf8))
            XCTAssertEqual(Data.fromStatement(sqliteStatement, atUncheckedIndex: 1), Data("1.5".utf8)) // SQLite's conversion, as in GRDB
            XCTAssertEqual(Int64?.fromStatement(sqliteStatement, atUncheckedIndex: 4), .some(nil))
            XCTAssertEqual(Int64?.fromStatement(sqliteStatement, atUncheckedIndex: 2), nil as Int64??)
        }
    }

    func testRowDecodingRefusesValuesThatDoNotConvert() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'text' AS t, 1.5 AS r, NULL AS n"))
            for decode in [
                { try row.decode(Int64.self, forColumn: "t") as Any },
                { try row.decode(Double.self, forColumn: "t") as Any },
                { try row.decode(Bool.self, forColumn: "t") as Any },
                { try row.decode(String.self, forColumn: "r") as Any },
                { try row.decode(Data.self, forColumn: "r") as Any },
                { try row.decode(Int64?.self, forColumn: "t") as Any },
                { try row.decode(String.self, forColumn: "n") as Any },
            ] as [() throws -> Any] {
                XCTAssertThrowsError(try decode()) { error in
                    XCTAssertTrue(error is RowDecodingError, "\(error)")
                }
            }
            XCTAssertThrowsError(try Int64.fetchAll(db, sql: "SELECT 'abc'")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
            XCTAssertEqual(try Double.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2.5"), [1, 2.5])
            XCTAssertEqual(try String?.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 'a'"), [nil, "a"])
        }
    }
}
