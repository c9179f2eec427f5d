import Folio
import Foundation
import XCTest

/// Trees of 200,000 nested expressions, literals, subqueries, common table
/// expressions, associations and filters are built, used (their SQL
/// generation throws SQLite's depth error, or runs when the tree flattens
/// to something SQLite accepts) and freed, in a child process, in a debug
/// build: none of it may exhaust the stack.
final class DeepTreeTests: FolioTestCase {
    private let depth = 200_000

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER, parentId INTEGER REFERENCES t(id));
                INSERT INTO t VALUES (1, 1, 2, NULL);
                """)
        }
        return dbQueue
    }

    /// Asserts that fetching the request throws SQLite's depth error (or
    /// another SQLite error that refuses the statement), and that the
    /// connection still runs statements.
    private func assertTooDeep(
        _ request: some FetchRequest,
        file: StaticString = #filePath,
        line: UInt = #line) throws
    {
        try makeDatabase().read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, request), file: file, line: line) { error in
                XCTAssertTrue(error is DatabaseError, "\(type(of: error)): \(error)", file: file, line: line)
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT a FROM t"), 1, file: file, line: line)
        }
    }

    func testDeepOrChainIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            let expression = (0..<depth).reduce(Column("a") == 0) { $0 || Column("a") == $1 }
            // One flat OR of 200,000 terms, built in linear time, that
            // SQLite refuses (it nests ORs two by two).
            try assertTooDeep(Table("t").filter(expression))
        }
    }

    func testDeepNestedAndOrIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            var expression = Column("a") == 0
            for i in 0..<depth {
                expression = i.isMultiple(of: 2)
                    ? (expression || Column("b") == i) && Column("a") != i
                    : (expression && Column("b") != i) || Column("a") == i
            }
            try assertTooDeep(Table("t").filter(expression))
        }
    }

    func testDeepNotChainIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            var expression = Column("a") == 0
            for i in 0..<depth {
                expression = !(expression && Column("b") != i)
            }
            try assertTooDeep(Table("t").filter(expression))
        }
    }

    func testDeepNegationChainIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            var expression = Column("a").sqlExpression
            for _ in 0..<depth {
                expression = (-expression).sqlExpression
            }
            try assertTooDeep(Table("t").select(expression))
        }
    }

    func testDeepSQLLiteralIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            var expression = Column("a").sqlExpression
            for i in 0..<depth {
                expression = SQL("(\(expression) + \(i))").sqlExpression
            }
            try assertTooDeep(Table("t").select(expression))
        }
    }

    func testDeepSubqueryIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            var request = Table("t").select(Column("a"))
            for _ in 0..<depth {
                request = Table("t").select(Column("a")).filter(Column("a") == request)
            }
            try assertTooDeep(request)
        }
    }

    func testDeepCommonTableExpressionsAreBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            var cte = CommonTableExpression(named: "c0", request: Table("t").all())
            for i in 1..<depth {
                cte = CommonTableExpression(named: "c\(i)", request: Table<Row>(cte.tableName).all().with(cte))
            }
            try assertTooDeep(Table<Row>(cte.tableName).all().with(cte))
        }
    }

    func testDeepAssociationChainIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            let parent = Table("t").belongsTo(Table("t"), key: "parent", using: ForeignKey(["parentId"]))
            var association = parent
            for _ in 0..<depth {
                association = parent.including(required: association)
            }
            try assertTooDeep(Table("t").including(required: association))
        }
    }

    func testLongFilterChainIsBuiltUsedAndFreed() throws {
        try runIsolatedFromCrashes {
            // Built in linear time; SQLite refuses 200,000 ANDs.
            let request = (0..<depth).reduce(Table("t").all()) { $0.filter(Column("a") != $1 + 10) }
            try assertTooDeep(request)
            // A thousand filters run.
            let shortRequest = (0..<900).reduce(Table("t").all()) { $0.filter(Column("a") != $1 + 10) }
            let count = try makeDatabase().read { db in try shortRequest.fetchCount(db) }
            XCTAssertEqual(count, 1)
        }
    }
}
