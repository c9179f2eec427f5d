import Folio
import XCTest

/// `IndexInfo.Origin`: why an index exists, as `PRAGMA index_list` says.
final class IndexInfoOriginTests: FolioTestCase {
    func testOriginsOfIndexes() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id TEXT PRIMARY KEY, email TEXT UNIQUE, score INTEGER);
                CREATE INDEX player_score ON player(score);
                """)
            let origins = try Dictionary(uniqueKeysWithValues: db.indexes(on: "player").map { ($0.name, $0.origin) })
            XCTAssertEqual(origins["player_score"], .createIndex)
            XCTAssertEqual(origins["sqlite_autoindex_player_1"], .primaryKeyConstraint)
            XCTAssertEqual(origins["sqlite_autoindex_player_2"], .uniqueConstraint)
        }
    }

    func testRawValues() {
        XCTAssertEqual(IndexInfo.Origin.createIndex.rawValue, "c")
        XCTAssertEqual(IndexInfo.Origin.uniqueConstraint.rawValue, "u")
        XCTAssertEqual(IndexInfo.Origin.primaryKeyConstraint.rawValue, "pk")
        XCTAssertEqual(IndexInfo.Origin(rawValue: "u"), .uniqueConstraint)
        // Values that a future SQLite may add are kept.
        var origin = IndexInfo.Origin(rawValue: "x")
        XCTAssertEqual(origin.rawValue, "x")
        XCTAssertNotEqual(origin, .createIndex)
        origin.rawValue = "c"
        XCTAssertEqual(origin, .createIndex)
    }

    func testOriginIsADatabaseValue() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (email TEXT UNIQUE)")
            let origins = try IndexInfo.Origin.fetchAll(db, sql: "SELECT origin FROM pragma_index_list('player')")
            XCTAssertEqual(origins, [.uniqueConstraint])
            let count = try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM pragma_index_list('player') WHERE origin = ?",
                arguments: [IndexInfo.Origin.uniqueConstraint])
            XCTAssertEqual(count, 1)
        }
        XCTAssertEqual(IndexInfo.Origin.primaryKeyConstraint.databaseValue, "pk".databaseValue)
        XCTAssertEqual(IndexInfo.Origin.fromDatabaseValue("u".databaseValue), .uniqueConstraint)
        XCTAssertNil(IndexInfo.Origin.fromDatabaseValue(1.databaseValue))
        XCTAssertNil(IndexInfo.Origin.fromDatabaseValue(.null))
    }
}
