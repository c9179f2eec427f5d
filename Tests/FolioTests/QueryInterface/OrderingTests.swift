import Folio
import XCTest

private struct Player: TableRecord { }

/// `order`, `thenOrder`, `reversed`, `unordered`, and the ordering terms.
final class OrderingTests: FolioTestCase {
    func testOrderByColumn() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.score)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score""#)
            XCTAssertEqual(try ids(db, request).first, 4)

            let desc = Player.order(\.score.desc)
            XCTAssertEqual(try sql(db, desc), #"SELECT * FROM "player" ORDER BY "score" DESC"#)

            let column = Player.order(Column("score").desc, Column("name"))
            XCTAssertEqual(try sql(db, column), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            XCTAssertEqual(try ids(db, column), [1, 3, 5, 2, 6, 4])

            let closure = Player.order { [$0.score.desc, $0.name] }
            XCTAssertEqual(try sql(db, closure), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            XCTAssertEqual(try ids(db, closure), [1, 3, 5, 2, 6, 4])

            let asc = Player.order { [$0.score.asc, $0.id.desc] }
            XCTAssertEqual(try sql(db, asc), #"SELECT * FROM "player" ORDER BY "score" ASC, "id" DESC"#)
            XCTAssertEqual(try ids(db, asc), [4, 6, 2, 5, 3, 1])

            let rowID = Player.order(Column.rowID.desc)
            XCTAssertEqual(try sql(db, rowID), #"SELECT * FROM "player" ORDER BY "rowid" DESC"#)
            XCTAssertEqual(try ids(db, rowID), [6, 5, 4, 3, 2, 1])
        }
    }

    func testOrderByExpression() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.bonus != nil }.order { ($0.score + $0.bonus * 10).desc }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE "bonus" IS NOT NULL ORDER BY "score" + ("bonus" * ?) DESC"#)
            XCTAssertEqual(try arguments(db, request), [10])
            XCTAssertEqual(try ids(db, request), [1, 5, 2, 6, 4])

            let function = Player.order { [length($0.name).desc, $0.id] }
            XCTAssertEqual(try sql(db, function), #"SELECT * FROM "player" ORDER BY LENGTH("name") DESC, "id""#)
            XCTAssertEqual(try ids(db, function), [2, 1, 3, 6, 5, 4])
        }
    }

    func testNullsFirstAndLast() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let ascNullsLast = Player.order { [$0.teamId.ascNullsLast, $0.id] }
            XCTAssertEqual(try sql(db, ascNullsLast), #"SELECT * FROM "player" ORDER BY "teamId" ASC NULLS LAST, "id""#)
            XCTAssertEqual(try ids(db, ascNullsLast), [1, 2, 3, 5, 6, 4])

            let descNullsFirst = Player.order { [$0.teamId.descNullsFirst, $0.id] }
            XCTAssertEqual(try sql(db, descNullsFirst), #"SELECT * FROM "player" ORDER BY "teamId" DESC NULLS FIRST, "id""#)
            XCTAssertEqual(try ids(db, descNullsFirst), [4, 5, 6, 3, 1, 2])

            let reversed = ascNullsLast.reversed()
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player" ORDER BY "teamId" DESC NULLS FIRST, "id" DESC"#)
            XCTAssertEqual(try ids(db, reversed), [4, 6, 5, 3, 2, 1])
            XCTAssertEqual(try sql(db, reversed.reversed()), #"SELECT * FROM "player" ORDER BY "teamId" ASC NULLS LAST, "id""#)
        }
    }

    func testOrderReplacesThePreviousOrdering() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.score).order(\.name)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "name""#)

            let afterReversed = Player.order(\.score).reversed().order(\.name)
            XCTAssertEqual(try sql(db, afterReversed), #"SELECT * FROM "player" ORDER BY "name""#)
        }
    }

    func testThenOrder() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.score.desc).thenOrder(\.name)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5, 2, 6, 4])

            let several = Player.order(\.isVerified).thenOrder { [$0.score.desc, $0.id] }
            XCTAssertEqual(try sql(db, several), #"SELECT * FROM "player" ORDER BY "isVerified", "score" DESC, "id""#)
            XCTAssertEqual(try ids(db, several), [2, 6, 4, 1, 3, 5])

            let unordered = Player.all().thenOrder(\.name)
            XCTAssertEqual(try sql(db, unordered), #"SELECT * FROM "player" ORDER BY "name""#)

            // The reversed ordering is kept, and extended.
            let afterReversed = Player.order(\.score).reversed().thenOrder(\.name)
            XCTAssertEqual(try sql(db, afterReversed), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)
            XCTAssertEqual(try ids(db, afterReversed), [1, 3, 5, 2, 6, 4])
        }
    }

    func testReversed() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order { [$0.score.desc, $0.name] }.reversed()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" ASC, "name" DESC"#)
            XCTAssertEqual(try ids(db, request), [4, 6, 2, 5, 3, 1])

            let twice = Player.order { [$0.score.desc, $0.name] }.reversed().reversed()
            XCTAssertEqual(try sql(db, twice), #"SELECT * FROM "player" ORDER BY "score" DESC, "name""#)

            let reversedThenFiltered = Player.order(\.id).reversed().filter { $0.teamId == 1 }.limit(1)
            XCTAssertEqual(
                try sql(db, reversedThenFiltered),
                #"SELECT * FROM "player" WHERE "teamId" = ? ORDER BY "id" DESC LIMIT 1"#)
            XCTAssertEqual(try ids(db, reversedThenFiltered), [2])
        }
    }

    func testReversingAnUnorderedRequestHasNoEffect() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().reversed()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player""#)
            XCTAssertEqual(try Table("player").all().reversed().fetchCount(db), 6)
        }
    }

    func testUnordered() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.score).unordered()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player""#)

            let reversed = Player.order(\.score).reversed().unordered()
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player""#)

            let reordered = Player.order(\.score).unordered().order(\.name)
            XCTAssertEqual(try sql(db, reordered), #"SELECT * FROM "player" ORDER BY "name""#)

            let unorderedThenReversed = Player.order(\.score).unordered().reversed()
            XCTAssertEqual(try sql(db, unorderedThenReversed), #"SELECT * FROM "player""#)
        }
    }

    func testRawSQLOrdering() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(sql: "score DESC, id")
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY score DESC, id"#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5, 2, 6, 4])

            let arguments = Player.order(sql: "ABS(score - ?)", arguments: [600])
            XCTAssertEqual(try sql(db, arguments), #"SELECT * FROM "player" ORDER BY ABS(score - ?)"#)
            XCTAssertEqual(try ids(db, arguments).first, 2)

            let literal = Player.order(literal: "ABS(score - \(800)), id")
            XCTAssertEqual(try sql(db, literal), #"SELECT * FROM "player" ORDER BY ABS(score - ?), id"#)
            XCTAssertEqual(try ids(db, literal).prefix(2), [5, 1])

            let mixed = Player.filter { $0.score > 600 }.order(sql: "score").thenOrder(\.name.desc)
            XCTAssertEqual(try sql(db, mixed), #"SELECT * FROM "player" WHERE "score" > ? ORDER BY score, "name" DESC"#)
            XCTAssertEqual(try ids(db, mixed), [5, 3, 1])
        }
    }

    func testExpressionLiteralOrderingCanBeReversed() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let total = SQL("score + IFNULL(bonus, 0)").sqlExpression
            let request = Player.order(total.desc, Column("id")).reversed()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY score + IFNULL(bonus, 0) ASC, "id" DESC"#)
            XCTAssertEqual(try ids(db, request), [4, 6, 2, 5, 3, 1])
        }
    }

    func testReversingRawSQLOrderingThrows() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.score > 100 }.order(sql: "score").reversed()
            assertDatabaseError(
                sql: #"SELECT * FROM "player" WHERE "score" > ? ORDER BY score"#,
                message: "can not reverse the raw SQL ordering `score`")
            {
                _ = try Row.fetchAll(db, request)
            }
            assertDatabaseError(
                sql: #"SELECT * FROM "player" WHERE "score" > ? ORDER BY score"#,
                message: "can not reverse the raw SQL ordering `score`")
            {
                _ = try request.makePreparedRequest(db)
            }
            // Reversing twice restores the raw ordering.
            XCTAssertEqual(try sql(db, request.reversed()), #"SELECT * FROM "player" WHERE "score" > ? ORDER BY score"#)
            // Counting ignores the ordering.
            XCTAssertEqual(try request.fetchCount(db), 5)
        }
    }

    func testOrderingOfTableRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Table("team").order(Column("name"))
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "team" ORDER BY "name""#)
            XCTAssertEqual(try ids(db, request), [2, 42, 1])
            XCTAssertEqual(try ids(db, request.reversed()), [1, 42, 2])
        }
    }
}
