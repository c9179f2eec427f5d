import Folio
import XCTest

final class DatabaseFunctionTests: FolioTestCase {
    func testCustomFunction() throws {
        let dbQueue = try makeDatabaseQueue()
        let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map { String($0.reversed()) }
        }
        try dbQueue.inDatabase { db in
            db.add(function: reverse)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT reverse('foo')"), "oof")
            XCTAssertNil(try String.fetchOne(db, sql: "SELECT reverse(NULL)"))
            db.remove(function: reverse)
            XCTAssertThrowsError(try String.fetchOne(db, sql: "SELECT reverse('foo')"))
        }
    }

    func testVariadicFunctionAndFunctionError() throws {
        struct Failure: Error, CustomStringConvertible { var description: String { "custom failure" } }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("sumAll") { values in
                values.compactMap { Int.fromDatabaseValue($0) }.reduce(0, +)
            })
            db.add(function: DatabaseFunction("fail", argumentCount: 0) { _ in throw Failure() })
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT sumAll(1, 2, 3, NULL)"), 6)
            XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT fail()")) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "custom failure")
                XCTAssertEqual((error as? DatabaseError)?.sql, "SELECT fail()")
            }
        }
    }

    func testAggregateFunction() throws {
        struct Product: DatabaseAggregate {
            var product = 1
            mutating func step(_ dbValues: [DatabaseValue]) throws {
                product *= Int.fromDatabaseValue(dbValues[0]) ?? 1
            }
            func finalize() throws -> (any DatabaseValueConvertible)? { product }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(function: DatabaseFunction("product", argumentCount: 1, aggregate: Product.self))
            try db.execute(sql: "CREATE TABLE t (g, a); INSERT INTO t VALUES (1, 2), (1, 3), (2, 5)")
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT product(a) FROM t GROUP BY g ORDER BY g"), [6, 5])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT product(a) FROM t WHERE 0"), 1)
        }
    }
}
