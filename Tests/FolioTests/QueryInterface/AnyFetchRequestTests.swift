import Folio
import XCTest

private struct Player: TableRecord, FetchableRecord, Decodable, Hashable {
    var id: Int64
    var name: String?
    var teamId: Int64?
}

private struct Team: TableRecord, FetchableRecord, Decodable {
    var id: Int64
    var name: String
    static let players = hasMany(Player.self)
}

/// `AnyFetchRequest` forwards preparation, counting, regions and subqueries
/// to the request it wraps.
final class AnyFetchRequestTests: FolioTestCase {
    private func request(sql: String?) -> AnyFetchRequest<Player> {
        if let sql {
            return AnyFetchRequest(SQLRequest<Player>(sql: sql))
        }
        return AnyFetchRequest(Player.order(Column("id").desc))
    }

    func testFetchingThroughErasedRequests() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let queryInterface = request(sql: nil)
            XCTAssertEqual(try queryInterface.fetchAll(db).map(\.id), [6, 5, 4, 3, 2, 1])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "id" DESC"#)
            XCTAssertEqual(try queryInterface.fetchOne(db)?.id, 6)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "id" DESC LIMIT 1"#)
            XCTAssertEqual(try queryInterface.fetchSet(db).count, 6)
            XCTAssertEqual(try queryInterface.fetchCursor(db).map(\.id).reduce(0, +), 21)
            XCTAssertEqual(try queryInterface.fetchCount(db), 6)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player""#)

            let sqlRequest = request(sql: "SELECT * FROM player WHERE teamId = 1")
            XCTAssertEqual(try sqlRequest.fetchAll(db).map(\.name), ["Arthur", "barbara"])
            XCTAssertEqual(try sqlRequest.fetchCount(db), 2)
            XCTAssertEqual(lastSQLQuery, "SELECT COUNT(*) FROM (SELECT * FROM player WHERE teamId = 1)")
            XCTAssertFalse(try sqlRequest.isEmpty(db))
        }
    }

    func testMakePreparedRequestForwardsTheSingleResultHint() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = AnyFetchRequest(Player.all())
            XCTAssertEqual(try request.makePreparedRequest(db).statement.sql, #"SELECT * FROM "player""#)
            XCTAssertEqual(
                try request.makePreparedRequest(db, forSingleResult: true).statement.sql,
                #"SELECT * FROM "player" LIMIT 1"#)
        }
    }

    func testAsRequestOfAnotherType() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let players = AnyFetchRequest(Player.filter(Column("teamId") == 2))
            let rows: AnyFetchRequest<Row> = players.asRequest(of: Row.self)
            XCTAssertEqual(try rows.fetchOne(db)?["name"], "Craig")
            let names = AnyFetchRequest(Player.select(Column("name")).filter(Column("name") != nil).order(Column("id"))).asRequest(of: String.self)
            XCTAssertEqual(try names.fetchAll(db).prefix(2), ["Arthur", "barbara"])
            XCTAssertEqual(try names.asRequest(of: Player.self).fetchCount(db), 5)
        }
    }

    func testErasedRequestsKeepAssociationsAndAdapters() throws {
        try makeTeamAndPlayerDatabase().read { db in
            struct TeamInfo: FetchableRecord, Decodable {
                var team: Team
                var players: [Player]
            }
            let infos = try AnyFetchRequest(Team.including(all: Team.players).order(Column("id")))
                .asRequest(of: TeamInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.map { $0.players.map(\.id) }, [[1, 2], [3], [5, 6]])

            let adapted = AnyFetchRequest(SQLRequest<Row>(sql: "SELECT 1 AS a, 2 AS b").adapted { _ in SuffixRowAdapter(fromIndex: 1) })
            XCTAssertEqual(try adapted.fetchOne(db), ["b": 2])
        }
    }

    func testErrorsOfTheWrappedRequest() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = AnyFetchRequest(SQLRequest<Row>(sql: "SELECT * FROM missing"))
            XCTAssertThrowsError(try request.fetchAll(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.sql, "SELECT * FROM missing")
            }
            struct Failure: Error { }
            let failing = AnyFetchRequest(Player.all().filterWhenConnected { _ -> any SQLExpressible in throw Failure() })
            XCTAssertThrowsError(try failing.fetchCount(db)) { XCTAssertTrue($0 is Failure) }
            XCTAssertThrowsError(try failing.databaseRegion(db)) { XCTAssertTrue($0 is Failure) }
        }
    }

    func testSubquery() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let teamIds = AnyFetchRequest(Table("team").filter(Column("color") == "red").select(Column("id"), as: Int64.self))
            let request = Player.filter(teamIds.contains(Column("teamId"))).order(Column("id"))
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" = ?) ORDER BY "id""#)
            XCTAssertEqual(try request.fetchAll(db).map(\.id), [1, 2])
            XCTAssertEqual(
                try Player.filter(teamIds.exists()).fetchCount(db), 6)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT COUNT(*) FROM "player" WHERE EXISTS (SELECT "id" FROM "team" WHERE "color" = ?)"#)
        }
    }

    func testErasedRequestIsAnExpressionASelectionAndAnOrderingTerm() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let playerCount = AnyFetchRequest(SQLRequest<Int>(sql: "SELECT COUNT(*) FROM player"))
            let expression: any SQLExpressible = playerCount
            let selectable: any SQLSelectable = playerCount
            let orderingTerm: any SQLOrderingTerm = playerCount
            let specific: any SQLSpecificExpressible = playerCount
            _ = specific
            let request = Table("team")
                .select([Column("name"), selectable])
                .filter(expression.sqlExpression > 5)
                .order([orderingTerm, Column("id")])
                .asRequest(of: Row.self)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "name", (SELECT COUNT(*) FROM player) FROM "team" WHERE (SELECT COUNT(*) FROM player) > ? ORDER BY (SELECT COUNT(*) FROM player), "id""#)
            XCTAssertEqual(try request.fetchAll(db).map { $0[1] as Int }, [6, 6, 6])
            XCTAssertEqual(try expressionSQL(db, playerCount + 1), "(SELECT COUNT(*) FROM player) + ?", "operators apply")
        }
    }

    func testDatabaseRegionIncludesPrefetchedTables() throws {
        try makeTeamAndPlayerDatabase().read { db in
            let request = AnyFetchRequest(Team.including(all: Team.players))
            let region = try request.databaseRegion(db)
            XCTAssertTrue(region.isModified(byEventsOfKind: .insert(tableName: "player")))
            XCTAssertTrue(region.isModified(byEventsOfKind: .insert(tableName: "team")))
            XCTAssertFalse(region.isModified(byEventsOfKind: .insert(tableName: "other")))
        }
    }

    func testObservingAnErasedRequest() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        let request = AnyFetchRequest(Player.filter(Column("teamId") == 1))
        let values = ValueRecorder<Int>()
        let cancellable = ValueObservation
            .tracking { db in try request.fetchCount(db) }
            .start(in: dbQueue, scheduling: .async(onQueue: DispatchQueue(label: "AnyFetchRequestTests"))) { error in
                XCTFail("\(error)")
            } onChange: { values.append($0) }
        try dbQueue.write { db in try db.execute(sql: "UPDATE player SET teamId = 1 WHERE id = 3") }
        wait(for: [values.expectation(self, "fresh value") { $0 == [2, 3] }], timeout: 10)
        withExtendedLifetime(cancellable) { }
    }

    func testErasedRequestIsSendable() async throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        let request = AnyFetchRequest(Player.order(Column("id")))
        let task = Task { @Sendable in
            try await dbQueue.read { db in try request.fetchAll(db).first?.id }
        }
        let firstID = try await task.value
        XCTAssertEqual(firstID, 1)
    }
}
