import Folio
import XCTest

private struct Player: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    var id: Int64?
    var name: String
    var score: Int

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct Vocabulary: Codable, FetchableRecord, PersistableRecord {
    var word: String
    var kind: String
    var isTainted: Bool
}

/// The SQL of the persistence methods, as GRDB writes it:
/// `INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)`,
/// `UPDATE "player" SET "name"=? WHERE "id"=?`, `DELETE FROM "player"
/// WHERE "id"=?`, `ON CONFLICT("word")`.
final class PersistenceSQLParityTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER NOT NULL);
                CREATE TABLE vocabulary (word TEXT NOT NULL PRIMARY KEY, kind TEXT NOT NULL, isTainted BOOLEAN DEFAULT 0, count INT DEFAULT 1);
                INSERT INTO player VALUES (1, 'Arthur', 100);
                """)
        }
        return dbQueue
    }

    func testInsertUpdateDeleteSQL() throws {
        try makeDatabase().write { db in
            var barbara = Player(id: nil, name: "Barbara", score: 200)
            XCTAssertEqual(try persistenceSQL { try barbara.insert(db) }, [#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?)"#])
            XCTAssertEqual(barbara.id, 2)

            barbara.score = 250
            XCTAssertEqual(try persistenceSQL { try barbara.update(db) }, [#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=?"#])
            // The table's own spelling of a column in partial updates.
            barbara.name = "Babs"
            XCTAssertEqual(try persistenceSQL { try barbara.update(db, columns: ["NAME"]) }, [#"UPDATE "player" SET "name"=? WHERE "id"=?"#])
            XCTAssertEqual(try persistenceSQL { _ = try barbara.updateChanges(db) { $0.score = 300 } }, [#"UPDATE "player" SET "score"=? WHERE "id"=?"#])
            XCTAssertEqual(try Player.find(db, key: 2), Player(id: 2, name: "Babs", score: 300))

            XCTAssertEqual(try persistenceSQL { XCTAssertTrue(try barbara.exists(db)) }, [#"SELECT EXISTS (SELECT 1 FROM "player" WHERE "id"=?)"#])
            XCTAssertEqual(try persistenceSQL { XCTAssertTrue(try barbara.delete(db)) }, [#"DELETE FROM "player" WHERE "id"=?"#])
            XCTAssertEqual(try Player.fetchCount(db), 1)
        }
    }

    func testUpsertSQL() throws {
        try makeDatabase().write { db in
            try db.execute(sql: "INSERT INTO vocabulary (word, kind) VALUES ('jovial', 'noun')")
            let vocabulary = Vocabulary(word: "jovial", kind: "adjective", isTainted: true)
            // README.md: ON CONFLICT(word) DO UPDATE SET count = count + 1, kind = excluded.kind
            let sql = try persistenceSQL {
                let upserted = try vocabulary.upsertAndFetch(
                    db, onConflict: ["word"],
                    doUpdate: { _ in [Column("count") += 1, Column("isTainted").noOverwrite] })
                XCTAssertEqual(upserted.kind, "adjective")
            }
            XCTAssertEqual(sql.count, 1)
            XCTAssertTrue(sql[0].hasPrefix(#"INSERT INTO "vocabulary" ("word", "kind", "isTainted") VALUES (?,?,?) ON CONFLICT("word") DO UPDATE SET "count" = "count" + ?, "kind" = "excluded"."kind" RETURNING *"#), sql[0])
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT * FROM vocabulary"), ["word": "jovial", "kind": "adjective", "isTainted": 0, "count": 2])
        }
    }

    func testInsertAndFetchOfAnIgnoredRowReturnsNil() throws {
        try makeDatabase().write { db in
            var duplicate = Player(id: 1, name: "Arthur", score: 999)
            let fetched = try duplicate.insertAndFetch(db, onConflict: .ignore, selection: [.allColumns]) { try Player.fetchOne($0) }
            XCTAssertNil(fetched)
            XCTAssertEqual(lastPersistenceSQLQuery, #"INSERT OR IGNORE INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING *"#)
            XCTAssertEqual(try Player.fetchAll(db), [Player(id: 1, name: "Arthur", score: 100)])

            var newPlayer = Player(id: nil, name: "Craig", score: 5)
            let inserted = try newPlayer.insertAndFetch(db, onConflict: .ignore, selection: [.allColumns]) { try Player.fetchOne($0) }
            XCTAssertEqual(inserted, Player(id: 2, name: "Craig", score: 5))
            XCTAssertEqual(newPlayer.id, 2)
        }
    }
}
