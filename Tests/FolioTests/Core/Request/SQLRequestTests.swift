import Folio
import XCTest

private struct Player: TableRecord { }

// The raw SQL version of the tutorial's requests
// (DatabaseAccessLayerTutorial, "Raw SQL version").
extension Player {
    /// A request of players ordered by name.
    static func orderedByName() -> SQLRequest<Player> {
        // Sort by name in a localized case insensitive fashion
        """
        SELECT * FROM player
        ORDER BY name COLLATE \(.localizedCaseInsensitiveCompare)
        """
    }

    /// A request of players ordered by score.
    static func orderedByScore() -> SQLRequest<Player> {
        // Sort by descending score, and then by name, in a
        // localized case insensitive fashion
        """
        SELECT * FROM player
        ORDER BY score DESC,
                 name COLLATE \(.localizedCaseInsensitiveCompare)
        """
    }

    static func filter(teamID: Int64) -> SQLRequest<Player> {
        "SELECT * FROM player WHERE teamId = \(teamID) ORDER BY id"
    }
}

/// `SQLRequest`: requests built from SQL literals. (SQL requests used as
/// subqueries of the query interface: QueryInterface/SubqueryTests.)
final class SQLRequestTests: FolioTestCase {
    func testTutorialRequestOrderedByName() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.orderedByName()
            XCTAssertEqual(
                try sql(db, request),
                "SELECT * FROM player\nORDER BY name COLLATE swiftLocalizedCaseInsensitiveCompare")
            XCTAssertEqual(try arguments(db, request), [])
            XCTAssertEqual(try ids(db, request), [4, 1, 2, 3, 6, 5])
        }
    }

    func testTutorialRequestOrderedByScore() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.orderedByScore()
            let expectedSQL = """
                SELECT * FROM player
                ORDER BY score DESC,
                         name COLLATE swiftLocalizedCaseInsensitiveCompare
                """
            XCTAssertEqual(try sql(db, request), expectedSQL)
            XCTAssertEqual(try ids(db, request), [1, 3, 5, 2, 6, 4])

            // No LIMIT 1 is appended to raw SQL requests.
            XCTAssertEqual(try Row.fetchOne(db, request)?["name"], "Arthur")
            XCTAssertEqual(lastSQLQuery, expectedSQL)

            XCTAssertEqual(try request.fetchCount(db), 6)
            XCTAssertEqual(lastSQLQuery, "SELECT COUNT(*) FROM (\(expectedSQL))")
        }
    }

    func testRawSQLRequestsMatchTheQueryInterface() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let byName = Player.all().order(Column("name").collating(.localizedCaseInsensitiveCompare))
            XCTAssertEqual(try ids(db, byName), try ids(db, Player.orderedByName()))
            let byScore = Player.all().order(Column("score").desc, Column("name").collating(.localizedCaseInsensitiveCompare))
            XCTAssertEqual(try ids(db, byScore), try ids(db, Player.orderedByScore()))
        }
    }

    func testInterpolatedValuesAreArguments() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.filter(teamID: 42)
            XCTAssertEqual(try sql(db, request), "SELECT * FROM player WHERE teamId = ? ORDER BY id")
            XCTAssertEqual(try arguments(db, request), [42])
            XCTAssertEqual(try ids(db, request), [5, 6])
        }
    }

    func testTypedSQLRequests() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let names = SQLRequest<String>(sql: "SELECT name FROM team WHERE color IS NOT ? ORDER BY name", arguments: ["red"])
            XCTAssertEqual(try names.fetchAll(db), ["Blues", "Greens"])

            let count: SQLRequest<Int> = "SELECT COUNT(*) FROM player WHERE score > \(500)"
            XCTAssertEqual(try count.fetchOne(db), 3)

            let rows = SQLRequest(sql: "SELECT id, name FROM team WHERE id = ?", arguments: [2])
            XCTAssertEqual(try rows.fetchOne(db), ["id": 2, "name": "Blues"])
        }
    }
}
