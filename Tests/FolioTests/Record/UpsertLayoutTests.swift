@testable import Folio
import XCTest

/// The containers of a record type that upserts follow the columns of its
/// previous upsert (see `PersistenceContainer.init(layout:)`).
final class UpsertLayoutTests: FolioTestCase {
    struct Player: Encodable, PersistableRecord {
        var id: Int64
        var name: String
        var score: Int?

        func encode(to container: inout PersistenceContainer) {
            container["id"] = id
            container["name"] = name
            if let score {
                container["score"] = score
            }
        }
    }

    func testUpsertGivesItsColumnsToTheNextContainerOfTheRecordType() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            XCTAssertNil(db.persistenceStatementCache.insertLayout(recordType: Player.self, conflictResolution: .abort))
            try Player(id: 1, name: "Arthur", score: 10).upsert(db)
            XCTAssertEqual(
                db.persistenceStatementCache.insertLayout(recordType: Player.self, conflictResolution: .abort),
                ["id", "name", "score"])
        }
    }

    func testUpsertOfRecordThatChangesItsColumnsLeavesTheLayout() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            try Player(id: 1, name: "Arthur", score: 10).upsert(db)
            try Player(id: 1, name: "Arthur Dent", score: nil).upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name") VALUES (?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name""#)
            try Player(id: 2, name: "Barbara", score: 20).upsert(db)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "name" = "excluded"."name", "score" = "excluded"."score""#)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id"), [
                ["id": 1, "name": "Arthur Dent", "score": 10],
                ["id": 2, "name": "Barbara", "score": 20],
            ])
        }
    }
}
