import Folio
import Foundation
import XCTest

/// `Database.reindex(collation:)`: indexes are rebuilt after the
/// definition of a collation changed.
final class ReindexTests: FolioTestCase {
    private func compareLengths(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs.count < rhs.count ? .orderedAscending : lhs.count > rhs.count ? .orderedDescending : .orderedSame
    }

    func testReindexCustomCollation() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            let byLength = DatabaseCollation("byLength") { lhs, rhs in
                lhs.count < rhs.count ? .orderedAscending : lhs.count > rhs.count ? .orderedDescending : .orderedSame
            }
            db.add(collation: byLength)
            try db.execute(sql: """
                CREATE TABLE word (text TEXT COLLATE byLength);
                CREATE INDEX word_text ON word(text);
                INSERT INTO word VALUES ('ccc'), ('a'), ('bb');
                """)
            XCTAssertEqual(try String.fetchAll(db, sql: "PRAGMA integrity_check"), ["ok"])

            // A new definition: the index is now out of order.
            let reversed = DatabaseCollation("byLength") { lhs, rhs in
                lhs.count < rhs.count ? .orderedDescending : lhs.count > rhs.count ? .orderedAscending : .orderedSame
            }
            db.add(collation: reversed)
            XCTAssertNotEqual(try String.fetchAll(db, sql: "PRAGMA integrity_check"), ["ok"])

            try db.reindex(collation: reversed)
            XCTAssertEqual(lastSQLQuery, #"REINDEX "byLength""#)
            XCTAssertEqual(try String.fetchAll(db, sql: "PRAGMA integrity_check"), ["ok"])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT text FROM word ORDER BY text"), ["ccc", "bb", "a"])
        }
    }

    func testReindexBuiltInCollation() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a TEXT COLLATE NOCASE); CREATE INDEX t_a ON t(a)")
            try db.reindex(collation: .nocase)
            XCTAssertEqual(lastSQLQuery, #"REINDEX "NOCASE""#)
            try db.reindex(collation: .rtrim)
            XCTAssertEqual(lastSQLQuery, #"REINDEX "RTRIM""#)
        }
    }

    func testReindexUnknownCollationThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            XCTAssertThrowsError(try db.reindex(collation: Database.CollationName(rawValue: "missing"))) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "unable to identify the object to be reindexed")
            }
        }
    }
}
