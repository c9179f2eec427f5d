import Folio
import Foundation
import XCTest

final class RowUnsafeDataTests: FolioTestCase {
    private let sql = "SELECT x'010203' AS blob, 'abc' AS text, NULL AS absent, 12 AS int, x'' AS empty"

    /// The bytes given to the closure, copied inside it.
    private func bytes(_ row: Row, atIndex index: Int) throws -> [UInt8]? {
        try row.withUnsafeData(atIndex: index) { data in data.map { Array($0) } }
    }

    private func assertDataOfRow(_ row: Row, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try bytes(row, atIndex: 0), [1, 2, 3], file: file, line: line)
        XCTAssertEqual(try bytes(row, atIndex: 1), Array("abc".utf8), file: file, line: line)
        XCTAssertNil(try bytes(row, atIndex: 2), file: file, line: line)
        XCTAssertEqual(try bytes(row, atIndex: 4), [], file: file, line: line)
        XCTAssertEqual(try row.withUnsafeData(named: "BLOB") { $0?.count }, 3, file: file, line: line)
        XCTAssertEqual(try row.withUnsafeData(at: Column("text")) { $0.map { Array($0) } }, Array("abc".utf8), file: file, line: line)
        // A missing column gives nil, as NULL does.
        XCTAssertEqual(try row.withUnsafeData(named: "missing") { $0 == nil }, true, file: file, line: line)
        XCTAssertEqual(try row.withUnsafeData(at: Column("missing")) { $0 == nil }, true, file: file, line: line)
    }

    func testCursorRowGivesBlobsTextAndNullsWithoutCopy() throws {
        try makeDatabaseQueue().read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try XCTUnwrap(cursor.next())
            try assertDataOfRow(row)
        }
    }

    func testCopiedRowGivesBlobsTextAndNulls() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            try assertDataOfRow(row)
        }
    }

    func testAdaptedRowsGiveTheDataOfTheirColumns() throws {
        try makeDatabaseQueue().read { db in
            let mapping = ColumnMapping(["b": "text", "a": "blob"])
            let cursor = try Row.fetchCursor(db, sql: sql, adapter: mapping)
            let live = try XCTUnwrap(cursor.next())
            XCTAssertEqual(try bytes(live, atIndex: 0), [1, 2, 3])
            XCTAssertEqual(try live.withUnsafeData(named: "b") { $0.map { Array($0) } }, Array("abc".utf8))
            let copied = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: mapping))
            XCTAssertEqual(try bytes(copied, atIndex: 1), Array("abc".utf8))
            let suffixCursor = try Row.fetchCursor(db, sql: sql, adapter: SuffixRowAdapter(fromIndex: 1))
            let suffix = try XCTUnwrap(suffixCursor.next())
            XCTAssertEqual(try suffix.withUnsafeData(atIndex: 0) { $0.map { Array($0) } }, Array("abc".utf8))
        }
    }

    func testNumbersAndInvalidIndexesThrow() throws {
        try makeDatabaseQueue().read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try XCTUnwrap(cursor.next())
            XCTAssertThrowsError(try row.withUnsafeData(atIndex: 3) { _ in () }) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
            XCTAssertThrowsError(try row.withUnsafeData(named: "int") { _ in () }) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
            XCTAssertThrowsError(try row.withUnsafeData(atIndex: 5) { _ in () }) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
            }
            XCTAssertThrowsError(try row.withUnsafeData(atIndex: -1) { _ in () })
            let copy = row.copy()
            XCTAssertThrowsError(try copy.withUnsafeData(atIndex: 3) { _ in () }) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .valueMismatch)
            }
        }
    }

    func testErrorsOfTheClosureAreRethrown() throws {
        struct TestError: Error { }
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            XCTAssertThrowsError(try row.withUnsafeData(atIndex: 0) { _ in throw TestError() }) { error in
                XCTAssertTrue(error is TestError)
            }
        }
    }
}
