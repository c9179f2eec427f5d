import Folio
import XCTest

private struct Player: TableRecord {
    enum Columns {
        static let name = Column("name")
        static let score = Column("score")
    }
}

/// The SQL of the samples of GRDB's "Query Interface Organization" guide
/// that no other test asserts: constant orderings and selections (values
/// are bound, the guide shows them inline), the expression functions
/// return, the statement of a prepared request.
final class QueryInterfaceOrganizationSQLTests: FolioTestCase {
    /// "print(preparedRequest.statement.sql) // SELECT * FROM player"
    func testStatementOfAPreparedRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = Player.all()
            let preparedRequest = try request.makePreparedRequest(db)
            XCTAssertEqual(preparedRequest.statement.sql, #"SELECT * FROM "player""#)
        }
    }

    /// "SELECT * FROM player ORDER BY name -- Order according to a column"
    /// "SELECT * FROM player ORDER BY 'name' -- Order according to a constant string (why not)"
    func testOrderingByAColumnOrAConstant() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try sql(db, Player.order(Column("name"))), #"SELECT * FROM "player" ORDER BY "name""#)
            let constant = Player.order("name".databaseValue)
            XCTAssertEqual(try sql(db, constant), #"SELECT * FROM "player" ORDER BY ?"#)
            XCTAssertEqual(try arguments(db, constant), ["name"])
            XCTAssertEqual(try Row.fetchAll(db, constant).count, 6)
        }
    }

    /// "SELECT name FROM player -- Selects a column"
    /// "SELECT 'name' FROM player -- Selects a constant string (why not)"
    /// "SELECT MAX(score) AS maxScore FROM player"
    func testSelectingAColumnAConstantOrAnAggregate() throws {
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try sql(db, Player.select(Column("name"))), #"SELECT "name" FROM "player""#)
            let constant = Player.select("name".databaseValue)
            XCTAssertEqual(try sql(db, constant), #"SELECT ? FROM "player""#)
            XCTAssertEqual(try String.fetchAll(db, constant), Array(repeating: "name", count: 6))
            let maxScore = Player.select(max(Column("score")).forKey("maxScore"))
            XCTAssertEqual(try sql(db, maxScore), #"SELECT MAX("score") AS "maxScore" FROM "player""#)
            XCTAssertEqual(try Row.fetchOne(db, maxScore)?["maxScore"], 1000)
        }
    }

    /// "SELECT * FROM player WHERE LENGTH(name) > 0" and
    /// "SELECT * FROM player WHERE name = 'O''Brien'"
    func testFiltersOfTheGuide() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let nonEmpty = Player.filter { length($0.name) > 0 }
            XCTAssertEqual(try sql(db, nonEmpty), #"SELECT * FROM "player" WHERE LENGTH("name") > ?"#)
            XCTAssertEqual(try arguments(db, nonEmpty), [0])
            let name = Player.filter { $0.name == "O'Brien" }
            XCTAssertEqual(try sql(db, name), #"SELECT * FROM "player" WHERE "name" = ?"#)
            XCTAssertEqual(try arguments(db, name), ["O'Brien"])
        }
    }
}
