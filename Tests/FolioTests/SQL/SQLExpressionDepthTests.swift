import Folio
import XCTest

/// Expressions nested deeper than SQLite accepts throw SQLite's error
/// when their SQL is generated, instead of exhausting the stack; those
/// within the limit run.
final class SQLExpressionDepthTests: FolioTestCase {
    /// `a - 1 - 2 - ... - n`: a left-nested chain of `n` binary operators.
    private func chain(_ n: Int) -> SQLExpression {
        var expression = Column("a").sqlExpression
        for i in 1...n { expression = (expression - i).sqlExpression }
        return expression
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1000000)")
        }
        return dbQueue
    }

    func testChainWithinTheLimitRuns() throws {
        let expression = chain(50)
        try makeDatabase().read { db in
            let value = try Int.fetchOne(db, Table("t").select(expression))
            XCTAssertEqual(value, 1000000 - (1...50).reduce(0, +))
        }
    }

    func testChainThatSQLiteParserRefusesThrowsSQLiteError() throws {
        // SQLite's parser has a stack of its own (about a hundred nested
        // parentheses): its error comes back as any statement error.
        let expression = chain(500)
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Int.fetchOne(db, Table("t").select(expression))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR, "\(error)")
            }
        }
    }

    func testChainDeeperThanSQLiteAllowsThrows() throws {
        let expression = chain(3000)
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, Table("t").filter(expression == 0))) { error in
                guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message?.contains("Expression tree is too large (maximum depth 1000)") == true, "\(error)")
            }
            // The connection is still usable.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT a FROM t"), 1000000)
        }
    }

    func testDeepUnaryChainThrows() throws {
        var expression = Column("a").sqlExpression
        for _ in 0..<3000 { expression = (-expression).sqlExpression }
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, Table("t").select(expression)))
        }
    }
}
