import CSQLite
import Folio
import Foundation
import XCTest

final class StatementBindingTests: FolioTestCase {
    /// Binds a value to `SELECT ?` and returns the selected value.
    private func selected(_ value: some StatementBinding, _ db: Database) throws -> DatabaseValue {
        let statement = try db.makeStatement(sql: "SELECT ?")
        XCTAssertEqual(value.bind(to: statement.sqliteStatement, at: 1), SQLITE_OK)
        let cursor = try DatabaseValue.fetchCursor(statement)
        return try XCTUnwrap(cursor.next())
    }

    func testStandardTypesBindTheirDatabaseValue() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try selected(42, db).storage, .int64(42))
            XCTAssertEqual(try selected(Int64.max, db).storage, .int64(.max))
            XCTAssertEqual(try selected(UInt8(7), db).storage, .int64(7))
            XCTAssertEqual(try selected(true, db).storage, .int64(1))
            XCTAssertEqual(try selected(1.5, db).storage, .double(1.5))
            XCTAssertEqual(try selected(Float(0.5), db).storage, .double(0.5))
            XCTAssertEqual(try selected("Arthur", db).storage, .string("Arthur"))
            XCTAssertEqual(try selected("", db).storage, .string(""))
            XCTAssertEqual(try selected(Data([1, 2]), db).storage, .blob(Data([1, 2])))
            XCTAssertEqual(try selected(Data(), db).storage, .blob(Data()))
            XCTAssertEqual(try selected(Decimal(string: "10.5")!, db).storage, .string("10.5"))
            XCTAssertEqual(try selected(CGFloat(2.5), db).storage, .double(2.5))
            XCTAssertEqual(try selected(DatabaseValue.null, db).storage, .null)
            XCTAssertEqual(try selected(Date(timeIntervalSince1970: 0), db).storage, .string("1970-01-01 00:00:00.000"))
        }
    }

    func testOptionalsBindTheirWrappedValueOrNull() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try selected(Optional(3), db).storage, .int64(3))
            XCTAssertEqual(try selected(Int?.none, db).storage, .null)
            XCTAssertEqual(try selected(String??.some(nil), db).storage, .null)
        }
    }

    func testBindingAnInvalidIndexReturnsTheErrorCode() throws {
        try makeDatabaseQueue().read { db in
            let statement = try db.makeStatement(sql: "SELECT ?")
            XCTAssertEqual(42.bind(to: statement.sqliteStatement, at: 2), SQLITE_RANGE)
            XCTAssertEqual(Int?.none.bind(to: statement.sqliteStatement, at: 0), SQLITE_RANGE)
        }
    }

    func testCustomConvertibleTypesBindTheirDatabaseValue() throws {
        struct Email: DatabaseValueConvertible {
            var rawValue: String
            var databaseValue: DatabaseValue { rawValue.databaseValue }
            static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Email? {
                String.fromDatabaseValue(dbValue).map(Email.init(rawValue:))
            }
        }
        try makeDatabaseQueue().read { db in
            XCTAssertEqual(try selected(Email(rawValue: "a@b.c"), db).storage, .string("a@b.c"))
        }
    }

    // MARK: - Reading statement columns

    func testFromStatementReadsNonNullValues() throws {
        try makeDatabaseQueue().read { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 42, NULL, 'x', 1.5")
            _ = try cursor.next()
            let sqliteStatement = cursor.statement.sqliteStatement
            XCTAssertEqual(Int.fromStatement(sqliteStatement, atUncheckedIndex: 0), 42)
            XCTAssertNil(Int.fromStatement(sqliteStatement, atUncheckedIndex: 1))
            XCTAssertEqual(String.fromStatement(sqliteStatement, atUncheckedIndex: 2), "x")
            XCTAssertEqual(Double.fromStatement(sqliteStatement, atUncheckedIndex: 3), 1.5)
            // Optional decodes NULL as .some(nil).
            XCTAssertEqual(Int?.fromStatement(sqliteStatement, atUncheckedIndex: 1), .some(nil))
            XCTAssertEqual(Int?.fromStatement(sqliteStatement, atUncheckedIndex: 0), .some(42))
            XCTAssertEqual(UUID?.fromStatement(sqliteStatement, atUncheckedIndex: 2), nil as UUID??)
        }
    }

    func testDecimalReadsStatementColumns() throws {
        try makeDatabaseQueue().read { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT '10.25', 3, 1.5, 'ten', x'00', NULL")
            _ = try cursor.next()
            let sqliteStatement = cursor.statement.sqliteStatement
            XCTAssertEqual(Decimal(sqliteStatement: sqliteStatement, index: 0), Decimal(string: "10.25"))
            XCTAssertEqual(Decimal(sqliteStatement: sqliteStatement, index: 1), 3)
            XCTAssertEqual(Decimal(sqliteStatement: sqliteStatement, index: 2), 1.5)
            XCTAssertNil(Decimal(sqliteStatement: sqliteStatement, index: 3))
            XCTAssertNil(Decimal(sqliteStatement: sqliteStatement, index: 4))
            XCTAssertNil(Decimal.fromStatement(sqliteStatement, atUncheckedIndex: 5))

            // Fetching goes through the statement for decimals too.
            XCTAssertEqual(try Decimal.fetchAll(db, sql: "SELECT '-100' UNION ALL SELECT 2.5"), [-100, 2.5])
            XCTAssertEqual(try Decimal?.fetchAll(db, sql: "SELECT NULL"), [nil])
            XCTAssertThrowsError(try Decimal.fetchAll(db, sql: "SELECT 'ten'")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
        }
    }
}
