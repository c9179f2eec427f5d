import Folio
import XCTest

private struct Player: TableRecord {
    static let team = belongsTo(Team.self)
}

private struct Team: TableRecord {
    static let players = hasMany(Player.self)
}

/// The protocol hierarchy of GRDB: every `FetchRequest` is a subquery
/// (thus an expression, a selection and an ordering term), a database
/// region, and `Sendable`; `SQLSubquery` is a subquery itself;
/// associations are `Sendable`.
final class SQLSubqueryableTests: FolioTestCase {
    /// Uses any request as a subquery, through the protocol only.
    private func teamFilter(_ teamIDs: some FetchRequest) -> SQLExpression {
        teamIDs.contains(Column("teamId"))
    }

    func testAnyFetchRequestIsASubquery() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let sqlRequest = SQLRequest<Int64>(sql: "SELECT id FROM team WHERE color = ?", arguments: ["red"])
            let queryInterface = Table("team").filter(Column("color") == "blue").select(Column("id"), as: Int64.self)
            let adapted = sqlRequest.adapted { _ in SuffixRowAdapter(fromIndex: 0) }
            XCTAssertEqual(try ids(db, Player.filter(teamFilter(sqlRequest)).order(Column("id"))), [1, 2])
            XCTAssertEqual(try ids(db, Player.filter(teamFilter(queryInterface))), [3])
            XCTAssertEqual(try ids(db, Player.filter(teamFilter(adapted)).order(Column("id"))), [1, 2])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT id FROM team WHERE color = ?) ORDER BY "id""#)
        }
    }

    func testAnyFetchRequestIsARegion() throws {
        func region(_ request: some FetchRequest, _ db: Database) throws -> String {
            let convertible: any DatabaseRegionConvertible = request
            return try convertible.databaseRegion(db).description
        }
        try makeTeamAndPlayerDatabase().read { db in
            XCTAssertEqual(try region(SQLRequest<Row>(sql: "SELECT name FROM team"), db), "team(name)")
            XCTAssertEqual(try region(Table("team").select(Column("name")), db), "team(name)")
            XCTAssertEqual(try region(SQLRequest<Row>(sql: "SELECT name FROM team").adapted { _ in EmptyRowAdapter() }, db), "team(name)")
        }
    }

    func testAnyFetchRequestIsSendable() async throws {
        func fetchCount(_ request: some FetchRequest, in dbQueue: DatabaseQueue) async throws -> Int {
            // The request crosses into the database access closure.
            try await dbQueue.read { db in try request.fetchCount(db) }
        }
        let dbQueue = try makeTeamAndPlayerDatabase()
        let count = try await fetchCount(Table("player").filter(Column("teamId") == 1), in: dbQueue)
        XCTAssertEqual(count, 2)
    }

    func testSQLSubqueryIsASubquery() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let subquery = Table("team").select(Column("id")).filter(Column("color") == "red").sqlSubquery
            let expression: any SQLSpecificExpressible = subquery
            let selectable: any SQLSelectable = subquery
            let orderingTerm: any SQLOrderingTerm = subquery
            XCTAssertEqual(try ids(db, Player.filter(subquery.contains(Column("teamId"))).order(Column("id"))), [1, 2])
            let request = Table("player")
                .select([Column("id"), selectable])
                .filter(expression.sqlExpression == Column("teamId"))
                .order([orderingTerm, Column("id")])
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "id", (SELECT "id" FROM "team" WHERE "color" = ?) FROM "player" "#
                    + #"WHERE (SELECT "id" FROM "team" WHERE "color" = ?) = "teamId" "#
                    + #"ORDER BY (SELECT "id" FROM "team" WHERE "color" = ?), "id""#)
            XCTAssertEqual(try ids(db, request), [1, 2])
            XCTAssertEqual(try ids(db, Player.filter(subquery.sqlSubquery.exists())), [1, 2, 3, 4, 5, 6])
        }
    }

    func testAssociationsAreSendable() throws {
        func isSendable<T: Sendable>(_ value: T) -> Bool { true }
        func sendableAssociation<A: Association>(_ association: A) -> any Sendable { association }
        XCTAssertTrue(isSendable(Player.team))
        XCTAssertTrue(sendableAssociation(Team.players) is HasManyAssociation<Team, Player>)
        let toMany: any AssociationToMany & Sendable = Team.players
        let toOne: any AssociationToOne & Sendable = Player.team
        XCTAssertEqual(toMany.databaseTableName, "player")
        XCTAssertEqual(toOne.databaseTableName, "team")
    }
}
