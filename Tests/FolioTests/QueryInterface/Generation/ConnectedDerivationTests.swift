import Folio
import XCTest

private struct Player: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var name: String?
    var score: Int?
    enum Columns: String, ColumnExpression {
        case id, name, score, bonus, teamId
    }
}

private struct Failure: Error, Equatable {
    var reason: String
}

/// The `…WhenConnected` derivations of query interface requests: their
/// closures run with the connection each time the request is prepared,
/// and compose with the other derivations in the order of the calls.
final class ConnectedDerivationTests: FolioTestCase {
    // MARK: - filterWhenConnected

    func testFilterWhenConnectedReadsTheDatabaseWhenTheRequestIsPrepared() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        let calls = Counter()
        let request = Player.all().filterWhenConnected { db in
            calls.increment()
            let teamId = try Int64.fetchOne(db, sql: "SELECT id FROM team WHERE name = 'Blues'")
            return Column("teamId") == teamId
        }
        XCTAssertEqual(calls.count, 0, "the closure waits for a connection")
        try dbQueue.read { db in
            XCTAssertEqual(try Player.fetchAll(db, request).map(\.id), [3])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "teamId" = ?"#)
            XCTAssertEqual(calls.count, 1)
            XCTAssertEqual(try request.fetchCount(db), 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player" WHERE "teamId" = ?"#)
            XCTAssertEqual(calls.count, 2, "the closure runs each time the request is prepared")
        }
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE team SET name = 'Blues' WHERE id = 42; UPDATE team SET name = 'Old blues' WHERE id = 2")
            XCTAssertEqual(try Player.fetchAll(db, request).map(\.id), [5, 6])
        }
    }

    func testFilterWhenConnectedIsJoinedWithAndToFilters() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter(Player.Columns.score > 100)
                .filterWhenConnected { _ in Player.Columns.teamId == 1 }
                .filter(Player.Columns.name != nil)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE ("score" > ?) AND ("teamId" = ?) AND ("name" IS NOT NULL)"#)
            XCTAssertEqual(try ids(db, request), [1, 2])
        }
    }

    func testFilterWhenConnectedOnTheRequestProtocols() throws {
        func filterOnTeam<R: FilteredRequest>(_ request: R, _ teamId: Int64) -> R {
            request.filterWhenConnected { _ in Column("teamId") == teamId }
        }
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try ids(db, filterOnTeam(Player.all(), 42)), [5, 6])
        }
    }

    func testFilterWhenConnectedErrorReachesTheFetchingMethods() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().filterWhenConnected { _ -> any SQLExpressible in
                throw Failure(reason: "no team")
            }
            XCTAssertThrowsError(try Player.fetchAll(db, request)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "no team"))
            }
            XCTAssertThrowsError(try Player.fetchOne(db, request)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "no team"))
            }
            XCTAssertThrowsError(try request.fetchCount(db)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "no team"))
            }
            XCTAssertThrowsError(try request.isEmpty(db)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "no team"))
            }
            XCTAssertThrowsError(try request.deleteAll(db)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "no team"))
            }
            XCTAssertThrowsError(try Player.filter(request.select(Column("id")).contains(Column("coachId"))).fetchAll(db)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "no team"))
            }
            XCTAssertFalse(sqlQueries.contains { $0.contains("player") }, "nothing runs")
        }
    }

    func testFilterWhenConnectedDatabaseErrorReachesFetchAll() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().filterWhenConnected { db in
                let teamId = try Int64.fetchOne(db, sql: "SELECT id FROM missingTeam")
                return Column("teamId") == teamId
            }
            XCTAssertThrowsError(try Player.fetchAll(db, request)) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(error?.sql, "SELECT id FROM missingTeam")
            }
        }
    }

    func testFilterWhenConnectedInSubquery() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let blueTeamIds = Table("team").all()
                .filterWhenConnected { _ in Column("color") == "blue" }
                .select(Column("id"))
            let request = Player.filter(blueTeamIds.contains(Player.Columns.teamId))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" = ?)"#)
            XCTAssertEqual(try ids(db, request), [3])
        }
    }

    func testFilterWhenConnectedInCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(
                named: "winner",
                request: Player.all().filterWhenConnected { _ in Player.Columns.score >= 1000 })
            let request = cte.all().with(cte).asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "winner" AS (SELECT * FROM "player" WHERE "score" >= ?) SELECT * FROM "winner""#)
            XCTAssertEqual(try ids(db, request), [1, 3])
        }
    }

    func testFilterWhenConnectedBatchUpdateAndDelete() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let request = Player.all().filterWhenConnected { db in
                Column("teamId") == (try Int64.fetchOne(db, sql: "SELECT id FROM team WHERE color = 'red'"))
            }
            XCTAssertEqual(try request.updateAll(db, Column("score").set(to: 0)), 2)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ? WHERE "teamId" = ?"#)
            XCTAssertEqual(try request.deleteAll(db), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "teamId" = ?"#)
            XCTAssertEqual(try Player.fetchCount(db), 4)
        }
    }

    func testFilterWhenConnectedWithAlias() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let alias = TableAlias<Player>(name: "p")
            let request = Player.all()
                .filterWhenConnected { _ in Player.Columns.score > 500 }
                .aliased(alias)
                .filterWhenConnected { _ in alias[Player.Columns.name] != nil }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "p".* FROM "player" "p" WHERE ("p"."score" > ?) AND ("p"."name" IS NOT NULL)"#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5])
        }
    }

    // MARK: - orderWhenConnected

    func testOrderWhenConnectedReplacesThePreviousOrdering() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .order(Player.Columns.name)
                .orderWhenConnected { _ in [Player.Columns.score.desc, Player.Columns.id] }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" DESC, "id""#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5, 2, 6, 4])
        }
    }

    func testOrderWhenConnectedThenReversed() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all()
                .orderWhenConnected { _ in [Player.Columns.score.desc, Player.Columns.id] }
                .reversed()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" ASC, "id" DESC"#)
            XCTAssertEqual(try ids(db, request), [4, 6, 2, 5, 3, 1])
        }
    }

    func testOrderAfterOrderWhenConnectedWins() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let calls = Counter()
            let request = Player.all()
                .orderWhenConnected { _ in calls.increment(); return [Player.Columns.score.desc] }
                .order(Player.Columns.id.desc)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "id" DESC"#)
            XCTAssertEqual(calls.count, 1, "the replaced closure still runs")
        }
    }

    func testThenOrderAndStableOrderAfterOrderWhenConnected() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all()
                .orderWhenConnected { _ in [Player.Columns.score.desc] }
                .thenOrder(Player.Columns.name)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            let stable = Player.all()
                .orderWhenConnected { _ in [Player.Columns.score.desc] }
                .withStableOrder()
            XCTAssertEqual(try sql(db, stable), #"SELECT * FROM "player" ORDER BY "score" DESC, "id""#)
            XCTAssertEqual(try ids(db, stable), [1, 3, 5, 2, 6, 4])
        }
    }

    func testUnorderedAfterOrderWhenConnected() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all()
                .orderWhenConnected { _ in [Player.Columns.score.desc] }
                .unordered()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player""#)
        }
    }

    // MARK: - selectWhenConnected, annotatedWhenConnected

    func testSelectWhenConnectedReplacesTheSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(Player.Columns.id)
                .selectWhenConnected { _ in [Player.Columns.name, Player.Columns.score] }
                .filter(key: 1)
                .asRequest(of: Row.self)
            XCTAssertEqual(try sql(db, request), #"SELECT "name", "score" FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try request.fetchOne(db), ["name": "Arthur", "score": 1000])
        }
    }

    func testSelectAfterSelectWhenConnectedWins() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all()
                .selectWhenConnected { _ in [Player.Columns.name] }
                .select(Player.Columns.id)
            XCTAssertEqual(try sql(db, request), #"SELECT "id" FROM "player""#)
        }
    }

    func testAnnotatedWhenConnectedAppendsToTheSelection() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(Player.Columns.id)
                .annotatedWhenConnected { _ in [(Player.Columns.score + Player.Columns.bonus).forKey("total")] }
                .annotated(with: Player.Columns.name)
                .filter(key: 1)
                .asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "id", "score" + "bonus" AS "total", "name" FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try request.fetchOne(db), ["id": 1, "total": 1010, "name": "Arthur"])
        }
    }

    func testSelectWhenConnectedCountsWithASubqueryWhenAggregate() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().selectWhenConnected { _ in [max(Player.Columns.score)] }
            XCTAssertEqual(try request.fetchCount(db), 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM (SELECT MAX("score") FROM "player")"#)
        }
    }

    // MARK: - groupWhenConnected, havingWhenConnected

    func testGroupWhenConnectedAndHavingWhenConnected() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(Player.Columns.teamId, max(Player.Columns.score))
                .group(Player.Columns.id)
                .groupWhenConnected { _ in [Player.Columns.teamId] }
                .having(count(Player.Columns.id) > 0)
                .havingWhenConnected { db in
                    max(Player.Columns.score) > (try Int.fetchOne(db, sql: "SELECT 600"))
                }
                .asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY "teamId" "#
                    + #"HAVING (COUNT("id") > ?) AND (MAX("score") > ?)"#)
            XCTAssertEqual(try request.fetchAll(db), [["teamId": 1, "MAX(\"score\")": 1000], ["teamId": 2, "MAX(\"score\")": 1000], ["teamId": 42, "MAX(\"score\")": 750]])
            XCTAssertEqual(try request.fetchCount(db), 3)
        }
    }

    func testGroupAfterGroupWhenConnectedWins() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(Player.Columns.teamId)
                .groupWhenConnected { _ in [Player.Columns.teamId] }
                .group(Player.Columns.id)
            XCTAssertEqual(try sql(db, request), #"SELECT "teamId" FROM "player" GROUP BY "id""#)
        }
    }

    func testGroupWhenConnectedErrorReachesFetchAll() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().groupWhenConnected { _ -> [any SQLExpressible] in throw Failure(reason: "group") }
            XCTAssertThrowsError(try Player.fetchAll(db, request)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "group"))
            }
            let having = Player.all().group(Column("teamId")).havingWhenConnected { _ -> any SQLExpressible in
                throw Failure(reason: "having")
            }
            XCTAssertThrowsError(try having.fetchCount(db)) { error in
                XCTAssertEqual(error as? Failure, Failure(reason: "having"))
            }
        }
    }

    func testGroupWhenConnectedOnTheRequestProtocols() throws {
        func countByTeam<R: AggregatingRequest & SelectionRequest>(_ request: R) -> R {
            request
                .select([Column("teamId"), count(Column("id"))])
                .groupWhenConnected { _ in [Column("teamId")] }
                .havingWhenConnected { _ in count(Column("id")) >= 2 }
        }
        try makeTeamAndPlayerDatabase().read { db in
            let request = countByTeam(Player.all()).asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "teamId", COUNT("id") FROM "player" GROUP BY "teamId" HAVING COUNT("id") >= ?"#)
            XCTAssertEqual(try request.fetchAll(db).map { $0["teamId"] as Int64? }, [1, 42])
        }
    }

    // MARK: - Regions

    func testDatabaseRegionOfConnectedRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().selectWhenConnected { _ in [Player.Columns.name] }
            XCTAssertEqual(try request.databaseRegion(db).description, "player(name)")
        }
    }
}
