import XCTest
import Folio

private struct ReturningPlayer: Codable, Hashable, Identifiable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
    var id: Int64
    var name: String
    var score: Int
    var flags: Int
}

private struct ReturningScore: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "player"
    static let databaseSelection: [any SQLSelectable] = [Column("score")]
    var score: Int
}

final class ReturningTests: FolioTestCase {
    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL, flags INTEGER NOT NULL DEFAULT 0);
                INSERT INTO player VALUES (1, 'Arthur', 5, 3), (2, 'Barbara', 50, 5), (3, 'Craig', 8, 6);
                CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (a, b));
                """)
        }
        return dbQueue
    }

    // MARK: - DELETE ... RETURNING

    func testDeleteAndFetchStatementWithSelection() throws {
        try makePlayers().write { db in
            let statement = try ReturningPlayer
                .filter { $0.score < 10 }
                .deleteAndFetchStatement(db, selection: [Column("name")])
            XCTAssertEqual(statement.sql, #"DELETE FROM "player" WHERE "score" < ? RETURNING "name""#)
            XCTAssertEqual(try ReturningPlayer.fetchCount(db), 3, "nothing is deleted before the statement runs")
            XCTAssertEqual(try String.fetchAll(statement).sorted(), ["Arthur", "Craig"])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player"), ["Barbara"])
        }
    }

    func testDeleteAndFetchStatementWithSelectClosure() throws {
        try makePlayers().write { db in
            let statement = try ReturningPlayer
                .filter(id: 2)
                .deleteAndFetchStatement(db) { [$0.name, $0.score * 2] }
            XCTAssertEqual(statement.sql, #"DELETE FROM "player" WHERE "id" = ? RETURNING "name", "score" * ?"#)
            let row = try XCTUnwrap(Row.fetchOne(statement))
            XCTAssertEqual(row[0] as String, "Barbara")
            XCTAssertEqual(row[1] as Int, 100)
        }
    }

    func testDeleteAndFetchStatementWithEmptySelectionThrows() throws {
        try makePlayers().write { db in
            XCTAssertThrowsError(try ReturningPlayer.all().deleteAndFetchStatement(db, selection: [])) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error?.message?.contains("non-empty selection") == true, "\(String(describing: error))")
            }
            XCTAssertEqual(try ReturningPlayer.fetchCount(db), 3)
        }
    }

    func testDeleteAndFetchStatementWithUnknownColumnThrows() throws {
        try makePlayers().write { db in
            XCTAssertThrowsError(try ReturningPlayer.all().deleteAndFetchStatement(db, selection: [Column("missing")])) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
            }
            XCTAssertEqual(try ReturningPlayer.fetchCount(db), 3)
        }
    }

    func testDeleteAndFetchAll() throws {
        try makePlayers().write { db in
            let players = try ReturningPlayer.filter { $0.score < 10 }.order(\.id).deleteAndFetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "score" < ? RETURNING *"#)
            XCTAssertEqual(Set(players), [
                ReturningPlayer(id: 1, name: "Arthur", score: 5, flags: 3),
                ReturningPlayer(id: 3, name: "Craig", score: 8, flags: 6),
            ])
            XCTAssertEqual(try ReturningPlayer.fetchAll(db).map(\.id), [2])
        }
    }

    func testDeleteAndFetchAllOfNoRowIsEmpty() throws {
        try makePlayers().write { db in
            XCTAssertEqual(try ReturningPlayer.filter { $0.score > 1000 }.deleteAndFetchAll(db), [])
            XCTAssertEqual(try ReturningPlayer.fetchCount(db), 3)
        }
    }

    func testDeleteAndFetchCursorDeletesAsItIterates() throws {
        try makePlayers().write { db in
            let cursor = try ReturningPlayer.all().deleteAndFetchCursor(db)
            var names: [String] = []
            while let player = try cursor.next() {
                names.append(player.name)
            }
            XCTAssertEqual(names.sorted(), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try ReturningPlayer.fetchCount(db), 0)
        }
    }

    func testDeleteAndFetchSet() throws {
        try makePlayers().write { db in
            let players = try ReturningPlayer.filter { $0.name == "Barbara" }.deleteAndFetchSet(db)
            XCTAssertEqual(players, [ReturningPlayer(id: 2, name: "Barbara", score: 50, flags: 5)])
        }
    }

    func testDeleteAndFetchIds() throws {
        try makePlayers().write { db in
            let ids = try ReturningPlayer.filter { $0.score < 10 }.deleteAndFetchIds(db)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "score" < ? RETURNING "id""#)
            XCTAssertEqual(ids, [1, 3])
        }
    }

    func testDeleteAndFetchWithRecordSelection() throws {
        try makePlayers().write { db in
            let scores = try ReturningScore.filter { $0.score > 6 }.deleteAndFetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "score" > ? RETURNING "score""#)
            XCTAssertEqual(scores.map(\.score).sorted(), [8, 50])
        }
    }

    func testDeleteAndFetchWithLimitUsesRowIDSubquery() throws {
        try makePlayers().write { db in
            let players = try ReturningPlayer.order(\.score.desc).limit(1).deleteAndFetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" WHERE "id" IN (SELECT "id" FROM "player" ORDER BY "score" DESC LIMIT 1) RETURNING *"#)
            XCTAssertEqual(players.map(\.name), ["Barbara"])
        }
    }

    // MARK: - UPDATE ... RETURNING

    func testUpdateAndFetchStatementWithSelection() throws {
        try makePlayers().write { db in
            let statement = try ReturningPlayer
                .filter(id: 1)
                .updateAndFetchStatement(db, [Column("score") += 10], selection: [Column("score")])
            XCTAssertEqual(statement.sql, #"UPDATE "player" SET "score" = "score" + ? WHERE "id" = ? RETURNING "score""#)
            XCTAssertEqual(try Int.fetchAll(statement), [15])
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 15)
        }
    }

    func testUpdateAndFetchStatementWithClosures() throws {
        try makePlayers().write { db in
            let statement = try ReturningPlayer
                .filter { $0.score < 10 }
                .updateAndFetchStatement(db, onConflict: .ignore) {
                    [$0.score.set(to: 0), $0.name.set(to: "Zed")]
                } select: {
                    [$0.name]
                }
            XCTAssertEqual(
                statement.sql,
                #"UPDATE OR IGNORE "player" SET "score" = ?, "name" = ? WHERE "score" < ? RETURNING "name""#)
            XCTAssertEqual(try String.fetchAll(statement).sorted(), ["Zed", "Zed"])
        }
    }

    func testUpdateAndFetchStatementWithoutAssignmentThrows() throws {
        try makePlayers().write { db in
            XCTAssertThrowsError(try ReturningPlayer.all().updateAndFetchStatement(db, [], selection: [Column("id")])) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error?.message?.contains("at least one column assignment") == true)
            }
            XCTAssertThrowsError(try ReturningPlayer.all().updateAndFetchStatement(db, [Column("score").set(to: 1)], selection: [])) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player ORDER BY id"), [5, 50, 8])
        }
    }

    func testUpdateAndFetchAll() throws {
        try makePlayers().write { db in
            let players = try ReturningPlayer.filter { $0.score < 10 }.updateAndFetchAll(db, [Column("score") += 100])
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" + ? WHERE "score" < ? RETURNING *"#)
            XCTAssertEqual(players.map(\.score).sorted(), [105, 108])
        }
    }

    func testUpdateAndFetchAllWithClosure() throws {
        try makePlayers().write { db in
            let players = try ReturningPlayer.filter(id: 2).updateAndFetchAll(db) { [$0.score *= 2] }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = "score" * ? WHERE "id" = ? RETURNING *"#)
            XCTAssertEqual(players, [ReturningPlayer(id: 2, name: "Barbara", score: 100, flags: 5)])
        }
    }

    func testUpdateAndFetchCursor() throws {
        try makePlayers().write { db in
            let cursor = try ReturningPlayer.all().updateAndFetchCursor(db, [Column("score").set(to: 1)])
            XCTAssertEqual(try Array(cursor).map(\.score), [1, 1, 1])
            let closureCursor = try ReturningPlayer.filter(id: 3).updateAndFetchCursor(db) { [$0.score -= 1] }
            XCTAssertEqual(try Array(closureCursor).map(\.score), [0])
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player ORDER BY id"), [1, 1, 0])
        }
    }

    func testUpdateAndFetchSet() throws {
        try makePlayers().write { db in
            let players = try ReturningPlayer.filter(id: 1).updateAndFetchSet(db, [Column("name").set(to: "Art")])
            XCTAssertEqual(players, [ReturningPlayer(id: 1, name: "Art", score: 5, flags: 3)])
            let others = try ReturningPlayer.filter(id: 1).updateAndFetchSet(db) { [$0.score.set(to: 9)] }
            XCTAssertEqual(others, [ReturningPlayer(id: 1, name: "Art", score: 9, flags: 3)])
        }
    }

    func testUpdateAndFetchWithBitwiseAssignments() throws {
        try makePlayers().write { db in
            let anded = try ReturningPlayer.filter(id: 2).updateAndFetchAll(db) { [$0.flags &= 6] }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "flags" = "flags" & ? WHERE "id" = ? RETURNING *"#)
            XCTAssertEqual(anded.map(\.flags), [4])
            let ored = try ReturningPlayer.filter(id: 2).updateAndFetchAll(db) { [$0.flags |= 9] }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "flags" = "flags" | ? WHERE "id" = ? RETURNING *"#)
            XCTAssertEqual(ored.map(\.flags), [13])
        }
    }

    func testDeleteAndFetchIdsWithCompositePrimaryKeyThrows() throws {
        try makePlayers().write { db in
            struct Pair: TableRecord, Identifiable {
                static let databaseTableName = "pair"
                var id: Int64
            }
            XCTAssertThrowsError(try Pair.all().deleteAndFetchIds(db)) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertTrue(error?.message?.contains("several columns") == true)
            }
        }
    }
}
