import Folio
import XCTest

private struct Player: TableRecord { }

/// `filter`, in all its spellings, and `none()`.
final class FilterTests: FolioTestCase {
    func testFilterSpellings() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let expected = #"SELECT * FROM "player" WHERE "score" > ?"#
            let requests: [QueryInterfaceRequest<Player>] = [
                Player.filter(Column("score") > 600),
                Player.filter { $0.score > 600 },
                Player.all().filter(Column("score") > 600),
                Player.all().filter { $0.score > 600 },
            ]
            for request in requests {
                XCTAssertEqual(try sql(db, request), expected)
                XCTAssertEqual(try arguments(db, request), [600])
                XCTAssertEqual(try ids(db, request), [1, 3, 5])
            }
        }
    }

    func testSuccessiveFiltersAreJoinedWithAnd() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.score > 100 }.filter { $0.teamId == 42 || $0.teamId == 2 }.filter { $0.isVerified }
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT * FROM "player" WHERE ("score" > ?) AND (("teamId" = ?) OR ("teamId" = ?)) AND "isVerified""#)
            XCTAssertEqual(try arguments(db, request), [100, 42, 2])
            XCTAssertEqual(try ids(db, request), [3, 5])
        }
    }

    func testRawSQLFilters() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let minScore = 1000
            let sqlFilter = Player.filter(sql: "score >= ?", arguments: [minScore])
            XCTAssertEqual(try sql(db, sqlFilter), #"SELECT * FROM "player" WHERE score >= ?"#)
            XCTAssertEqual(try Player.filter(sql: "score >= ?", arguments: [minScore]).fetchCount(db), 2)

            let literal = Player.filter(literal: "score >= \(minScore)").filter { $0.teamId == 2 }
            XCTAssertEqual(try sql(db, literal), #"SELECT * FROM "player" WHERE (score >= ?) AND ("teamId" = ?)"#)
            XCTAssertEqual(try arguments(db, literal), [1000, 2])
            XCTAssertEqual(try ids(db, literal), [3])

            let constant = Player.filter(sql: "score >= 1000")
            XCTAssertEqual(try sql(db, constant), #"SELECT * FROM "player" WHERE score >= 1000"#)
            XCTAssertEqual(try ids(db, constant), [1, 3])

            let sqlExpression = Player.filter(SQL("score >= \(minScore)") && Column("teamId") == 1)
            XCTAssertEqual(try sql(db, sqlExpression), #"SELECT * FROM "player" WHERE (score >= ?) AND ("teamId" = ?)"#)
            XCTAssertEqual(try ids(db, sqlExpression), [1])
        }
    }

    func testNone() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.none()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE ?"#)
            XCTAssertEqual(try arguments(db, request), [false])
            XCTAssertEqual(try ids(db, request), [])

            XCTAssertEqual(try ids(db, Player.filter { $0.id == 1 }.none()), [])
            XCTAssertEqual(try ids(db, Table("player").none()), [])
        }
    }

    func testColumnEnumsAndCodingKeys() throws {
        enum Columns: String, ColumnExpression {
            case name, score
        }
        enum CodingKeys: String, CodingKey {
            case teamId
        }
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player
                .filter(Columns.score > 600 && Column(CodingKeys.teamId) == 1)
                .order(Columns.name.desc)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE ("score" > ?) AND ("teamId" = ?) ORDER BY "name" DESC"#)
            XCTAssertEqual(try ids(db, request), [1])

            let rowID = Player.filter(Column.rowID == 2)
            XCTAssertEqual(try sql(db, rowID), #"SELECT * FROM "player" WHERE "rowid" = ?"#)
            XCTAssertEqual(try ids(db, rowID), [2])
        }
    }

    func testSeedRequestByUniqueColumnsWithFilter() throws {
        // DatabaseSchemaRecommendations: "Use instead" of fetchOne(key:)
        // on a non-unique pair of columns.
        try makeTeamAndPlayerDatabase().write { db in
            let request = Player.filter { $0.teamId == 42 && $0.position == 1 }
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" WHERE ("teamId" = ?) AND ("position" = ?)"#)
            XCTAssertEqual(try arguments(db, request), [42, 1])
            XCTAssertEqual(try Row.fetchOne(db, request)?["name"], "Éric")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE ("teamId" = ?) AND ("position" = ?) LIMIT 1"#)

            XCTAssertEqual(try Player.filter { $0.name == "Arthur" }.deleteAll(db), 1)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "name" = ?"#)
        }
    }
}
