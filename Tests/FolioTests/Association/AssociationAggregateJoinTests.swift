import Folio
import XCTest

private struct Team: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    static let players = hasMany(Player.self)
    static let coaches = hasMany(Coach.self)
}

private struct Player: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var teamId: Int64?
    var name: String
    var score: Int?
    static let team = belongsTo(Team.self)
}

private struct Coach: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var teamId: Int64
    var salary: Int
}

/// Association aggregates of query interface requests join their
/// associations and group the rows by primary key, as GRDB writes them
/// (AssociationsBasics.md, "Association Aggregates").
final class AssociationAggregateJoinTests: FolioTestCase {
    /// Three teams: Reds (players 1, 2, 3; two coaches), Blues (player 4,
    /// no score; one coach), Greens (no player, no coach).
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id), name TEXT NOT NULL, score INTEGER);
                CREATE TABLE coach (id INTEGER PRIMARY KEY, teamId INTEGER NOT NULL REFERENCES team(id), salary INTEGER NOT NULL);
                INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues'), (3, 'Greens');
                INSERT INTO player VALUES (1, 1, 'Arthur', 100), (2, 1, 'Barbara', 250), (3, 1, 'Craig', -300), (4, 2, 'Diane', NULL);
                INSERT INTO coach VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    private let join = #"FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id""#

    // MARK: - annotated(with:)

    func testCount() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: Team.players.count).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount" \#(join) GROUP BY "team"."id" ORDER BY "team"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["playerCount"] as Int }, [3, 1, 0])
            XCTAssertEqual(rows.map { $0["name"] as String }, ["Reds", "Blues", "Greens"])
        }
    }

    func testIsEmpty() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: Team.players.isEmpty).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") = 0 AS "hasNoPlayer" \#(join) GROUP BY "team"."id" ORDER BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["hasNoPlayer"] as Bool }, [false, false, true])
        }
    }

    func testMinMaxAverageSumTotal() throws {
        try makeDatabase().read { db in
            let request = Team
                .annotated(with:
                    Team.players.min(Column("score")),
                    Team.players.max(Column("score")),
                    Team.players.average(Column("score")),
                    Team.players.sum(Column("score")),
                    Team.players.total(Column("score")))
                .order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, MIN("player"."score") AS "minPlayerScore", MAX("player"."score") AS "maxPlayerScore", "#
                    + #"AVG("player"."score") AS "averagePlayerScore", SUM("player"."score") AS "playerScoreSum", "#
                    + #"TOTAL("player"."score") AS "playerScoreSum" \#(join) GROUP BY "team"."id" ORDER BY "team"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["minPlayerScore"] as Int? }, [-300, nil, nil])
            XCTAssertEqual(rows.map { $0["maxPlayerScore"] as Int? }, [250, nil, nil])
            XCTAssertEqual(rows.map { $0[4] as Double? }, [50.0 / 3, nil, nil])
            XCTAssertEqual(rows.map { $0[5] as Int? }, [50, nil, nil])
            XCTAssertEqual(rows.map { $0[6] as Double }, [50, 0, 0])
        }
    }

    func testDecodingOfGuideRecord() throws {
        struct TeamInfo: Decodable, FetchableRecord {
            var team: Team
            var playerCount: Int
            var maxPlayerScore: Int?
        }
        try makeDatabase().read { db in
            let request = Team.annotated(with: Team.players.count, Team.players.max(Column("score"))).order(Column("id"))
            let infos = try TeamInfo.fetchAll(db, request)
            XCTAssertEqual(infos.map(\.team.name), ["Reds", "Blues", "Greens"])
            XCTAssertEqual(infos.map(\.playerCount), [3, 1, 0])
            XCTAssertEqual(infos.map(\.maxPlayerScore), [250, nil, nil])
        }
    }

    func testIssueExampleMaxWithoutOrdering() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: Team.players.max(Column("score")))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, MAX("player"."score") AS "maxPlayerScore" \#(join) GROUP BY "team"."id""#)
        }
    }

    func testClosureColumns() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: Team.players.min { $0.score })
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, MIN("player"."score") AS "minPlayerScore" \#(join) GROUP BY "team"."id""#)
        }
    }

    // MARK: - having(_:)

    func testHavingCount() throws {
        try makeDatabase().read { db in
            let request = Team.having(Team.players.count > 2)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".* \#(join) GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") > ?"#)
            XCTAssertEqual(try Team.fetchAll(db, request).map(\.name), ["Reds"])
        }
    }

    func testHavingIsEmpty() throws {
        try makeDatabase().read { db in
            let empty = Team.having(Team.players.isEmpty)
            XCTAssertEqual(
                try sql(db, empty),
                #"SELECT "team".* \#(join) GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") = 0"#)
            XCTAssertEqual(try Team.fetchAll(db, empty).map(\.name), ["Greens"])

            let notEmpty = Team.having(Team.players.isEmpty == false).order(Column("id"))
            XCTAssertEqual(
                try sql(db, notEmpty),
                #"SELECT "team".* \#(join) GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") > 0 ORDER BY "team"."id""#)
            XCTAssertEqual(try Team.fetchAll(db, notEmpty).map(\.name), ["Reds", "Blues"])

            let negated = Team.having(!Team.players.isEmpty)
            XCTAssertEqual(try sql(db, negated), try sql(db, Team.having(Team.players.isEmpty == false)))
            XCTAssertEqual(try sql(db, Team.having(!(!Team.players.isEmpty))), try sql(db, empty))
            XCTAssertEqual(try sql(db, Team.having(Team.players.isEmpty != true)), try sql(db, negated))
        }
    }

    func testHavingMax() throws {
        try makeDatabase().read { db in
            let request = Team.having(Team.players.max(Column("score")) >= 200)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".* \#(join) GROUP BY "team"."id" HAVING MAX("player"."score") >= ?"#)
            XCTAssertEqual(try Team.fetchAll(db, request).map(\.name), ["Reds"])
        }
    }

    func testFilterOfAggregateIsHaving() throws {
        try makeDatabase().read { db in
            XCTAssertEqual(try sql(db, Team.all().filter(Team.players.count > 2)), try sql(db, Team.having(Team.players.count > 2)))
        }
    }

    func testFilteredAssociation() throws {
        try makeDatabase().read { db in
            let scorers = Team.players.filter(Column("score") > 0)
            let request = Team.having(scorers.isEmpty == false)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".* FROM "team" LEFT JOIN "player" ON ("player"."teamId" = "team"."id") AND ("player"."score" > ?) "#
                    + #"GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") > 0"#)
            XCTAssertEqual(try Team.fetchAll(db, request).map(\.name), ["Reds"])
            let counts = try Row.fetchAll(db, Team.annotated(with: scorers.count).order(Column("id")))
            XCTAssertEqual(counts.map { $0["playerCount"] as Int }, [2, 0, 0])
        }
    }

    // MARK: - Operations

    func testLogicalOperators() throws {
        try makeDatabase().read { db in
            let request = Team.having(Team.players.isEmpty && !Team.coaches.isEmpty)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".* \#(join) LEFT JOIN "coach" ON "coach"."teamId" = "team"."id" GROUP BY "team"."id" "#
                    + #"HAVING (COUNT(DISTINCT "player"."id") = 0) AND (COUNT(DISTINCT "coach"."id") > 0)"#)
            XCTAssertEqual(try Team.fetchAll(db, request).map(\.name), [])
            let either = Team.having(Team.players.count >= 3 || Team.coaches.isEmpty).order(Column("id"))
            XCTAssertEqual(try Team.fetchAll(db, either).map(\.name), ["Reds", "Greens"])
        }
    }

    func testComparisonOfTwoAggregates() throws {
        try makeDatabase().read { db in
            let request = Team.having(Team.players.count > Team.coaches.count)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".* \#(join) LEFT JOIN "coach" ON "coach"."teamId" = "team"."id" GROUP BY "team"."id" "#
                    + #"HAVING COUNT(DISTINCT "player"."id") > COUNT(DISTINCT "coach"."id")"#)
            XCTAssertEqual(try Team.fetchAll(db, request).map(\.name), ["Reds"])
        }
    }

    func testArithmetic() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: (Team.players.count + Team.coaches.count).forKey("memberCount")).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") + COUNT(DISTINCT "coach"."id") AS "memberCount" "#
                    + #"\#(join) LEFT JOIN "coach" ON "coach"."teamId" = "team"."id" GROUP BY "team"."id" ORDER BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["memberCount"] as Int }, [5, 2, 0])
            let scaled = Team.annotated(with: (Team.players.count * 2 - 1).forKey("x")).order(Column("id"))
            XCTAssertEqual(try Row.fetchAll(db, scaled).map { $0["x"] as Int }, [5, 1, -1])
        }
    }

    func testIfNull() throws {
        try makeDatabase().read { db in
            // GRDB's guide: IFNULL(MIN("player"."score"), 0) AS "minPlayerScore"
            let request = Team.annotated(with: Team.players.min(Column("score")) ?? 0).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, IFNULL(MIN("player"."score"), ?) AS "minPlayerScore" \#(join) GROUP BY "team"."id" ORDER BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["minPlayerScore"] as Int }, [-300, 0, 0])
        }
    }

    func testAbsCastLength() throws {
        try makeDatabase().read { db in
            let abs = Team.annotated(with: Folio.abs(Team.players.min(Column("score"))))
            XCTAssertEqual(try sql(db, abs), #"SELECT "team".*, ABS(MIN("player"."score")) \#(join) GROUP BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, abs.order(Column("id"))).map { $0[2] as Int? }, [300, nil, nil])

            let cast = Team.annotated(with: Folio.cast(Team.players.count, as: .real)).order(Column("id"))
            XCTAssertEqual(
                try sql(db, cast),
                #"SELECT "team".*, CAST(COUNT(DISTINCT "player"."id") AS REAL) AS "playerCount" \#(join) GROUP BY "team"."id" ORDER BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, cast).map { $0["playerCount"] as Double }, [3, 1, 0])

            let length = Team.annotated(with: Folio.length(Team.players.max(Column("name"))).forKey("l")).order(Column("id"))
            XCTAssertEqual(
                try sql(db, length),
                #"SELECT "team".*, LENGTH(MAX("player"."name")) AS "l" \#(join) GROUP BY "team"."id" ORDER BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, length).map { $0["l"] as Int? }, [5, 5, nil])
        }
    }

    // MARK: - Keys, aliases, several aggregates

    func testForKey() throws {
        try makeDatabase().read { db in
            let request = Team.annotated(with: Team.players.count.forKey("size"))
            XCTAssertEqual(try sql(db, request), #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "size" \#(join) GROUP BY "team"."id""#)
        }
    }

    func testDistinctAssociationKeysJoinTwice() throws {
        try makeDatabase().read { db in
            let good = Team.players.filter(Column("score") > 0).forKey("goodPlayers").count
            let bad = Team.players.filter(Column("score") < 0).forKey("badPlayers").count
            let request = Team.annotated(with: good, bad).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player1"."id") AS "goodPlayerCount", COUNT(DISTINCT "player2"."id") AS "badPlayerCount" "#
                    + #"FROM "team" LEFT JOIN "player" "player1" ON ("player1"."teamId" = "team"."id") AND ("player1"."score" > ?) "#
                    + #"LEFT JOIN "player" "player2" ON ("player2"."teamId" = "team"."id") AND ("player2"."score" < ?) "#
                    + #"GROUP BY "team"."id" ORDER BY "team"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["goodPlayerCount"] as Int }, [2, 0, 0])
            XCTAssertEqual(rows.map { $0["badPlayerCount"] as Int }, [1, 0, 0])
        }
    }

    func testSameAssociationKeyJoinsOnce() throws {
        // GRDB's guide, "Isolation of Multiple Aggregates": aggregates of
        // one association key share one join, whose filters all apply.
        try makeDatabase().read { db in
            let good = Team.players.filter(Column("score") > 0).count.forKey("good")
            let bad = Team.players.filter(Column("score") < 0).count.forKey("bad")
            let request = Team.annotated(with: good, bad)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "good", COUNT(DISTINCT "player"."id") AS "bad" "#
                    + #"FROM "team" LEFT JOIN "player" ON ("player"."teamId" = "team"."id") AND ("player"."score" > ?) AND ("player"."score" < ?) "#
                    + #"GROUP BY "team"."id""#)
            let minMax = Team.annotated(with: Team.players.min(Column("score")), Team.players.max(Column("score")))
            XCTAssertEqual(
                try sql(db, minMax),
                #"SELECT "team".*, MIN("player"."score") AS "minPlayerScore", MAX("player"."score") AS "maxPlayerScore" \#(join) GROUP BY "team"."id""#)
        }
    }

    func testAliasedAssociation() throws {
        try makeDatabase().read { db in
            let alias = TableAlias(name: "p")
            let request = Team.annotated(with: Team.players.aliased(alias).count)
                .filter(alias[Column("score")] != nil || alias[Column("id")] == nil)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "p"."id") AS "playerCount" FROM "team" LEFT JOIN "player" "p" ON "p"."teamId" = "team"."id" "#
                    + #"WHERE ("p"."score" IS NOT NULL) OR ("p"."id" IS NULL) GROUP BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request.order(Column("id"))).map { $0["playerCount"] as Int }, [3, 0])
        }
    }

    func testAliasedRootRequest() throws {
        try makeDatabase().read { db in
            let request = Team.aliased(TableAlias(name: "t")).annotated(with: Team.players.count)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "t".*, COUNT(DISTINCT "player"."id") AS "playerCount" FROM "team" "t" LEFT JOIN "player" ON "player"."teamId" = "t"."id" GROUP BY "t"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).count, 3)
        }
    }

    func testAliasedAfterAggregates() throws {
        try makeDatabase().read { db in
            let alias = TableAlias(name: "t")
            let request = Team
                .annotated(with: Team.players.count, Team.players.isEmpty, Team.players.sum(Column("score")), Team.coaches.count)
                .aliased(alias)
                .order(alias[Column("id")])
            let sql = try sql(db, request)
            XCTAssertTrue(sql.hasPrefix(#"SELECT "t".*, COUNT(DISTINCT "player"."id") AS "playerCount", COUNT(DISTINCT "player"."id") = 0 AS "hasNoPlayer", "#
                + #"(SELECT SUM("score") FROM "player" "player1" WHERE "teamId" = "t"."id") AS "playerScoreSum", "#
                + #"COUNT(DISTINCT "coach"."id") AS "coachCount" FROM "team" "t" LEFT JOIN "player" ON "player"."teamId" = "t"."id" "#), sql)
            XCTAssertTrue(sql.hasSuffix(#" GROUP BY "t"."id" ORDER BY "t"."id""#), sql)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["playerCount"] as Int }, [3, 1, 0])
            XCTAssertEqual(rows.map { $0["playerScoreSum"] as Int? }, [50, nil, nil])
            XCTAssertEqual(rows.map { $0["coachCount"] as Int }, [2, 1, 0])
        }
    }

    // MARK: - Joins of the aggregated association

    func testJoiningRequiredSameAssociationDoesNotDuplicateRows() throws {
        try makeDatabase().read { db in
            let request = Team.joining(required: Team.players).annotated(with: Team.players.count).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount" FROM "team" JOIN "player" ON "player"."teamId" = "team"."id" "#
                    + #"GROUP BY "team"."id" ORDER BY "team"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["name"] as String }, ["Reds", "Blues"])
            XCTAssertEqual(rows.map { $0["playerCount"] as Int }, [3, 1])

            // The other order
            let reversed = Team.annotated(with: Team.players.count).joining(required: Team.players).order(Column("id"))
            XCTAssertEqual(try sql(db, reversed), try sql(db, request))
        }
    }

    func testIncludingSameAssociation() throws {
        try makeDatabase().read { db in
            let request = Team.including(optional: Team.players).annotated(with: Team.players.count).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount", "player".* \#(join) "#
                    + #"GROUP BY "team"."id" ORDER BY "team"."id""#)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.count, 3)
            XCTAssertEqual(rows.map { $0["playerCount"] as Int }, [3, 1, 0])
            XCTAssertEqual(rows.map { $0.scopes["player"]?["teamId"] as Int64? }, [1, 2, nil])
        }
    }

    func testJoiningAnotherToManyAssociationKeepsSumsExact() throws {
        // The coaches join repeats the players of each team: a sum of
        // players is a subquery then, and stays right.
        try makeDatabase().read { db in
            let request = Team
                .annotated(with: Team.players.sum(Column("score")), Team.coaches.count, Team.players.count)
                .order(Column("id"))
            let sql = try sql(db, request)
            XCTAssertTrue(sql.contains(#"(SELECT SUM("score") FROM "player" "player1" WHERE "teamId" = "team"."id") AS "playerScoreSum""#), sql)
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["playerScoreSum"] as Int? }, [50, nil, nil])
            XCTAssertEqual(rows.map { $0["coachCount"] as Int }, [2, 1, 0])
            XCTAssertEqual(rows.map { $0["playerCount"] as Int }, [3, 1, 0])

            let single = Team.annotated(with: Team.coaches.sum(Column("salary"))).order(Column("id"))
            XCTAssertEqual(try Row.fetchAll(db, single).map { $0["coachSalarySum"] as Int? }, [30, 30, nil])
        }
    }

    // MARK: - Grouped requests, subqueries, counts

    func testRequestThatAlreadyGroupsKeepsItsGrouping() throws {
        try makeDatabase().read { db in
            let byName = Team.all().group(Column("name")).annotated(with: Team.players.count).order(Column("name"))
            XCTAssertEqual(
                try sql(db, byName),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount" \#(join) GROUP BY "team"."name" ORDER BY "team"."name""#)
            XCTAssertEqual(try Row.fetchAll(db, byName).map { $0["playerCount"] as Int }, [1, 0, 3])
            let byPrimaryKey = Team.all().groupByPrimaryKey().annotated(with: Team.players.count)
            XCTAssertEqual(
                try sql(db, byPrimaryKey),
                #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount" \#(join) GROUP BY "team"."id""#)
            // A later grouping replaces the grouping by primary key.
            let later = Team.annotated(with: Team.players.count).group(Column("name"))
            XCTAssertEqual(try sql(db, later), try sql(db, Team.all().group(Column("name")).annotated(with: Team.players.count)))
        }
    }

    func testFetchCount() throws {
        try makeDatabase().read { db in
            let request = Team.having(Team.players.count >= 1)
            XCTAssertEqual(try request.fetchCount(db), 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT COUNT(*) FROM (SELECT "team".* \#(join) GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") >= ?)"#)
            XCTAssertEqual(try Team.annotated(with: Team.players.count).fetchCount(db), 3)
            XCTAssertTrue(try request.isEmpty(db) == false)
            XCTAssertTrue(try Team.having(Team.players.count >= 4).isEmpty(db))
        }
    }

    func testAggregatedRequestAsSubquery() throws {
        try makeDatabase().read { db in
            let bigTeams = Team.having(Team.players.count >= 2).select(Column("id"))
            let request = Player.filter(bigTeams.contains(Column("teamId"))).order(Column("id"))
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "team"."id" FROM "team" LEFT JOIN "player" "player1" "#
                    + #"ON "player1"."teamId" = "team"."id" GROUP BY "team"."id" HAVING COUNT(DISTINCT "player1"."id") >= ?) ORDER BY "id""#)
            XCTAssertEqual(try Player.fetchAll(db, request).map(\.name), ["Arthur", "Barbara", "Craig"])
        }
    }

    func testDeleteAndUpdateOfAggregatedRequest() throws {
        try makeDatabase().write { db in
            XCTAssertEqual(try Team.having(Team.players.isEmpty).deleteAll(db), 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "team" WHERE "id" IN (SELECT "team"."id" \#(join) GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") = 0)"#)
            XCTAssertEqual(try Team.order(Column("id")).fetchAll(db).map(\.name), ["Reds", "Blues"])
            XCTAssertEqual(try Team.having(Team.players.count >= 2).updateAll(db, Column("name").set(to: "Big")), 1)
            XCTAssertEqual(try Team.order(Column("id")).fetchAll(db).map(\.name), ["Big", "Blues"])
        }
    }

    func testQueryPlanUsesForeignKeyIndex() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE INDEX player_on_teamId ON player(teamId)")
        }
        try dbQueue.read { db in
            let statementSQL = try sql(db, Team.annotated(with: Team.players.count))
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statementSQL).map { $0["detail"] as String }
            XCTAssertTrue(plan.contains { $0.contains("player_on_teamId") }, "\(plan)")
            XCTAssertFalse(plan.contains { $0.contains("SCAN player") }, "\(plan)")
        }
    }
}
