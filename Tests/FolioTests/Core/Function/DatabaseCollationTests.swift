import Folio
import XCTest

final class DatabaseCollationTests: FolioTestCase {
    func testBuiltInCollationsOrderStrings() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('b'), ('A'), ('a'), ('B'), ('file10'), ('file2')")
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY name"),
                ["A", "B", "a", "b", "file10", "file2"])
            let caseInsensitive = try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY name COLLATE \(DatabaseCollation.caseInsensitiveCompare.name), name")
            XCTAssertEqual(caseInsensitive, ["A", "a", "B", "b", "file10", "file2"])
            let localized = try SQLRequest<String>(literal: "SELECT name FROM t WHERE name LIKE 'file%' ORDER BY name COLLATE \(.localizedStandardCompare)").fetchAll(db)
            XCTAssertEqual(localized, ["file2", "file10"])
        }
    }

    func testCustomCollation() throws {
        let dbQueue = try makeDatabaseQueue()
        let byLength = DatabaseCollation("byLength") { lhs, rhs in
            lhs.count < rhs.count ? .orderedAscending : lhs.count > rhs.count ? .orderedDescending : .orderedSame
        }
        try dbQueue.inDatabase { db in
            db.add(collation: byLength)
            try db.execute(sql: "CREATE TABLE t (name TEXT COLLATE byLength); INSERT INTO t VALUES ('ccc'), ('a'), ('bb')")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY name"), ["a", "bb", "ccc"])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE name = 'zz'"), 1)
        }
    }
}
