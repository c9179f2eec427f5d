import Folio
import XCTest

/// `fetchOne` of a value without an adapter steps once and reads the
/// leftmost column directly, without a cursor or a row: it must still
/// convert, fail and release its statement as the cursors do.
final class FetchOneLeftmostColumnTests: FolioTestCase {
    /// A value that is not `StatementColumnConvertible`: it goes through
    /// `DatabaseValue`.
    private struct Tag: DatabaseValueConvertible, Equatable {
        var name: String
        var databaseValue: DatabaseValue { name.databaseValue }
        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Tag? {
            String.fromDatabaseValue(dbValue).map(Tag.init(name:))
        }
    }

    private func makeNumbersQueue() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue(path: temporaryDatabasePath())
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b)")
            try db.execute(sql: "INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')")
        }
        return dbQueue
    }

    func testFetchOneReturnsTheLeftmostColumnOfTheFirstRow() throws {
        let dbQueue = try makeNumbersQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT a, b FROM t ORDER BY a"), 1)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT b, a FROM t ORDER BY a DESC"), "three")
            XCTAssertEqual(try Tag.fetchOne(db, sql: "SELECT b FROM t ORDER BY a"), Tag(name: "one"))
            XCTAssertNil(try Int.fetchOne(db, sql: "SELECT a FROM t WHERE 0"))
            XCTAssertNil(try Tag.fetchOne(db, sql: "SELECT b FROM t WHERE 0"))
            XCTAssertNil(try Int.fetchOne(db, sql: "SELECT NULL"))
            XCTAssertNil(try Tag.fetchOne(db, sql: "SELECT NULL"))
        }
    }

    func testFetchOneOfAPreparedStatementStartsFromTheFirstRowEachTime() throws {
        let dbQueue = try makeNumbersQueue()
        try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT a FROM t WHERE a >= ? ORDER BY a")
            XCTAssertEqual(try Int.fetchOne(statement, arguments: [2]), 2)
            XCTAssertEqual(try Int.fetchOne(statement), 2)
            XCTAssertEqual(try Int.fetchOne(statement, arguments: [1]), 1)
            let tags = try db.makeStatement(sql: "SELECT b FROM t WHERE a >= ? ORDER BY a")
            XCTAssertEqual(try Tag.fetchOne(tags, arguments: [3]), Tag(name: "three"))
            XCTAssertEqual(try Tag.fetchOne(tags), Tag(name: "three"))
        }
    }

    func testFetchOneReleasesItsStatementSoThatTheTableCanBeDropped() throws {
        // A statement left on a row keeps the table busy: DROP TABLE would
        // fail with SQLITE_LOCKED.
        let dbQueue = try makeNumbersQueue()
        try dbQueue.writeWithoutTransaction { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT a FROM t ORDER BY a"), 1)
            XCTAssertEqual(try Tag.fetchOne(db, sql: "SELECT b FROM t ORDER BY a"), Tag(name: "one"))
            try db.execute(sql: "DROP TABLE t")
        }
    }

    func testFetchOneConvertsValuesOfAnotherStorageClassAsTheCursorsDo() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertEqual(try Double.fetchOne(db, sql: "SELECT 2"), 2.0)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT 3.0"), Int.fromDatabaseValue(3.0.databaseValue))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT 3.0"), try Int.fetchAll(db, sql: "SELECT 3.0").first)
            XCTAssertEqual(try Optional<Int>.fetchOne(db, sql: "SELECT NULL"), .some(nil))
            XCTAssertEqual(try DatabaseValue.fetchOne(db, sql: "SELECT NULL"), .null)
        }
    }

    func testFetchOneOfAValueThatDoesNotConvertThrowsADecodingErrorThatNamesTheColumnAndTheSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT 'foo' AS name")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "name")
                XCTAssertEqual(error.sql, "SELECT 'foo' AS name")
            }
            XCTAssertThrowsError(try Tag.fetchOne(db, sql: "SELECT 1 AS tag")) { error in
                guard let error = error as? RowDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.reason, .valueMismatch)
                XCTAssertEqual(error.column, "tag")
                XCTAssertEqual(error.sql, "SELECT 1 AS tag")
            }
        }
    }

    func testFetchOneOfAStatementWithoutColumnThrowsWithoutRunningIt() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let statement = try db.makeStatement(sql: "CREATE TABLE u (a)")
            XCTAssertThrowsError(try Int.fetchOne(statement)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual((error as? DatabaseError)?.message, "statement returns no column")
            }
            XCTAssertThrowsError(try Tag.fetchOne(statement)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            XCTAssertFalse(try db.tableExists("u"))
        }
    }

    func testFetchOneWithAnAdapterReadsTheLeftmostColumnOfTheAdaptedRow() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let adapter = SuffixRowAdapter(fromIndex: 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT 1, 2", adapter: adapter), 2)
            XCTAssertEqual(try Tag.fetchOne(db, sql: "SELECT 'a', 'b'", adapter: adapter), Tag(name: "b"))
        }
    }
}
