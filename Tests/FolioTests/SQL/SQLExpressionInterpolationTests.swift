import Folio
import XCTest

private struct Player: TableRecord {
    enum CodingKeys: String, CodingKey {
        case id, name, score
    }
}

/// SQL interpolation of expressions, collations, subqueries and table
/// aliases, and SQL literals used as expressions, selections, filters and
/// orderings. (Values in SQL literals: Core/Request/SQLInterpolationTests. Tables,
/// record types and common table expressions: QueryInterface/TableTests and
/// QueryInterface/CommonTableExpressionTests.)
final class SQLExpressionInterpolationTests: FolioTestCase {
    func testExpressionsAreParenthesizedAndBound() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let bonus = 100
            let literal: SQL = "SELECT \(Column("score") + bonus) AS points, \(Column("name") ?? "?") FROM player WHERE id = \(1)"
            let (sql, arguments) = try literal.build(db)
            XCTAssertEqual(sql, #"SELECT ("score" + ?) AS points, IFNULL("name", ?) FROM player WHERE id = ?"#)
            XCTAssertEqual(arguments, [100, "?", 1])
            let row = try XCTUnwrap(Row.fetchOne(db, SQLRequest(literal: literal)))
            XCTAssertEqual(row["points"] as Int, 1100)

            let hostile = "'); DROP TABLE player; --"
            let injection: SQL = "SELECT \(Column("name") == hostile) FROM player"
            XCTAssertEqual(try injection.build(db).sql, #"SELECT "name" = ? FROM player"#)
        }
    }

    func testCollations() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let nocase: SQL = "SELECT id FROM player WHERE name = 'arthur' COLLATE \(.nocase)"
            XCTAssertEqual(try nocase.build(db).sql, "SELECT id FROM player WHERE name = 'arthur' COLLATE NOCASE")
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: nocase)), [1])

            let localized: SQL = "SELECT id FROM player ORDER BY name COLLATE \(.localizedCaseInsensitiveCompare)"
            XCTAssertEqual(try localized.build(db).sql, "SELECT id FROM player ORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare")
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: localized)), [4, 1, 2, 3, 6, 5])
        }
    }

    func testSubqueries() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let sqlSubquery = SQLRequest<Int>(sql: "SELECT MIN(score) FROM player")
            let literal: SQL = "SELECT id FROM player WHERE score = (\(sqlSubquery))"
            XCTAssertEqual(try literal.build(db).sql, "SELECT id FROM player WHERE score = (SELECT MIN(score) FROM player)")
            XCTAssertEqual(try Int.fetchAll(db, SQLRequest(literal: literal)), [4])

            let maximumScore = Player.select { max($0.score) }
            let request: SQLRequest<Int> = "SELECT id FROM player WHERE score = (\(maximumScore)) ORDER BY id"
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT id FROM player WHERE score = (SELECT MAX("score") FROM "player") ORDER BY id"#)
            XCTAssertEqual(try request.fetchAll(db), [1, 3])

            let filtered = Player.filter { $0.teamId == 42 }.select(\.id)
            let inRequest: SQLRequest<String> = "SELECT name FROM player WHERE id IN (\(filtered)) ORDER BY id"
            XCTAssertEqual(try sql(db, inRequest), #"SELECT name FROM player WHERE id IN (SELECT "id" FROM "player" WHERE "teamId" = ?) ORDER BY id"#)
            XCTAssertEqual(try arguments(db, inRequest), [42])
            XCTAssertEqual(try inRequest.fetchAll(db), ["Éric", "david"])
        }
    }

    // MARK: - SQL in query interface requests

    func testSelectionWithSQLInterpolation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let defaultName = "O'Brien"
            let request = Player.filter { $0.id == 4 }.select {
                let displayName: SQL = "IFNULL(\($0.name), \(defaultName)) AS displayName"
                return [displayName, $0.score]
            }
            XCTAssertEqual(try sql(db, request), #"SELECT IFNULL("name", ?) AS displayName, "score" FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Row.fetchOne(db, request)?["displayName"], "O'Brien")

            let expression = Player.filter { $0.id == 4 }.select {
                let displayName = SQL("IFNULL(\($0.name), \(defaultName))").sqlExpression
                return [displayName.forKey("displayName"), $0.score]
            }
            XCTAssertEqual(try sql(db, expression), #"SELECT IFNULL("name", ?) AS "displayName", "score" FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Row.fetchOne(db, expression)?["displayName"], "O'Brien")

            let literal = Player.filter { $0.id == 4 }.select(literal: "IFNULL(name, \(defaultName)), score")
            XCTAssertEqual(try sql(db, literal), #"SELECT IFNULL(name, ?), score FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(try Row.fetchOne(db, literal)?[0], "O'Brien")
        }
    }

    private func absolute(_ value: some SQLSpecificExpressible) -> SQLExpression {
        SQL("ABS(\(value))").sqlExpression
    }

    func testCustomFunctionBuiltWithSQLInterpolation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { absolute($0.score - 600) < 200 }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE (ABS(("score" - ?))) < ?"#)
            XCTAssertEqual(try arguments(db, request), [600, 200])
            XCTAssertEqual(try ids(db, request), [2, 5])
        }
    }

    func testFilterMixingSQLAndExpressions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let minScore = 500
            let request = Player.filter {
                let scoreCondition: SQL = "\($0.score) >= \(minScore)"
                return scoreCondition && $0.teamId == 1
            }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE ("score" >= ?) AND ("teamId" = ?)"#)
            XCTAssertEqual(try ids(db, request), [1, 2])

            let literal = Player.filter(literal: "score >= \(minScore)")
            XCTAssertEqual(try sql(db, literal), #"SELECT * FROM "player" WHERE score >= ?"#)
            XCTAssertEqual(try ids(db, literal), [1, 2, 3, 5])
        }
    }

    func testOrderingWithExpressionLiteral() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter { $0.bonus != nil }
                .order {
                    let total = SQL("(\($0.score) + \($0.bonus))").sqlExpression
                    return [total.desc, $0.name]
                }
                .reversed()
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "bonus" IS NOT NULL ORDER BY ("score" + "bonus") ASC, "name" DESC"#)
            XCTAssertEqual(try ids(db, request), [4, 6, 2, 5, 1])
        }
    }

    func testCorrelatedSQLRequestWithTableAlias() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let coachAlias = TableAlias<Player>(name: "coach")
            let coachedPlayer = SQLRequest<Row>("SELECT * FROM player WHERE coachId = \(coachAlias.id)")
            let coaches = Player.aliased(coachAlias).filter(coachedPlayer.exists())
            XCTAssertEqual(
                try sql(db, coaches),
                #"SELECT "coach".* FROM "player" "coach" WHERE EXISTS (SELECT * FROM player WHERE coachId = "coach"."id")"#)
            XCTAssertEqual(try ids(db, coaches), [1, 3])
        }
    }
}
