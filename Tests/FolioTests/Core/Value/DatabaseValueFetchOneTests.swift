import Folio
import XCTest

/// `DatabaseValue.fetchOne` returns nil only when there is no row: NULL is
/// a value like the others (issue 15, item 7).
final class DatabaseValueFetchOneTests: FolioTestCase {
    func testFetchOneOfNullReturnsNullDatabaseValue() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try DatabaseValue.fetchOne(db, sql: "SELECT NULL"), .null)
            XCTAssertEqual(try DatabaseValue.fetchOne(db, sql: "SELECT 1"), 1.databaseValue)
        }
    }

    func testFetchOneWithoutRowReturnsNil() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertNil(try DatabaseValue.fetchOne(db, sql: "SELECT NULL WHERE 0"))
        }
    }

    func testFetchOneOfNullFromStatementAndRequestReturnsNullDatabaseValue() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT NULL")
            XCTAssertEqual(try DatabaseValue.fetchOne(statement), .null)
            let request = SQLRequest<DatabaseValue>(sql: "SELECT NULL")
            XCTAssertEqual(try request.fetchOne(db), .null)
            XCTAssertEqual(try DatabaseValue.fetchOne(db, request), .null)
            XCTAssertNil(try SQLRequest<DatabaseValue>(sql: "SELECT NULL WHERE 0").fetchOne(db))
        }
    }

    func testFetchOneOfOptionalTellsNullFromNoRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            // Optional<Int>: .some(nil) for NULL, nil for no row (GRDB's README).
            let null = try Optional<Int>.fetchOne(db, sql: "SELECT NULL")
            XCTAssertEqual(null, .some(nil))
            let none = try Optional<Int>.fetchOne(db, sql: "SELECT 1 WHERE 0")
            XCTAssertEqual(none, .none)
            let value = try Optional<Int>.fetchOne(db, sql: "SELECT 42")
            XCTAssertEqual(value, .some(42))
            // Optional<DatabaseValue>: DatabaseValue accepts NULL.
            let dbValue = try Optional<DatabaseValue>.fetchOne(db, sql: "SELECT NULL")
            XCTAssertEqual(dbValue, .some(.some(.null)))
        }
    }

    func testFetchOneOfNullIsNilForTypesThatRefuseNull() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertNil(try Int.fetchOne(db, sql: "SELECT NULL"))
            XCTAssertNil(try String.fetchOne(db, sql: "SELECT NULL"))
            XCTAssertNil(try Decimal.fetchOne(db, sql: "SELECT NULL"))
        }
    }

    func testOptionalDatabaseValueDecodesNullAsNullValue() throws {
        XCTAssertEqual(DatabaseValue?.fromDatabaseValue(.null), .some(.some(.null)))
        XCTAssertEqual(Int?.fromDatabaseValue(.null), .some(.none))
        let mismatch: Int?? = Int?.fromDatabaseValue("a".databaseValue)
        XCTAssertEqual(mismatch, .none)
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try DatabaseValue.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 1"), [.null, 1.databaseValue])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT NULL AS a"))
            XCTAssertEqual(try row.decode(DatabaseValue?.self, atIndex: 0), .some(.null))
        }
    }

    func testFetchOneOfMismatchedValueThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let error = assertThrowsRowDecodingError(try Int.fetchOne(db, sql: "SELECT 'foo' AS name"))
            XCTAssertEqual(error?.column, "name")
            XCTAssertEqual(error?.sql, "SELECT 'foo' AS name")
        }
    }
}
