import Folio
import XCTest

private struct Team: TableRecord { }
private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
    var id: Int64
    var name: String
    var score: Int
    var teamId: Int64?
    static let team = belongsTo(Team.self)
}

/// Deletes and updates of requests, as GRDB writes them (README.md
/// "Delete Requests" and "Update Requests").
final class DeleteSQLParityTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL, teamId INTEGER REFERENCES team(id));
                INSERT INTO team VALUES (1, 'Reds');
                INSERT INTO player VALUES (1, 'a', 10, 1), (2, 'b', 20, NULL), (3, 'c', 30, 1), (4, 'd', 40, NULL);
                """)
        }
        return dbQueue
    }

    private func remainingIDs(_ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM player ORDER BY id")
    }

    func testDeleteWithOrderAndLimit() throws {
        try makeDatabase().write { db in
            // README.md: DELETE FROM player ORDER BY score LIMIT 10
            XCTAssertEqual(try Player.order(\.score).limit(2).deleteAll(db), 2)
            let sql = lastSQLQuery
            if try hasUpdateDeleteLimit(db) {
                XCTAssertEqual(sql, #"DELETE FROM "player" ORDER BY "score" LIMIT 2"#)
            } else {
                XCTAssertEqual(sql, #"DELETE FROM "player" WHERE "id" IN (SELECT "id" FROM "player" ORDER BY "score" LIMIT 2)"#)
            }
            XCTAssertEqual(try remainingIDs(db), [3, 4])
        }
    }

    func testUpdateWithOrderAndLimit() throws {
        try makeDatabase().write { db in
            // README.md: UPDATE player SET isGreat = 1 ORDER BY score DESC LIMIT 10
            XCTAssertEqual(try Player.order(\.score.desc).limit(1).updateAll(db, Column("name").set(to: "best")), 1)
            let sql = lastSQLQuery
            if try hasUpdateDeleteLimit(db) {
                XCTAssertEqual(sql, #"UPDATE "player" SET "name" = ? ORDER BY "score" DESC LIMIT 1"#)
            }
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id"), ["a", "b", "c", "best"])
        }
    }

    func testDeleteOfJoinedRequestGoesThroughThePrimaryKey() throws {
        try makeDatabase().write { db in
            XCTAssertEqual(try Player.joining(required: Player.team).deleteAll(db), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "id" IN (SELECT "player"."id" FROM "player" JOIN "team" ON "team"."id" = "player"."teamId")"#)
            XCTAssertEqual(try remainingIDs(db), [2, 4])
        }
    }

    func testDeleteAndFetchWithAllColumnsExcluding() throws {
        try makeDatabase().write { db in
            let statement = try Player.filter { $0.score > 20 }.deleteAndFetchStatement(db, selection: [.allColumns(excluding: ["teamId"])])
            let rows = try Row.fetchAll(statement)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "score" > ? RETURNING "id", "name", "score""#)
            XCTAssertEqual(Set(rows), [["id": 3, "name": "c", "score": 30], ["id": 4, "name": "d", "score": 40]])
            XCTAssertEqual(try remainingIDs(db), [1, 2])
        }
    }

    private func hasUpdateDeleteLimit(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT sqlite_compileoption_used('ENABLE_UPDATE_DELETE_LIMIT')") ?? false
    }
}
