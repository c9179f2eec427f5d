import XCTest
import Folio

private struct LabeledPlayer: TableRecord {
    static let databaseTableName = "player"
}

final class UpdateAllLabelsTests: FolioTestCase {
    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, flags INTEGER NOT NULL);
                INSERT INTO player VALUES (1, 3), (2, 5);
                """)
        }
        return dbQueue
    }

    func testTableRecordUpdateAllWithLabeledClosures() throws {
        try makePlayers().write { db in
            XCTAssertEqual(try LabeledPlayer.updateAll(db, assignment: { $0.flags |= 8 }), 2)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "flags" = "flags" | ?"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT flags FROM player ORDER BY id"), [11, 13])
            XCTAssertEqual(try LabeledPlayer.updateAll(db, onConflict: .replace, assignments: { [$0.flags &= 9] }), 2)
            XCTAssertEqual(lastSQLQuery, #"UPDATE OR REPLACE "player" SET "flags" = "flags" & ?"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT flags FROM player ORDER BY id"), [9, 9])
        }
    }

    func testTableAndRequestUpdateAllWithLabeledClosures() throws {
        try makePlayers().write { db in
            let table = Table<LabeledPlayer>("player")
            XCTAssertEqual(try table.updateAll(db, assignment: { $0.flags &= 1 }), 2)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT flags FROM player ORDER BY id"), [1, 1])
            XCTAssertEqual(try table.updateAll(db, assignments: { [$0.flags |= 4] }), 2)
            XCTAssertEqual(try LabeledPlayer.filter(key: 2).updateAll(db, assignment: { $0.flags |= 2 }), 1)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "flags" = "flags" | ? WHERE "id" = ?"#)
            XCTAssertEqual(try LabeledPlayer.filter(key: 1).updateAll(db, assignments: { [$0.flags &= 0] }), 1)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT flags FROM player ORDER BY id"), [0, 7])
        }
    }
}
