import Folio
import XCTest

/// The statement cache finds statements by SQL bytes, through a small
/// front of the SQL strings used last: the front must never hand out a
/// statement that the cache itself would not.
final class StatementCacheTests: FolioTestCase {
    private func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        return dbQueue
    }

    func testSameSQLInAnotherStringFindsTheCachedStatement() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT a FROM t WHERE a > ?"
            let statement = try db.cachedStatement(sql: sql)
            XCTAssertTrue(try db.cachedStatement(sql: sql) === statement)
            // Same bytes, other storage.
            let rebuilt = ["SELECT a FROM t", "WHERE a > ?"].joined(separator: " ")
            XCTAssertTrue(try db.cachedStatement(sql: rebuilt) === statement)
            XCTAssertTrue(try db.cachedStatement(sql: sql) === statement)
        }
    }

    func testCanonicallyEquivalentSQLGetsItsOwnStatement() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            let precomposed = "SELECT a AS \"caf\u{E9}\" FROM t"
            let decomposed = "SELECT a AS \"cafe\u{301}\" FROM t"
            XCTAssertEqual(precomposed, decomposed) // Swift equates them
            for _ in 0..<3 {
                XCTAssertEqual(try db.cachedStatement(sql: precomposed).columnNames, ["caf\u{E9}"])
                XCTAssertEqual(try db.cachedStatement(sql: decomposed).columnNames, ["cafe\u{301}"])
                XCTAssertEqual(try Row.fetchOne(db, sql: decomposed)?.columnNames.first, "cafe\u{301}")
                XCTAssertEqual(try Row.fetchOne(db, sql: precomposed)?.columnNames.first, "caf\u{E9}")
            }
        }
    }

    func testRecentlyUsedStatementIsDroppedByASchemaChange() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT * FROM t"
            let statement = try db.cachedStatement(sql: sql)
            XCTAssertTrue(try db.cachedStatement(sql: sql) === statement)
            try db.execute(sql: "ALTER TABLE t ADD COLUMN b INTEGER")
            let newStatement = try db.cachedStatement(sql: sql)
            XCTAssertFalse(newStatement === statement)
            XCTAssertEqual(newStatement.columnNames, ["a", "b"])
        }
    }

    func testStatementReplacedWhileBusyIsNotHandedOutAgain() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT a FROM t"
            let busy = try db.cachedStatement(sql: sql)
            XCTAssertTrue(try db.cachedStatement(sql: sql) === busy)
            let cursor = try Row.fetchCursor(busy)
            XCTAssertNotNil(try cursor.next())
            // The busy statement can not run: a fresh one runs, and
            // replaces it in the cache.
            try db.execute(sql: sql)
            XCTAssertNil(try cursor.next())
            let replacement = try db.cachedStatement(sql: sql)
            XCTAssertFalse(replacement === busy)
            XCTAssertTrue(try db.cachedStatement(sql: sql) === replacement)
        }
    }

    func testReleaseMemoryDropsRecentlyUsedStatements() throws {
        let dbQueue = try makeQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT a FROM t"
            let statement = try db.cachedStatement(sql: sql)
            XCTAssertTrue(try db.cachedStatement(sql: sql) === statement)
            db.releaseMemory()
            XCTAssertFalse(try db.cachedStatement(sql: sql) === statement)
        }
    }

    func testManyAlternatingStatementsRunWithTheirOwnArguments() throws {
        let dbQueue = try makeQueue()
        let sqls = (0..<6).map { "INSERT INTO t VALUES (? + \($0))" }
        try dbQueue.write { db in
            for round in 0..<3 {
                for (index, sql) in sqls.enumerated() {
                    try db.execute(sql: sql, arguments: [100 * round + 10 * index])
                }
            }
        }
        let expected = [1] + (0..<3).flatMap { round in (0..<6).map { 100 * round + 11 * $0 } }
        XCTAssertEqual(try dbQueue.read { try Int.fetchAll($0, sql: "SELECT a FROM t ORDER BY rowid") }, expected)
    }

    func testArrayLiteralArgumentsBindEveryCommonType() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE v (i, i64, d, s, b, flag, n)")
            let name = String(repeating: "long text ", count: 4)
            for _ in 0..<2 {
                try db.execute(
                    sql: "INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [1, Int64.max, 2.5, name, Data([0, 1]), true, nil])
            }
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM v")
            XCTAssertEqual(rows.count, 2)
            for row in rows {
                XCTAssertEqual(row["i"] as Int?, 1)
                XCTAssertEqual(row["i64"] as Int64?, Int64.max)
                XCTAssertEqual(row["d"] as Double?, 2.5)
                XCTAssertEqual(row["s"] as String?, name)
                XCTAssertEqual(row["b"] as Data?, Data([0, 1]))
                XCTAssertEqual(row["flag"] as Bool?, true)
                XCTAssertTrue((row["n"] as DatabaseValue).isNull)
            }
            XCTAssertEqual(name, String(repeating: "long text ", count: 4))
        }
    }

    func testArrayLiteralWithUnrepresentableValueThrowsWithoutRunning() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE v (a, b)")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO v VALUES (?, ?)", arguments: [1, UInt64.max])) { error in
                XCTAssertEqual((error as? DatabaseError)?.sql, "INSERT INTO v VALUES (?, ?)")
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM v"), 0)
            try db.execute(sql: "INSERT INTO v VALUES (?, ?)", arguments: [1, 2])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM v"), 1)
        }
    }
}
