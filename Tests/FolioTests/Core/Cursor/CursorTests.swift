import Folio
import XCTest

final class CursorTests: FolioTestCase {
    private func makeQueue(count: Int = 5) throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            for i in 1...count {
                try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [i])
            }
        }
        return dbQueue
    }

    func testCursorIsLazy() throws {
        let dbQueue = try makeQueue()
        let recorder = SQLRecorder()
        try dbQueue.inDatabase { db in
            // A function with a side effect tells how many rows were stepped.
            db.add(function: DatabaseFunction("tick", argumentCount: 1) { values in
                recorder.record("tick")
                return values[0]
            })
            let cursor = try Int.fetchCursor(db, sql: "SELECT tick(a) FROM t")
            XCTAssertEqual(recorder.queries.count, 0)
            XCTAssertEqual(try cursor.next(), 1)
            XCTAssertEqual(recorder.queries.count, 1)
            XCTAssertEqual(try cursor.next(), 2)
            XCTAssertEqual(recorder.queries.count, 2)
        }
    }

    func testRowCursorReusesRowAndCopyKeepsValues() throws {
        let dbQueue = try makeQueue(count: 3)
        try dbQueue.inDatabase { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT a FROM t ORDER BY a")
            var live: [Row] = []
            var copies: [Row] = []
            while let row = try cursor.next() {
                live.append(row)
                copies.append(row.copy())
            }
            XCTAssertTrue(live[0] === live[1])
            XCTAssertEqual(copies.map { $0[0] as Int }, [1, 2, 3])
        }
    }

    func testCursorUsedOutsideOfItsClosureThrows() throws {
        let dbQueue = try makeQueue()
        let cursor = try dbQueue.inDatabase { db in try Int.fetchCursor(db, sql: "SELECT a FROM t") }
        XCTAssertThrowsError(try cursor.next()) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            XCTAssertEqual((error as? DatabaseError)?.sql, "SELECT a FROM t")
        }
    }

    func testCursorCombinators() throws {
        let dbQueue = try makeQueue(count: 10)
        try dbQueue.inDatabase { db in
            func cursor() throws -> FastDatabaseValueCursor<Int> { try Int.fetchCursor(db, sql: "SELECT a FROM t ORDER BY a") }
            XCTAssertEqual(try Array(cursor().map { $0 * 2 }.prefix(3)), [2, 4, 6])
            XCTAssertEqual(try Array(cursor().filter { $0 % 3 == 0 }), [3, 6, 9])
            XCTAssertEqual(try Array(cursor().compactMap { $0 > 8 ? "\($0)" : nil }), ["9", "10"])
            XCTAssertEqual(try Array(cursor().dropFirst(8)), [9, 10])
            XCTAssertEqual(try Array(cursor().prefix(while: { $0 < 4 })), [1, 2, 3])
            XCTAssertEqual(try Array(cursor().drop(while: { $0 < 9 })), [9, 10])
            XCTAssertEqual(try cursor().reduce(0, +), 55)
            XCTAssertEqual(try cursor().reduce(into: [Int]()) { $0.append($1) }.count, 10)
            XCTAssertEqual(try cursor().first(where: { $0 > 4 }), 5)
            XCTAssertTrue(try cursor().contains(7))
            XCTAssertFalse(try cursor().contains(where: { $0 > 10 }))
            XCTAssertTrue(try cursor().allSatisfy { $0 > 0 })
            XCTAssertEqual(try cursor().max(by: <), 10)
            XCTAssertEqual(try cursor().min(by: <), 1)
            XCTAssertEqual(try Set(cursor()).count, 10)
            XCTAssertEqual(try Array(cursor().map { [$0, $0] }.joined()).count, 20)
            XCTAssertEqual(try Array(cursor().enumerated().map { $0.0 }).last, 9)
            var sum = 0
            try cursor().forEach { sum += $0 }
            XCTAssertEqual(sum, 55)
            XCTAssertFalse(try cursor().isEmpty)
            XCTAssertEqual(try Array(AnyCursor([1, 2, 3])), [1, 2, 3])
        }
    }

    func testCursorErrorIsThrownByNext() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "INSERT INTO t VALUES ('text')")
            let cursor = try Int.fetchCursor(db, sql: "SELECT a FROM t ORDER BY rowid")
            XCTAssertEqual(try cursor.next(), 1)
            for _ in 0..<4 { _ = try cursor.next() }
            XCTAssertThrowsError(try cursor.next()) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
                XCTAssertTrue("\(error)".contains("SELECT a FROM t ORDER BY rowid"), "\(error)")
            }
        }
    }

    func testNestedCursorsOnTheSameSQLDoNotInterfere() throws {
        let dbQueue = try makeQueue(count: 3)
        try dbQueue.inDatabase { db in
            var pairs: [(Int, Int)] = []
            let outer = try Int.fetchCursor(db, sql: "SELECT a FROM t ORDER BY a")
            while let a = try outer.next() {
                let inner = try Int.fetchCursor(db, sql: "SELECT a FROM t ORDER BY a")
                while let b = try inner.next() {
                    pairs.append((a, b))
                }
            }
            XCTAssertEqual(pairs.count, 9)
        }
    }
}
