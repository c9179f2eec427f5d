import Folio
import Foundation
import XCTest

private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
    var id: Int64
    var name: String?
    var score: Int?
    var email: String?
}

/// The SQL of requests, as GRDB's documentation writes it
/// (QueryInterfaceOrganization.md, README.md "Fetching Aggregated Values",
/// the JSON article), and the rows they fetch.
final class RequestSQLParityTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, email TEXT);
                CREATE UNIQUE INDEX player_email ON player(email);
                CREATE INDEX player_score ON player(score);
                INSERT INTO player VALUES (1, 'Arthur', 100, 'arthur@example.com');
                INSERT INTO player VALUES (2, 'Barbara', 200, NULL);
                INSERT INTO player VALUES (3, NULL, 100, 'craig@example.com');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - Item 11: LIMIT 1 only where it is needed

    func testFetchOneByPrimaryKeyRowIDOrUniqueIndexRunsNoLimit() throws {
        try makeDatabase().read { db in
            // QueryInterfaceOrganization.md: "Nicer SQL"
            XCTAssertEqual(try Player.fetchOne(db, id: 1)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.filter { $0.id == 1 }.fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.filter(id: 2).fetchOne(db)?.name, "Barbara")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Player.filter(key: ["email": "craig@example.com"]).fetchOne(db)?.id, 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "email" = ?"#)
            XCTAssertEqual(try Player.filter(Column("email") == "arthur@example.com").fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "email" = ?"#)
            XCTAssertEqual(try Row.fetchOne(db, Table("player").filter(Column.rowID == 2))?["name"], "Barbara")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "rowid" = ?"#)
            XCTAssertEqual(try Player.filter { $0.id == 1 && $0.score > 0 }.fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE ("id" = ?) AND ("score" > ?)"#)
            XCTAssertNil(try Player.filter { $0.id == 42 }.fetchOne(db))
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" = ?"#)
        }
    }

    func testFetchOneOfOtherRequestsKeepsLimitOne() throws {
        try makeDatabase().read { db in
            // QueryInterfaceOrganization.md: "Less nice SQL"
            XCTAssertEqual(try Player.filter(sql: "id = 1").fetchOne(db)?.name, "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE id = 1 LIMIT 1"#)
            // Not unique: score has a non-unique index.
            XCTAssertEqual(try Player.filter { $0.score == 100 }.order(\.id).fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "score" = ? ORDER BY "id" LIMIT 1"#)
            // Several keys: several rows.
            XCTAssertEqual(try Player.filter(ids: [2, 3]).order(\.id).fetchOne(db)?.id, 2)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "id" IN (?, ?) ORDER BY "id" LIMIT 1"#)
            // OR does not identify a row.
            XCTAssertEqual(try Player.filter { $0.id == 1 || $0.id == 2 }.order(\.id).fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE ("id" = ?) OR ("id" = ?) ORDER BY "id" LIMIT 1"#)
            XCTAssertEqual(try Player.all().fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" LIMIT 1"#)
        }
    }

    // MARK: - Item 12: the vocabulary of requests

    func testAscWritesASC() throws {
        try makeDatabase().read { db in
            let request = Player.order(Column("score").asc, Column("id").desc)
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [3, 1, 2])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "score" ASC, "id" DESC"#)
            XCTAssertEqual(try Player.order(\.score).fetchAll(db).count, 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "score""#)
            // README.md: SELECT * FROM player ORDER BY score ASC, name DESC
            _ = try Player.order { [$0.score.desc, $0.name] }.reversed().fetchAll(db)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "score" ASC, "name" DESC"#)
        }
    }

    func testFetchCountOfDistinctSelection() throws {
        try makeDatabase().read { db in
            // README.md: SELECT COUNT(DISTINCT name) FROM player, for a
            // column that can not be NULL (the primary key here).
            XCTAssertEqual(try Player.select(\.id).distinct().fetchCount(db), 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(DISTINCT "id") FROM "player""#)
            // README.md: SELECT COUNT(*) FROM (SELECT DISTINCT name, score FROM player)
            XCTAssertEqual(try Player.select { [$0.name, $0.score] }.distinct().fetchCount(db), 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM (SELECT DISTINCT "name", "score" FROM "player")"#)
            // A nullable column: SELECT DISTINCT returns the NULL row, that
            // COUNT(DISTINCT) would not count.
            XCTAssertEqual(try Player.select(\.email).distinct().fetchCount(db), 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM (SELECT DISTINCT "email" FROM "player")"#)
        }
    }

    func testFetchCountOfRequestFilteredOnSelectionAliasCountsThroughSubquery() throws {
        try makeDatabase().read { db in
            let request = Player.select(Column("score").forKey("s")).filter(sql: "s > 100")
            XCTAssertEqual(try request.fetchCount(db), 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM (SELECT "score" AS "s" FROM "player" WHERE s > 100)"#)
            let annotated = Player.annotated(with: (Column("score") * 2).forKey("double")).filter(Column("double") >= 200)
            XCTAssertEqual(try annotated.fetchCount(db), 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM (SELECT *, "score" * ? AS "double" FROM "player" WHERE "double" >= ?)"#)
            // README.md: SELECT COUNT(*) FROM player WHERE email IS NOT NULL
            XCTAssertEqual(try Player.filter { $0.email != nil }.fetchCount(db), 2)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "email" IS NOT NULL"#)
            XCTAssertEqual(try Player.filter { $0.email == nil }.fetchCount(db), 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "email" IS NULL"#)
        }
    }

    func testCommonTableExpressionWithEmptyColumnsHasNoParentheses() throws {
        try makeDatabase().read { db in
            let cte = CommonTableExpression(named: "answer", columns: [], sql: "SELECT 42 AS value")
            let rows = try cte.all().with(cte).fetchAll(db)
            XCTAssertEqual(rows, [["value": 42]])
            XCTAssertEqual(lastSQLQuery, #"WITH "answer" AS (SELECT 42 AS value) SELECT * FROM "answer""#)
            let named = CommonTableExpression(named: "answer", columns: ["v"], sql: "SELECT 42")
            XCTAssertEqual(try named.all().with(named).fetchAll(db), [["v": 42]])
            XCTAssertEqual(lastSQLQuery, #"WITH "answer"("v") AS (SELECT 42) SELECT * FROM "answer""#)
        }
    }

    func testArrayInterpolationAndContains() throws {
        try makeDatabase().read { db in
            let ids = [1, 2, 3]
            let request = SQLRequest<Player>("SELECT * FROM player WHERE id IN \(ids) ORDER BY id")
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [1, 2, 3])
            XCTAssertEqual(lastSQLQuery, "SELECT * FROM player WHERE id IN (?, ?, ?) ORDER BY id")
            XCTAssertEqual(try Player.filter(ids.contains(Column("id"))).fetchCount(db), 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "id" IN (?, ?, ?)"#)
        }
    }

    func testJSONExpressionsAsTheJSONGuideWritesThem() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("address", .jsonText).notNull()
            }
            try db.execute(sql: #"INSERT INTO player VALUES ('a', '{"country":"DE"}'), ('b', '{"country":"FR"}')"#)
            // JSON.md: SELECT * FROM player WHERE address ->> 'country' = 'DE'
            let ids = try String.fetchAll(db, Table("player").select(Column("id")).filter(JSONColumn("address")["country"] == "DE"))
            XCTAssertEqual(ids, ["a"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id" FROM "player" WHERE ("address" ->> ?) = ?"#)
        }
    }

    // MARK: - Item 13: observed regions

    func testRegionOfRequestFilteredByPrimaryKeyOrRowID() throws {
        try makeDatabase().read { db in
            // QueryInterfaceOrganization.md: player(id,name,score)[1]
            let request = Player.select { [$0.id, $0.name, $0.score] }.filter(id: 1)
            XCTAssertEqual(try request.databaseRegion(db).description, "player(id,name,score)[1]")
            XCTAssertEqual(try Player.filter { $0.id == 1 }.databaseRegion(db).description, "player(email,id,name,score)[1]")
            XCTAssertEqual(try Player.filter(ids: [1, 3]).databaseRegion(db).description, "player(email,id,name,score)[1,3]")
            XCTAssertEqual(try Table("player").filter(Column.rowID == 2).databaseRegion(db).description, "player(email,id,name,score)[2]")
            // Not narrowed: no rowid, raw SQL.
            XCTAssertEqual(try Player.filter(key: ["email": "x"]).databaseRegion(db).description, "player(email,id,name,score)")
            XCTAssertEqual(try Player.filter(sql: "id = 1").databaseRegion(db).description, "player(email,id,name,score)")
        }
    }

    func testRegionObservationOfARowIsNotNotifiedOfChangesToOtherRows() throws {
        let dbQueue = try makeDatabase()
        let count = TestLocked(0)
        let observation = DatabaseRegionObservation(tracking: Player.filter(id: 1))
        let cancellable = observation.start(in: dbQueue, onError: { XCTFail("\($0)") }) { _ in
            count.withLock { $0 += 1 }
        }
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET name = 'Bob' WHERE id = 2")
        }
        XCTAssertEqual(count.withLock { $0 }, 0)
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET name = 'Art' WHERE id = 1")
        }
        XCTAssertEqual(count.withLock { $0 }, 1)
        cancellable.cancel()
    }

    @MainActor
    func testValueObservationOfARowIsNotNotifiedOfChangesToOtherRows() throws {
        let dbQueue = try makeDatabase()
        let values = TestLocked<[String?]>([])
        let art = expectation(description: "Art")
        let observation = ValueObservation.tracking { db in try Player.fetchOne(db, id: 1)?.name }
        let cancellable = observation.start(in: dbQueue, scheduling: .immediate, onError: { XCTFail("\($0)") }) { name in
            values.withLock { $0.append(name) }
            if name == "Art" { art.fulfill() }
        }
        for name in ["Bob", "Bobby", "Robert"] {
            try dbQueue.write { db in
                try db.execute(sql: "UPDATE player SET name = ? WHERE id = 2", arguments: [name])
            }
        }
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET name = 'Art' WHERE id = 1")
        }
        wait(for: [art], timeout: 5)
        cancellable.cancel()
        // The initial value, at most one fetch for the commit that
        // follows the first recording of the region (Folio compares it
        // with the tables that the commit changed), and the change of
        // row 1: the three changes of row 2 are not notified.
        let recorded = values.withLock { $0 }
        XCTAssertEqual(recorded.first, "Arthur")
        XCTAssertEqual(recorded.last, "Art")
        XCTAssertLessThanOrEqual(recorded.count, 3, "\(recorded)")
    }

    @MainActor
    func testRegionObservationOfSameSQLWithOtherArgumentsIsNotNarrowed() throws {
        // The narrowed region holds for the arguments it was computed for:
        // the cached statement, run with other arguments by raw SQL,
        // reports its full region.
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            _ = try Player.fetchOne(db, id: 1)
            let statement = try db.cachedStatement(sql: #"SELECT * FROM "player" WHERE "id" = ?"#)
            try statement.setArguments([2])
            XCTAssertEqual(statement.databaseRegion.description, "player(email,id,name,score)")
        }
        let values = TestLocked<[String?]>([])
        let notified = expectation(description: "two values")
        notified.expectedFulfillmentCount = 2
        let observation = ValueObservation.tracking { db -> String? in
            _ = try Player.fetchOne(db, id: 1)
            return try String.fetchOne(db, sql: #"SELECT name FROM "player" WHERE "id" = ?"#, arguments: [2])
        }
        let cancellable = observation.start(in: dbQueue, scheduling: .immediate, onError: { XCTFail("\($0)") }) { name in
            values.withLock { $0.append(name) }
            notified.fulfill()
        }
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET name = 'Bob' WHERE id = 2")
        }
        wait(for: [notified], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(values.withLock { $0 }, ["Barbara", "Bob"])
    }
}
