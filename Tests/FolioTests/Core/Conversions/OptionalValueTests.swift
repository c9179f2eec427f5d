import Folio
import Foundation
import XCTest

final class OptionalValueTests: FolioTestCase {
    func testNilIsStoredAsNull() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (value)")
            let name: String? = nil
            let date: Date? = nil
            try db.execute(sql: "INSERT INTO t VALUES (?), (?), (?)", arguments: [name, date, nil])
            try db.execute(literal: "INSERT INTO t VALUES (\(name))")
            XCTAssertEqual(lastSQLQuery, "INSERT INTO t VALUES (?)")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT typeof(value) FROM t"), ["null", "null", "null", "null"])
        }
    }

    func testOptionalTypesReadNullAsNil() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let sql = "SELECT NULL AS value"
            func checkRow(_ row: Row) throws {
                XCTAssertNil(row["value"] as Int?)
                XCTAssertNil(row[0] as Double?)
                XCTAssertNil(row["value"] as String?)
                XCTAssertNil(row[Column("value")] as Data?)
                XCTAssertNil(row["value"] as Date?)
                XCTAssertNil(row["value"] as UUID?)
                XCTAssertNil(row["value"] as URL?)
                XCTAssertNil(row["value"] as Decimal?)
                XCTAssertNil(try row.decode(Int?.self, forColumn: "value"))
                XCTAssertNil(try row.decode(String?.self, atIndex: 0))
                XCTAssertNil(try row.decode(Date?.self, forKey: Column("value")))
                XCTAssertNil(try row.decode(URL?.self, atIndex: 0))
                XCTAssertEqual(row["value"] as DatabaseValue, .null)
            }
            try checkRow(try XCTUnwrap(Row.fetchOne(db, sql: sql)))
            let cursor = try Row.fetchCursor(db, sql: sql)
            try checkRow(try XCTUnwrap(cursor.next()))

            XCTAssertEqual(try Int?.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT NULL UNION ALL SELECT 3"), [1, nil, 3])
            XCTAssertEqual(try String?.fetchAll(db, sql: "SELECT NULL"), [nil])
            XCTAssertEqual(try URL?.fetchAll(db, sql: "SELECT NULL"), [nil])
            // fetchOne returns nil for NULL as for no row.
            XCTAssertNil(try Int.fetchOne(db, sql: "SELECT NULL"))
            XCTAssertNil(try Int.fetchOne(db, sql: "SELECT 1 WHERE 0"))
            XCTAssertNil(try Decimal.fetchOne(db, sql: "SELECT NULL"))
        }
    }

    func testNonOptionalDecodeOfNullThrowsAnErrorNamingColumnAndSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', NULL)")
            let sql = "SELECT id, name, score FROM player"
            let expected = #"could not decode Int from database value NULL - column: "score", column index: 2, row: [id:1 name:"Arthur" score:NULL], sql: `SELECT id, name, score FROM player`"#

            // Copied row
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            var error = assertThrowsRowDecodingError(try row.decode(Int.self, forColumn: "score"))
            XCTAssertEqual(error?.reason, .valueMismatch)
            XCTAssertEqual(error?.column, "score")
            XCTAssertEqual(error?.index, 2)
            XCTAssertEqual(error?.databaseValue, .null)
            XCTAssertEqual(error?.sql, sql)
            XCTAssertEqual(error?.description, expected)
            error = assertThrowsRowDecodingError(try row.decode(Int.self, atIndex: 2))
            XCTAssertEqual(error?.description, expected)
            error = assertThrowsRowDecodingError(try row.decode(Int.self, forKey: Column("score")))
            XCTAssertEqual(error?.description, expected)

            // Live cursor row
            let cursor = try Row.fetchCursor(db, sql: sql)
            let liveRow = try XCTUnwrap(cursor.next())
            error = assertThrowsRowDecodingError(try liveRow.decode(Int.self, forColumn: "score"))
            XCTAssertEqual(error?.description, expected)
            error = assertThrowsRowDecodingError(try liveRow.decode(Date.self, forColumn: "score"))
            XCTAssertEqual(error?.column, "score")
            XCTAssertEqual(error?.sql, sql)

            // Value fetching
            error = assertThrowsRowDecodingError(try Int.fetchAll(db, sql: "SELECT score FROM player"))
            XCTAssertEqual(error?.description, #"could not decode Int from database value NULL - column: "score", column index: 0, row: [score:NULL], sql: `SELECT score FROM player`"#)
            error = assertThrowsRowDecodingError(try UUID.fetchAll(db, sql: "SELECT score FROM player"))
            XCTAssertEqual(error?.sql, "SELECT score FROM player")
        }
    }

    func testMissingColumnsAreNilForOptionalsAndThrowOtherwise() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'foo' AS foo"))
            XCTAssertNil(row["missing"] as String?)
            XCTAssertNil(try row.decode(Int?.self, forColumn: "missing"))
            let error = assertThrowsRowDecodingError(try row.decode(String.self, forColumn: "missing"))
            XCTAssertEqual(error?.reason, .columnNotFound)
            XCTAssertEqual(error?.description, #"could not decode String: no such column "missing" - row: [foo:"foo"], sql: `SELECT 'foo' AS foo`"#)
            let indexError = assertThrowsRowDecodingError(try row.decode(String.self, atIndex: 1))
            XCTAssertEqual(indexError?.reason, .columnNotFound)
            XCTAssertEqual(indexError?.index, 1)
        }
    }

    func testOptionalOfWrongTypeStillThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'abc' AS value"))
            let error = assertThrowsRowDecodingError(try row.decode(Int?.self, forColumn: "value"))
            // The message names the type that the value can not convert to.
            XCTAssertEqual(error?.description, #"could not decode Int from database value "abc" - column: "value", column index: 0, row: [value:"abc"], sql: `SELECT 'abc' AS value`"#)
            assertThrowsRowDecodingError(try Int?.fetchAll(db, sql: "SELECT 'abc'"))
            let fetchOneError = assertThrowsRowDecodingError(try Int.fetchOne(db, sql: "SELECT 'abc' AS value"))
            XCTAssertEqual(fetchOneError?.typeName, "Int")
            XCTAssertEqual(fetchOneError?.sql, "SELECT 'abc' AS value")
        }
    }
}
