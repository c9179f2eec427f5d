import Folio
import XCTest

private struct Player: TableRecord { }

/// `group(literal:)` and `having(literal:)`: GROUP BY and HAVING written in
/// SQL, with interpolated values and expressions.
final class AggregatingRequestSQLLiteralTests: FolioTestCase {
    func testGroupLiteral() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(Column("teamId"), max(Column("score")))
                .group(Column("id"))
                .group(literal: "teamId")
                .order(Column("teamId"))
                .asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY teamId ORDER BY "teamId""#)
            XCTAssertEqual(try request.fetchAll(db).map { $0[1] as Int }, [10, 1000, 1000, 750])
        }
    }

    func testGroupLiteralWithInterpolation() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .select(count(Column("id")))
                .group(literal: "\(Column("teamId")) IS NULL")
                .asRequest(of: Int.self)
            XCTAssertEqual(try sql(db, request), #"SELECT COUNT("id") FROM "player" GROUP BY "teamId" IS NULL"#)
            XCTAssertEqual(try request.fetchAll(db).sorted(), [1, 5])
        }
    }

    func testHavingLiteralIsJoinedWithAndToOtherConditions() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let minimum = 600
            let request = Player
                .select(Column("teamId"), max(Column("score")))
                .group(Column("teamId"))
                .having(literal: "MAX(score) > \(minimum)")
                .having(count(Column("id")) > 1)
                .asRequest(of: Row.self)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "teamId", MAX("score") FROM "player" GROUP BY "teamId" HAVING (MAX(score) > ?) AND (COUNT("id") > ?)"#)
            XCTAssertEqual(try arguments(db, request), [600, 1])
            XCTAssertEqual(try request.fetchAll(db).map { $0["teamId"] as Int64? }, [1, 42])
        }
    }

    func testHavingLiteralError() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().group(Column("teamId")).having(literal: "MAX(missing) > 0")
            XCTAssertThrowsError(try Row.fetchAll(db, request)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual(
                    (error as? DatabaseError)?.sql,
                    #"SELECT * FROM "player" GROUP BY "teamId" HAVING MAX(missing) > 0"#)
            }
        }
    }
}
