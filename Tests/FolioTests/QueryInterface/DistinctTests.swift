import Folio
import XCTest

private struct Player: TableRecord { }

/// `distinct()`.
final class DistinctTests: FolioTestCase {
    func testDistinct() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.select(\.teamId, as: Int?.self).distinct().order(Column("teamId"))
            XCTAssertEqual(try sql(db, request), #"SELECT DISTINCT "teamId" FROM "player" ORDER BY "teamId""#)
            XCTAssertEqual(try request.fetchAll(db), [nil, 1, 2, 42])

            let twice = Player.select { [$0.isVerified, $0.position] }.distinct().distinct()
            XCTAssertEqual(try sql(db, twice), #"SELECT DISTINCT "isVerified", "position" FROM "player""#)
            XCTAssertEqual(try Row.fetchAll(db, twice).count, 3)
        }
    }

    func testDistinctIsKeptByOtherMethods() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all().distinct().select(\.isVerified).filter { $0.score > 100 }.limit(5)
            XCTAssertEqual(try sql(db, request), #"SELECT DISTINCT "isVerified" FROM "player" WHERE "score" > ? LIMIT 5"#)
            XCTAssertEqual(try Bool.fetchAll(db, request).sorted { !$0 && $1 }, [false, true])
        }
    }
}
