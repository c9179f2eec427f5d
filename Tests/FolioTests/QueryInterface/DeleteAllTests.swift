import Folio
import XCTest

private struct Player: TableRecord {
    static let team = belongsTo(Team.self)
}

private struct Team: TableRecord { }

/// `deleteAll`: the DELETE statement of a request, and the deleted rows.
final class DeleteAllTests: FolioTestCase {
    private func remainingIDs(_ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM player ORDER BY id")
    }

    func testDeleteAllRows() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.deleteAll(db), 6)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player""#)
            XCTAssertEqual(try remainingIDs(db), [])
            XCTAssertEqual(try Table("team").deleteAll(db), 3)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "team""#)
        }
    }

    func testDeleteFilteredRows() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.filter { $0.teamId == 1 }.deleteAll(db), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "teamId" = ?"#)
            XCTAssertEqual(try remainingIDs(db), [3, 4, 5, 6])

            // Ordering without limit does not matter.
            XCTAssertEqual(try Player.filter { $0.score < 500 }.order(\.score).deleteAll(db), 2)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "score" < ?"#)
            XCTAssertEqual(try remainingIDs(db), [3, 5])

            XCTAssertEqual(try Player.none().deleteAll(db), 0)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE ?"#)
            XCTAssertEqual(try remainingIDs(db), [3, 5])
        }
    }

    func testDeleteWithLimitGoesThroughRowID() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.order(\.score).limit(2).deleteAll(db), 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" ORDER BY "score" LIMIT 2"#)
            XCTAssertEqual(try remainingIDs(db), [1, 2, 3, 5])

            XCTAssertEqual(try Player.filter { $0.score > 600 }.order(\.id.desc).limit(1, offset: 1).deleteAll(db), 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" WHERE "score" > ? ORDER BY "id" DESC LIMIT 1 OFFSET 1"#)
            XCTAssertEqual(try remainingIDs(db), [1, 2, 5])

            XCTAssertEqual(try Player.order(sql: "RANDOM()").limit(1).deleteAll(db), 1)
            XCTAssertEqual(try remainingIDs(db).count, 2)
        }
    }

    func testDeleteDistinctGoesThroughRowID() throws {
        try makeTeamAndPlayerDatabase().write { db in
            XCTAssertEqual(try Player.filter { $0.isVerified }.distinct().deleteAll(db), 3)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" WHERE "id" IN (SELECT DISTINCT "id" FROM "player" WHERE "isVerified")"#)
            XCTAssertEqual(try remainingIDs(db), [2, 4, 6])
        }
    }

    func testDeleteFromWithoutRowIDTableGoesThroughPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE citizenship (
                    citizenId INTEGER NOT NULL,
                    countryCode TEXT NOT NULL,
                    since INTEGER NOT NULL,
                    PRIMARY KEY (citizenId, countryCode)) WITHOUT ROWID;
                INSERT INTO citizenship VALUES (1, 'FR', 2000), (1, 'US', 1990), (2, 'FR', 2010);
                CREATE TABLE country (code TEXT PRIMARY KEY, population INTEGER) WITHOUT ROWID;
                INSERT INTO country VALUES ('FR', 67), ('US', 331), ('DE', 83);
                """)

            let citizenships = Table("citizenship")
            XCTAssertEqual(try citizenships.order(Column("since")).limit(2).deleteAll(db), 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "citizenship" ORDER BY "since" LIMIT 2"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT since FROM citizenship"), [2010])

            let countries = Table("country")
            XCTAssertEqual(try countries.order(Column("population").desc).limit(1).deleteAll(db), 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "country" ORDER BY "population" DESC LIMIT 1"#)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT code FROM country ORDER BY code"), ["DE", "FR"])

            XCTAssertEqual(try countries.filter(Column("code") == "FR").deleteAll(db), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "country" WHERE "code" = ?"#)
        }
    }

    func testDeleteWithSubqueryFilter() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let colorlessTeamIDs = Team.filter { $0.color == nil }.select(\.id)
            XCTAssertEqual(try Player.filter { colorlessTeamIDs.contains($0.teamId) }.deleteAll(db), 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" IS NULL)"#)
            XCTAssertEqual(try remainingIDs(db), [1, 2, 3, 4])
        }
    }

    func testDeleteWithCorrelatedSubqueryOnNamedAlias() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let playerAlias = TableAlias<Player>(name: "p")
            let reds = Team.filter { $0.id == playerAlias.teamId && $0.name == "Reds" }
            XCTAssertEqual(try Player.aliased(playerAlias).filter(reds.exists()).deleteAll(db), 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" AS "p" WHERE EXISTS (SELECT * FROM "team" WHERE ("id" = "p"."teamId") AND ("name" = ?))"#)
            XCTAssertEqual(try remainingIDs(db), [3, 4, 5, 6])
        }
    }

    func testDeleteWithCorrelatedSubqueryOnUnnamedAlias() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let playerAlias = TableAlias<Player>()
            let reds = Team.filter { $0.id == playerAlias.teamId && $0.name == "Reds" }
            XCTAssertEqual(try Player.aliased(playerAlias).filter(!reds.exists()).deleteAll(db), 4)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" WHERE NOT EXISTS (SELECT * FROM "team" WHERE ("id" = "player"."teamId") AND ("name" = ?))"#)
            XCTAssertEqual(try remainingIDs(db), [1, 2])
        }
    }

    func testDeleteJoinedRequestGoesThroughRowID() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let request = Player.joining(required: Player.team.filter { $0.color == "red" })
            XCTAssertEqual(try request.deleteAll(db), 2)
            XCTAssertEqual(
                lastSQLQuery,
                #"DELETE FROM "player" WHERE "id" IN (SELECT "player"."id" FROM "player" JOIN "team" ON ("team"."id" = "player"."teamId") AND ("team"."color" = ?))"#)
            XCTAssertEqual(try remainingIDs(db), [3, 4, 5, 6])
        }
    }

    func testDeleteWithCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let nameCTE = CommonTableExpression(named: "playerName", literal: "SELECT \("Arthur")")
            XCTAssertEqual(try Player.with(nameCTE).filter { $0.name == nameCTE.all() }.deleteAll(db), 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "playerName" AS (SELECT ?) DELETE FROM "player" WHERE "name" = (SELECT * FROM "playerName")"#)
            XCTAssertEqual(try remainingIDs(db), [2, 3, 4, 5, 6])

            let bestCTE = CommonTableExpression(named: "best", request: Player.select(\.id).order(\.score.desc).limit(2))
            XCTAssertEqual(try Player.with(bestCTE).filter { bestCTE.contains($0.id) }.order(\.id).limit(1).deleteAll(db), 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "best" AS (SELECT "id" FROM "player" ORDER BY "score" DESC LIMIT 2) "#
                    + #"DELETE FROM "player" WHERE "id" IN "best" ORDER BY "id" LIMIT 1"#)
            XCTAssertEqual(try remainingIDs(db), [2, 4, 5, 6])
        }
    }

    func testDeletingCommonTableExpressionRowsThrows() throws {
        try makeTeamAndPlayerDatabase().write { db in
            let cte = CommonTableExpression(named: "t", sql: "SELECT 1 AS id")
            assertDatabaseError(sql: nil, message: "can not delete or update the rows of the common table expression t") {
                _ = try cte.all().with(cte).deleteAll(db)
            }
            XCTAssertEqual(try remainingIDs(db).count, 6)
        }
    }
}
