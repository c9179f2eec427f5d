import Folio
import XCTest

final class InsertTests: FolioTestCase {
    func testInsertRunsInsertStatementAndSetsAutoIncrementedId() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try PersistedPlayer.createTable(db)
            var player = PersistedPlayer(name: "Arthur", score: 100)
            let sql = try persistenceSQL { try player.insert(db) }
            XCTAssertEqual(sql, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?, ?, ?)"#])
            XCTAssertEqual(player.id, 1)
            let rows = try fetchRows(db, "player")
            XCTAssertEqual(rows, [["id": 1, "name": "Arthur", "score": 100]])
        }
    }
}
