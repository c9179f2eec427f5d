import XCTest
import Folio

private struct SelectionPlayer: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "player"
    var id: Int64?
    var name: String
    var score: Int

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

private struct SelectionCountry: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "country"
    var code: String
    var name: String
}

final class FetchSelectionTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL,
                                     doubled INTEGER GENERATED ALWAYS AS (score * 2));
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                """)
        }
        return dbQueue
    }

    func testMutableInsertAndFetchWithSelectClosure() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: nil, name: "Arthur", score: 21)
            let doubled = try player.insertAndFetch(db) { statement in
                try Int.fetchOne(statement)
            } select: {
                [$0.doubled]
            }
            XCTAssertTrue(sqlQueries.contains(#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING "doubled""#), "\(sqlQueries)")
            XCTAssertEqual(doubled, 42)
            XCTAssertEqual(player.id, 1)
        }
    }

    func testInsertAndFetchWithEmptySelectClosureThrows() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: nil, name: "Arthur", score: 21)
            XCTAssertThrowsError(try player.insertAndFetch(db, fetch: { try Int.fetchOne($0) }, select: { _ in [] })) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error?.message?.contains("the selection is empty") == true)
            }
            XCTAssertEqual(try SelectionPlayer.fetchCount(db), 0)
        }
    }

    func testImmutableInsertAndFetchWithSelectClosure() throws {
        try makeDatabase().write { db in
            let country = SelectionCountry(code: "FR", name: "France")
            let name = try country.insertAndFetch(db, onConflict: .replace) { try String.fetchOne($0) } select: { [$0.name] }
            XCTAssertTrue(sqlQueries.contains(#"INSERT OR REPLACE INTO "country" ("code", "name") VALUES (?,?) RETURNING "name""#), "\(sqlQueries)")
            XCTAssertEqual(name, "France")
        }
    }

    func testInsertAndFetchIgnoredReturnsWhatFetchReturns() throws {
        try makeDatabase().write { db in
            try SelectionCountry(code: "FR", name: "France").insert(db)
            let duplicate = SelectionCountry(code: "FR", name: "Francia")
            // As in GRDB: the fetch finds no row, and returns nil.
            let name = try duplicate.insertAndFetch(db, onConflict: .ignore, fetch: { try String.fetchOne($0) }, select: { [$0.name] })
            XCTAssertNil(name)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM country"), ["France"])
        }
    }

    func testSaveAndFetchUpdatesExistingRow() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: nil, name: "Arthur", score: 1)
            try player.insert(db)
            player.score = 5
            let doubled = try player.saveAndFetch(db, selection: [Column("doubled")]) { try Int.fetchOne($0) }
            XCTAssertTrue(sqlQueries.contains(#"UPDATE "player" SET "name"=?, "score"=? WHERE "id"=? RETURNING "doubled""#), "\(sqlQueries)")
            XCTAssertEqual(doubled, 10)
            XCTAssertEqual(try SelectionPlayer.fetchCount(db), 1)
        }
    }

    func testSaveAndFetchInsertsMissingRow() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: 7, name: "Barbara", score: 4)
            let row = try player.saveAndFetch(db, selection: [Column("id"), Column("doubled")]) { try Row.fetchOne($0) }
            XCTAssertTrue(sqlQueries.contains(#"INSERT INTO "player" ("id", "name", "score") VALUES (?,?,?) RETURNING "id", "doubled""#), "\(sqlQueries)")
            XCTAssertEqual(row?["id"] as Int64?, 7)
            XCTAssertEqual(row.flatMap { $0["doubled"] as Int? }, 8)

            var newPlayer = SelectionPlayer(id: nil, name: "Craig", score: 3)
            let id = try newPlayer.saveAndFetch(db, selection: [Column("id")]) { try Int64.fetchOne($0) }
            XCTAssertEqual(id, 8)
            XCTAssertEqual(newPlayer.id, 8)
        }
    }

    func testImmutableSaveAndFetch() throws {
        try makeDatabase().write { db in
            try SelectionCountry(code: "FR", name: "France").insert(db)
            let name = try SelectionCountry(code: "FR", name: "République française")
                .saveAndFetch(db, selection: [Column("name").uppercased]) { try String.fetchOne($0) }
            XCTAssertEqual(name, "RÉPUBLIQUE FRANÇAISE")
            XCTAssertThrowsError(try SelectionCountry(code: "DE", name: "Germany").saveAndFetch(db, selection: []) { try String.fetchOne($0) }) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            XCTAssertEqual(try SelectionCountry.fetchCount(db), 1)
        }
    }

    func testUpdateChangesAndFetchWithSelection() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: nil, name: "Arthur", score: 1)
            try player.insert(db)
            let doubled = try player.updateChangesAndFetch(
                db, selection: [Column("doubled")],
                fetch: { try Int.fetchOne($0) },
                modify: { $0.score = 50 })
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING "doubled""#)
            XCTAssertEqual(doubled, 100)
            XCTAssertEqual(player.score, 50)
        }
    }

    func testUpdateChangesAndFetchWithoutChangeRunsNoSQL() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: nil, name: "Arthur", score: 1)
            try player.insert(db)
            clearSQLQueries()
            var fetched = false
            let result = try player.updateChangesAndFetch(
                db, selection: [Column("doubled")],
                fetch: { statement -> Int? in fetched = true; return try Int.fetchOne(statement) },
                modify: { $0.score = 1 })
            XCTAssertTrue(result == nil, "nothing changed")
            XCTAssertFalse(fetched)
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testUpdateChangesAndFetchOfMissingRowThrows() throws {
        try makeDatabase().write { db in
            var player = SelectionPlayer(id: 99, name: "Nobody", score: 1)
            XCTAssertThrowsError(try player.updateChangesAndFetch(
                db, selection: [Column("score")],
                fetch: { try Int.fetchOne($0) },
                modify: { $0.score = 2 }))
            { error in
                guard case RecordError.recordNotFound = error else {
                    return XCTFail("unexpected error \(error)")
                }
            }
        }
    }
}
