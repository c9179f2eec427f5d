import Folio
import XCTest

/// The `DELETE`/`UPDATE ... RETURNING` methods of `QueryInterfaceRequest`,
/// with GRDB's generic constraints on each method.
final class ReturningRequestConstraintsTests: FolioTestCase {
    struct Player: Codable, Hashable, Identifiable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "player"
        var id: Int64
        var score: Int
    }

    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, score INTEGER);
                INSERT INTO player VALUES (1, 10), (2, 20), (3, 30), (4, 40);
                """)
        }
        return dbQueue
    }

    func testDeleteAndFetch() throws {
        try makePlayers().write { db in
            XCTAssertEqual(try Player.filter(Column("id") == 1).deleteAndFetchAll(db), [Player(id: 1, score: 10)])
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" = ? RETURNING *"#)
            XCTAssertEqual(try Player.filter(Column("id") == 2).deleteAndFetchSet(db), [Player(id: 2, score: 20)])
            XCTAssertEqual(try Array(Player.filter(Column("id") == 3).deleteAndFetchCursor(db)), [Player(id: 3, score: 30)])
            XCTAssertEqual(try Player.all().deleteAndFetchIds(db), [4])
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" RETURNING "id""#)
        }
    }

    func testUpdateAndFetchWithAssignmentArrays() throws {
        try makePlayers().write { db in
            let score = Column("score")
            let all = try Player.filter(Column("id") == 1).updateAndFetchAll(db, [score.set(to: 11)])
            XCTAssertEqual(all, [Player(id: 1, score: 11)])
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ? WHERE "id" = ? RETURNING *"#)
            let set = try Player.filter(Column("id") == 2).updateAndFetchSet(db, onConflict: .replace, [score.set(to: 22)])
            XCTAssertEqual(set, [Player(id: 2, score: 22)])
            XCTAssertEqual(lastSQLQuery, #"UPDATE OR REPLACE "player" SET "score" = ? WHERE "id" = ? RETURNING *"#)
            let cursor = try Player.filter(Column("id") == 3).updateAndFetchCursor(db, [score.set(to: 33)])
            XCTAssertEqual(try Array(cursor), [Player(id: 3, score: 33)])
        }
    }
}
