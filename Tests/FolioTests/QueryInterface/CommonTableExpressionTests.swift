import Folio
import XCTest

private struct Player: TableRecord { }

/// Common table expressions: definitions, `with(_:)`, recursive CTEs,
/// requests of CTE rows, and CTEs in SQL literals.
final class CommonTableExpressionTests: FolioTestCase {
    func testCommonTableExpressionAsSubquery() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let name = "Craig"
            let playerNameCTE = CommonTableExpression(named: "playerName", literal: "SELECT \(name)")
            let request = Player.with(playerNameCTE).filter { $0.name == playerNameCTE.all() }
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "playerName" AS (SELECT ?) SELECT * FROM "player" WHERE "name" = (SELECT * FROM "playerName")"#)
            XCTAssertEqual(try arguments(db, request), ["Craig"])
            XCTAssertEqual(try ids(db, request), [3])
            XCTAssertEqual(try request.fetchCount(db), 1)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT COUNT(*) FROM (WITH "playerName" AS (SELECT ?) SELECT * FROM "player" WHERE "name" = (SELECT * FROM "playerName"))"#)

            let sqlCTE = CommonTableExpression(named: "playerName", sql: "SELECT ?", arguments: ["Arthur"])
            XCTAssertEqual(try ids(db, Player.all().with(sqlCTE).filter { $0.name == sqlCTE.all() }), [1])

            let requestCTE = CommonTableExpression(named: "playerName", request: SQLRequest<String>(literal: "SELECT \("Éric")"))
            XCTAssertEqual(try ids(db, Player.with(requestCTE).filter { $0.name == requestCTE.all() }), [5])
        }
    }

    func testArgumentsOfTheWithClauseComeFirst() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(named: "bestScore", request: Player.select { max($0.score) }.filter { $0.teamId == 42 })
            let request = Player.filter { $0.teamId != 1 }.with(cte).filter { $0.score >= cte.all() }
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "bestScore" AS (SELECT MAX("score") FROM "player" WHERE "teamId" = ?) "#
                    + #"SELECT * FROM "player" WHERE ("teamId" <> ?) AND ("score" >= (SELECT * FROM "bestScore"))"#)
            XCTAssertEqual(try arguments(db, request), [42, 1])
            XCTAssertEqual(try ids(db, request), [3, 5])
        }
    }

    func testFetchingFromCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(named: "playerName", request: Player.select(\.name).filter { $0.name != nil })
            let request = cte.all().with(cte)
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "playerName" AS (SELECT "name" FROM "player" WHERE "name" IS NOT NULL) SELECT * FROM "playerName""#)
            XCTAssertEqual(try request.fetchAll(db).count, 5)

            let sorted = cte.all().with(cte).order(Column("name").collating(.localizedCaseInsensitiveCompare)).asRequest(of: String.self)
            XCTAssertEqual(try sorted.fetchAll(db), ["Arthur", "barbara", "Craig", "david", "Éric"])

            let typed = CommonTableExpression<Int>(named: "pair", columns: ["a", "b"], sql: "SELECT 1, 2")
            let sum = typed.all().with(typed).select(Column("a") + Column("b"), as: Int.self)
            XCTAssertEqual(try sql(db, sum), #"WITH "pair"("a", "b") AS (SELECT 1, 2) SELECT "a" + "b" FROM "pair""#)
            XCTAssertEqual(try sum.fetchOne(db), 3)
            XCTAssertEqual(try typed.all().with(typed).fetchAll(db), [1])
        }
    }

    func testRecursiveCommonTableExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let counter = CommonTableExpression(
                recursive: true,
                named: "counter",
                columns: ["x"],
                sql: """
                    VALUES(1)
                    UNION ALL
                    SELECT x+1 FROM counter WHERE x<1000
                    """)
            let request = counter.all().with(counter)
            XCTAssertEqual(
                try sql(db, request),
                #"WITH RECURSIVE "counter"("x") AS (VALUES(1)"# + "\nUNION ALL\n" + #"SELECT x+1 FROM counter WHERE x<1000) SELECT * FROM "counter""#)
            XCTAssertEqual(try request.fetchCount(db), 1000)
            XCTAssertEqual(try Int.fetchOne(db, counter.all().with(counter).select(sum(Column("x")))), 500500)

            // The chain of coaches of player 6.
            let chain = CommonTableExpression(
                recursive: true,
                named: "chain",
                columns: ["id"],
                literal: """
                    SELECT \(6) UNION ALL
                    SELECT player.coachId FROM player JOIN chain ON player.id = chain.id WHERE player.coachId IS NOT NULL
                    """)
            let coaches = Player.with(chain).filter { chain.contains($0.id) }.order(\.id)
            XCTAssertTrue(try sql(db, coaches).hasPrefix(#"WITH RECURSIVE "chain"("id") AS (SELECT ? UNION ALL"#))
            XCTAssertTrue(try sql(db, coaches).hasSuffix(#"SELECT * FROM "player" WHERE "id" IN "chain" ORDER BY "id""#))
            XCTAssertEqual(try ids(db, coaches), [1, 3, 6])

            let notCoaches = Player.with(chain).filter { !chain.contains($0.id) }
            XCTAssertTrue(try sql(db, notCoaches).hasSuffix(#"SELECT * FROM "player" WHERE "id" NOT IN "chain""#))
            XCTAssertEqual(try ids(db, notCoaches), [2, 4, 5])
        }
    }

    func testWithReplacesCommonTableExpressionOfTheSameName() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let first = CommonTableExpression(named: "t", sql: "SELECT 1")
            let second = CommonTableExpression(named: "T", sql: "SELECT 2")
            let other = CommonTableExpression(named: "u", sql: "SELECT 3")
            let request = Player.with(first).with(other).with(second).filter { $0.id == second.all() || $0.id == other.all() }
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "u" AS (SELECT 3), "T" AS (SELECT 2) SELECT * FROM "player" WHERE ("id" = (SELECT * FROM "T")) OR ("id" = (SELECT * FROM "u"))"#)
            XCTAssertEqual(try ids(db, request), [2, 3])
        }
    }

    func testFetchingWithoutTheDefinitionFails() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(named: "missing", sql: "SELECT 1")
            assertDatabaseError(sql: #"SELECT * FROM "missing""#, message: "no such table: missing") {
                _ = try cte.all().fetchAll(db)
            }
        }
    }

    func testCommonTableExpressionsInSQLLiterals() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let cte = CommonTableExpression(named: "name", literal: "SELECT \("O'Brien")")
            let request: SQLRequest<String> = "WITH \(definitionFor: cte) SELECT * FROM \(cte)"
            XCTAssertEqual(try sql(db, request), #"WITH "name" AS (SELECT ?) SELECT * FROM "name""#)
            XCTAssertEqual(try request.fetchOne(db), "O'Brien")

            let pairs = CommonTableExpression(named: "pair", columns: ["a", "b"], request: Player.select { [$0.id, $0.score] }.filter { $0.id < 3 })
            let pairRequest: SQLRequest<Int> = "WITH \(definitionFor: pairs) SELECT a + b FROM \(pairs) ORDER BY a"
            XCTAssertEqual(
                try sql(db, pairRequest),
                #"WITH "pair"("a", "b") AS (SELECT "id", "score" FROM "player" WHERE "id" < ?) SELECT a + b FROM "pair" ORDER BY a"#)
            XCTAssertEqual(try pairRequest.fetchAll(db), [1001, 502])

            let subquery: SQLRequest<String> = "WITH \(definitionFor: cte) SELECT (\(cte.all()))"
            XCTAssertEqual(try sql(db, subquery), #"WITH "name" AS (SELECT ?) SELECT (SELECT * FROM "name")"#)
            XCTAssertEqual(try subquery.fetchOne(db), "O'Brien")
        }
    }
}
