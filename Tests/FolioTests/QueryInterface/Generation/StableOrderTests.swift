import Folio
import XCTest

private struct Team: TableRecord {
    static let players = hasMany(Player.self)
}

private struct Player: TableRecord {
    static let team = belongsTo(Team.self)
}

private struct Event: TableRecord { }
private struct Membership: TableRecord { }
private struct PlayerName: TableRecord {
    static let databaseTableName = "playerName"
}

/// `withStableOrder()` on requests and associations.
final class StableOrderTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE event (name TEXT);
                INSERT INTO event (rowid, name) VALUES (3, 'c'), (1, 'a'), (2, 'b');
                CREATE TABLE membership (teamId INTEGER, playerId INTEGER, PRIMARY KEY (teamId, playerId)) WITHOUT ROWID;
                CREATE VIEW playerName AS SELECT name, score FROM player;
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testOrdersByPrimaryKey() throws {
        try makeDatabase().read { db in
            let request = Player.all().withStableOrder()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try sql(db, Membership.all().withStableOrder()), #"SELECT * FROM "membership" ORDER BY "teamId", "playerId""#)
        }
    }

    func testOrdersByRowID() throws {
        try makeDatabase().read { db in
            let request = Event.all().withStableOrder()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "event" ORDER BY "rowid""#)
            XCTAssertEqual(try String.fetchAll(db, request.select(Column("name"), as: String.self)), ["a", "b", "c"])
        }
    }

    func testOrdersViewsByAllColumns() throws {
        try makeDatabase().read { db in
            let request = PlayerName.all().withStableOrder()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "playerName" ORDER BY "name", "score""#)
        }
    }

    func testAppendsToTheCurrentOrdering() throws {
        try makeDatabase().read { db in
            let request = Player.order(\.score.desc).withStableOrder()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" DESC, "id""#)
            XCTAssertEqual(try ids(db, request), [1, 3, 5, 2, 6, 4])

            // A reversed ordering is kept reversed.
            let reversed = Player.order(\.score).reversed().withStableOrder()
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player" ORDER BY "score" DESC, "id""#)

            // An ordering added later comes after the stable order.
            let later = Player.all().withStableOrder().thenOrder(\.name)
            XCTAssertEqual(try sql(db, later), #"SELECT * FROM "player" ORDER BY "id", "name""#)

            // A new ordering replaces it.
            let replaced = Player.all().withStableOrder().order(\.name)
            XCTAssertEqual(try sql(db, replaced), #"SELECT * FROM "player" ORDER BY "name""#)
        }
    }

    func testReversedStableOrder() throws {
        try makeDatabase().read { db in
            let request = Player.order(\.score).withStableOrder().reversed()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "score" DESC, "id" DESC"#)
            XCTAssertEqual(try ids(db, request), [3, 1, 5, 2, 6, 4])
            XCTAssertEqual(try sql(db, Membership.all().withStableOrder().reversed()), #"SELECT * FROM "membership" ORDER BY "teamId" DESC, "playerId" DESC"#)
        }
    }

    func testIsIdempotent() throws {
        try makeDatabase().read { db in
            let request = Player.all().withStableOrder().withStableOrder()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "id""#)
            let reversed = Player.all().withStableOrder().reversed().withStableOrder()
            XCTAssertEqual(try sql(db, reversed), #"SELECT * FROM "player" ORDER BY "id" DESC"#)
        }
    }

    func testOrdersJoinedAssociations() throws {
        try makeDatabase().read { db in
            let request = Player.including(required: Player.team).withStableOrder()
            XCTAssertEqual(try sql(db, request), """
                SELECT "player".*, "team".* FROM "player" \
                JOIN "team" ON "team"."id" = "player"."teamId" \
                ORDER BY "player"."id", "team"."id"
                """)

            let toMany = Team.joining(required: Team.players).withStableOrder()
            XCTAssertEqual(try sql(db, toMany), """
                SELECT "team".* FROM "team" \
                JOIN "player" ON "player"."teamId" = "team"."id" \
                ORDER BY "team"."id", "player"."id"
                """)
        }
    }

    func testOrdersPrefetchedAssociations() throws {
        try makeDatabase().read { db in
            let request = Team.including(all: Team.players).withStableOrder()
            clearSQLQueries()
            _ = try Row.fetchAll(db, request)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT") }, [
                #"SELECT * FROM "team" ORDER BY "id""#,
                #"SELECT *, "teamId" AS "grdb_teamId" FROM "player" WHERE "teamId" IN (?, ?, ?) ORDER BY "id""#,
            ])
        }
    }

    func testAssociationWithStableOrder() throws {
        try makeDatabase().read { db in
            let request = Team.including(all: Team.players.order(\.score).withStableOrder())
            _ = try Row.fetchAll(db, request)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT *, "teamId" AS "grdb_teamId" FROM "player" WHERE "teamId" IN (?, ?, ?) ORDER BY "score", "id""#)

            let joined = Player.joining(required: Player.team.withStableOrder())
            XCTAssertEqual(try sql(db, joined), """
                SELECT "player".* FROM "player" \
                JOIN "team" ON "team"."id" = "player"."teamId" \
                ORDER BY "team"."id"
                """)
        }
    }

    func testGenericOrderedRequests() throws {
        func stable<Request: OrderedRequest>(_ request: Request) -> Request {
            request.withStableOrder()
        }
        try makeDatabase().read { db in
            XCTAssertEqual(try sql(db, stable(Player.all())), #"SELECT * FROM "player" ORDER BY "id""#)
            let association = stable(Team.players)
            XCTAssertEqual(
                try sql(db, Team.joining(required: association)),
                #"SELECT "team".* FROM "team" JOIN "player" ON "player"."teamId" = "team"."id" ORDER BY "player"."id""#)
        }
    }

    func testCommonTableExpressionsAreNotOrdered() throws {
        try makeDatabase().read { db in
            let cte = CommonTableExpression(named: "name", sql: "SELECT name FROM player")
            let request = cte.all().with(cte).withStableOrder()
            XCTAssertEqual(try sql(db, request), #"WITH "name" AS (SELECT name FROM player) SELECT * FROM "name""#)
        }
    }

    func testCountIgnoresTheStableOrder() throws {
        try makeDatabase().read { db in
            XCTAssertEqual(try Player.all().withStableOrder().fetchCount(db), 6)
            XCTAssertEqual(lastSQLQuery, #"SELECT COUNT(*) FROM "player""#)
        }
    }
}
