import Folio
import XCTest

/// The `Identifiable` identity of functions and collations: SQLite
/// identifies functions by name (case-insensitive) and argument count,
/// and collations by name (case-insensitive).
final class DatabaseFunctionIdentityTests: FolioTestCase {
    func testFunctionIDs() {
        let f1 = DatabaseFunction("f", argumentCount: 1) { _ in 1 }
        let f1Upper = DatabaseFunction("F", argumentCount: 1) { _ in 2 }
        let f2 = DatabaseFunction("f", argumentCount: 2) { _ in 3 }
        let fAny = DatabaseFunction("f") { _ in 4 }
        XCTAssertEqual(f1.id, f1Upper.id)
        XCTAssertNotEqual(f1.id, f2.id)
        XCTAssertNotEqual(f1.id, fAny.id)
        XCTAssertEqual(Set([f1.id, f1Upper.id, f2.id, fAny.id]).count, 3)
        XCTAssertEqual(f1, f1Upper)
    }

    func testAFunctionWithTheSameIDReplacesAnother() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let f1 = DatabaseFunction("f", argumentCount: 1) { _ in "first" }
            let f2 = DatabaseFunction("F", argumentCount: 1) { _ in "second" }
            let f0 = DatabaseFunction("f", argumentCount: 0) { _ in "none" }
            XCTAssertEqual(f1.id, f2.id)
            db.add(function: f1)
            db.add(function: f2)
            db.add(function: f0)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT f(1)"), "second")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT f()"), "none")
        }
    }

    func testArgumentCountIsAnInt() throws {
        let count: Int = 2
        let plus = DatabaseFunction("plus", argumentCount: count, pure: true) { values in
            (Int.fromDatabaseValue(values[0]) ?? 0) + (Int.fromDatabaseValue(values[1]) ?? 0)
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(function: plus)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT plus(1, 2)"), 3)
            XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT plus(1)"))
        }
    }

    func testCollationIDs() throws {
        let c1 = DatabaseCollation("byLength") { _, _ in .orderedSame }
        let c2 = DatabaseCollation("BYLENGTH") { _, _ in .orderedAscending }
        let c3 = DatabaseCollation("other") { _, _ in .orderedSame }
        XCTAssertEqual(c1.id, c2.id)
        XCTAssertNotEqual(c1.id, c3.id)
        XCTAssertEqual(Set([c1.id, c2.id, c3.id]).count, 2)
        XCTAssertEqual(c1.id.hashValue, c2.id.hashValue)

        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            db.add(collation: DatabaseCollation("reversed") { lhs, rhs in
                lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
            })
            db.add(collation: DatabaseCollation("REVERSED") { lhs, rhs in
                lhs < rhs ? .orderedDescending : lhs > rhs ? .orderedAscending : .orderedSame
            })
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT a FROM (SELECT 'a' AS a UNION ALL SELECT 'b') ORDER BY a COLLATE reversed"),
                ["b", "a"])
        }
    }
}
