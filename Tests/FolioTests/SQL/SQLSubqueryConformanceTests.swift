import Folio
import XCTest

/// A subquery is a request: an expression, a selection, an ordering term.
final class SQLSubqueryConformanceTests: FolioTestCase {
    func testSubqueryIsAnExpressionAndARequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let subquery = Table("player").select { max($0.score) }.sqlSubquery
            let request = Table("player").filter { $0.score == subquery }.select { $0.id }
            XCTAssertEqual(try sql(db, request), #"SELECT "id" FROM "player" WHERE "score" = (SELECT MAX("score") FROM "player" "player1")"#)
            XCTAssertEqual(try Int.fetchAll(db, request), [1, 3])
            XCTAssertEqual(try sql(db, Table("team").select(subquery.forKey("best"))), #"SELECT (SELECT MAX("score") FROM "player") AS "best" FROM "team""#)
            let literal: SQL = "SELECT (\(subquery)), \(subquery.exists())"
            XCTAssertEqual(try literal.build(db).sql, #"SELECT (SELECT MAX("score") FROM "player"), EXISTS (SELECT MAX("score") FROM "player")"#)
            let row = try XCTUnwrap(Row.fetchOne(db, SQLRequest(literal: literal)))
            XCTAssertEqual(row[0] as Int, 1000)
            XCTAssertEqual(row[1] as Bool, true)
        }
    }
}
