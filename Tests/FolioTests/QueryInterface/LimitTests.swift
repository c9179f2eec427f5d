import Folio
import XCTest

private struct Player: TableRecord { }

/// `limit(_:offset:)`, and the `LIMIT 1` that `fetchOne` adds.
final class LimitTests: FolioTestCase {
    func testLimitAndOffset() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.id).limit(2)
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "id" LIMIT 2"#)
            XCTAssertEqual(try ids(db, request), [1, 2])

            let offset = Player.order(\.id).limit(2, offset: 3)
            XCTAssertEqual(try sql(db, offset), #"SELECT * FROM "player" ORDER BY "id" LIMIT 2 OFFSET 3"#)
            XCTAssertEqual(try ids(db, offset), [4, 5])

            let replaced = Player.order(\.id).limit(20, offset: 40).limit(1)
            XCTAssertEqual(try sql(db, replaced), #"SELECT * FROM "player" ORDER BY "id" LIMIT 1"#)
            XCTAssertEqual(try ids(db, replaced), [1])

            let beyond = Player.order(\.id).limit(10, offset: 5)
            XCTAssertEqual(try ids(db, beyond), [6])

            XCTAssertEqual(try sql(db, Player.limit(5, offset: 10)), #"SELECT * FROM "player" LIMIT 5 OFFSET 10"#)
            XCTAssertEqual(try ids(db, Player.limit(0)), [])
        }
    }

    func testFetchOneAddsLimitOne() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter { $0.score > 600 }.order { [$0.score.desc, $0.name] }
            XCTAssertEqual(try singleResultSQL(db, request), #"SELECT * FROM "player" WHERE "score" > ? ORDER BY "score" DESC, "name" LIMIT 1"#)

            XCTAssertEqual(try Row.fetchOne(db, request)?["name"], "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "score" > ? ORDER BY "score" DESC, "name" LIMIT 1"#)

            let names = Player.order(\.id).select(\.name, as: String?.self)
            XCTAssertEqual(try names.fetchOne(db), "Arthur")
            XCTAssertEqual(lastSQLQuery, #"SELECT "name" FROM "player" ORDER BY "id" LIMIT 1"#)

            XCTAssertEqual(try Table("player").fetchOne(db)?["id"], 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" LIMIT 1"#)

            // fetchAll does not limit.
            XCTAssertEqual(try names.fetchAll(db).count, 6)
            XCTAssertEqual(lastSQLQuery, #"SELECT "name" FROM "player" ORDER BY "id""#)
        }
    }

    func testFetchOneKeepsAnExistingLimit() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.order(\.id).limit(3, offset: 2)
            XCTAssertEqual(try Row.fetchOne(db, request)?["id"], 3)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "id" LIMIT 3 OFFSET 2"#)
        }
    }

    func testFetchOneOfAggregate() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try Int.fetchOne(db, Player.select { count($0.id) }), 6)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT("id") FROM "player" LIMIT 1"#)
        }
    }
}
