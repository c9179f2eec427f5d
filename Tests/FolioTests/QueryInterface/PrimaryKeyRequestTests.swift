import Folio
import XCTest

private struct Player: Decodable, FetchableRecord, TableRecord, Identifiable {
    var id: Int64
    var name: String
    var teamId: Int64?
    static let team = belongsTo(Team.self)
}

private struct Team: Decodable, FetchableRecord, TableRecord {
    var id: Int64
    var name: String
    static let players = hasMany(Player.self)
}

private struct Citizenship: Decodable, FetchableRecord, TableRecord {
    var citizenId: Int64
    var countryCode: String

    struct ID: Decodable, FetchableRecord, Equatable {
        var citizenId: Int64
        var countryCode: String
    }
}

/// `selectPrimaryKey(as:)`, `orderByPrimaryKey()` and
/// `groupByPrimaryKey()`, of record types, requests, associations and
/// tables.
final class PrimaryKeyRequestTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamId INTEGER REFERENCES team(id));
                INSERT INTO player VALUES (3, 'Craig', 2), (1, 'Arthur', 1), (2, 'Barbara', 1);
                CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
                INSERT INTO country VALUES ('US', 'United States'), ('FR', 'France');
                CREATE TABLE citizenship (
                  citizenId INTEGER NOT NULL,
                  countryCode TEXT NOT NULL,
                  PRIMARY KEY (citizenId, countryCode));
                INSERT INTO citizenship VALUES (2, 'FR'), (1, 'US'), (1, 'FR');
                CREATE TABLE event (message TEXT);
                INSERT INTO event (rowid, message) VALUES (2, 'two'), (1, 'one');
                CREATE VIEW playerView AS SELECT * FROM player;
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testOrderByPrimaryKey() throws {
        try makeDatabase().read { db in
            XCTAssertEqual(try Player.orderByPrimaryKey().fetchAll(db).map(\.id), [1, 2, 3])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "id""#)

            XCTAssertEqual(try Table("country").orderByPrimaryKey().fetchAll(db).map { $0["code"] as String }, ["FR", "US"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "country" ORDER BY "code""#)

            let citizenships = try Citizenship.all().orderByPrimaryKey().fetchAll(db)
            XCTAssertEqual(citizenships.map { "\($0.citizenId)\($0.countryCode)" }, ["1FR", "1US", "2FR"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "citizenship" ORDER BY "citizenId", "countryCode""#)

            // Tables without explicit primary key are sorted by rowid.
            XCTAssertEqual(try Table("event").orderByPrimaryKey().fetchAll(db).map { $0["message"] as String }, ["one", "two"])
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "event" ORDER BY "rowid""#)
        }
    }

    func testOrderByPrimaryKeyReplacesOrderingAndReverses() throws {
        try makeDatabase().read { db in
            let request = Player.order(Column("name").desc).orderByPrimaryKey()
            XCTAssertEqual(try sql(db, request), #"SELECT * FROM "player" ORDER BY "id""#)
            XCTAssertEqual(try sql(db, request.reversed()), #"SELECT * FROM "player" ORDER BY "id" DESC"#)
            XCTAssertEqual(try request.reversed().fetchAll(db).map(\.id), [3, 2, 1])
            XCTAssertEqual(
                try sql(db, Citizenship.orderByPrimaryKey().reversed()),
                #"SELECT * FROM "citizenship" ORDER BY "citizenId" DESC, "countryCode" DESC"#)
            XCTAssertEqual(
                try sql(db, Player.orderByPrimaryKey().thenOrder(Column("name"))),
                #"SELECT * FROM "player" ORDER BY "id", "name""#)
        }
    }

    func testOrderByPrimaryKeyOfAssociation() throws {
        try makeDatabase().read { db in
            let request = Team.including(all: Team.players.orderByPrimaryKey()).orderByPrimaryKey()
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0.prefetchedRows["players"]!.map { $0["id"] as Int64 } }, [[1, 2], [3]])
            let fetches = sqlQueries.filter { $0.hasPrefix("SELECT *") }
            XCTAssertEqual(fetches.count, 2, "\(sqlQueries)")
            XCTAssertTrue(fetches.allSatisfy { $0.hasSuffix(#"ORDER BY "id""#) }, "\(sqlQueries)")

            let joined = Player.joining(required: Player.team.orderByPrimaryKey()).orderByPrimaryKey()
            XCTAssertEqual(
                try sql(db, joined),
                #"SELECT "player".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId" ORDER BY "player"."id", "team"."id""#)
        }
    }

    func testSelectPrimaryKey() throws {
        try makeDatabase().read { db in
            XCTAssertEqual(try Player.selectPrimaryKey(as: Int64.self).order(Column("id")).fetchAll(db), [1, 2, 3])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id" FROM "player" ORDER BY "id""#)

            XCTAssertEqual(try Table("country").selectPrimaryKey(as: String.self).fetchSet(db), ["FR", "US"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "code" FROM "country""#)

            let rows = try Citizenship.all().orderByPrimaryKey().selectPrimaryKey(as: Row.self).fetchAll(db)
            XCTAssertEqual(rows, [["citizenId": 1, "countryCode": "FR"], ["citizenId": 1, "countryCode": "US"], ["citizenId": 2, "countryCode": "FR"]])
            XCTAssertEqual(lastSQLQuery, #"SELECT "citizenId", "countryCode" FROM "citizenship" ORDER BY "citizenId", "countryCode""#)

            let ids = try Citizenship.selectPrimaryKey(as: Citizenship.ID.self).filter(Column("citizenId") == 2).fetchAll(db)
            XCTAssertEqual(ids, [Citizenship.ID(citizenId: 2, countryCode: "FR")])

            XCTAssertEqual(try Table("event").selectPrimaryKey(as: Int64.self).orderByPrimaryKey().fetchAll(db), [1, 2])
            XCTAssertEqual(lastSQLQuery, #"SELECT "rowid" FROM "event" ORDER BY "rowid""#)

            // Any previous selection is discarded.
            XCTAssertEqual(try sql(db, Player.select(Column("name")).selectPrimaryKey(as: Int64.self)), #"SELECT "id" FROM "player""#)
            XCTAssertEqual(try Player.selectPrimaryKey(as: Int64.self).fetchCount(db), 3)
        }
    }

    func testSelectPrimaryKeyOfJoinedRequest() throws {
        try makeDatabase().read { db in
            let request = Citizenship.all()
                .joining(required: Citizenship.belongsTo(Table("player"), using: ForeignKey(["citizenId"])).filter(Column("name") == "Arthur"))
                .selectPrimaryKey(as: Row.self)
                .orderByPrimaryKey()
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "citizenship"."citizenId", "citizenship"."countryCode" FROM "citizenship" JOIN "player" ON ("player"."id" = "citizenship"."citizenId") AND ("player"."name" = ?) ORDER BY "citizenship"."citizenId", "citizenship"."countryCode""#)
            XCTAssertEqual(try request.fetchAll(db), [["citizenId": 1, "countryCode": "FR"], ["citizenId": 1, "countryCode": "US"]])
        }
    }

    func testGroupByPrimaryKey() throws {
        try makeDatabase().read { db in
            let playerAlias = TableAlias<Player>()
            let request = Team
                .joining(optional: Team.players.aliased(playerAlias))
                .annotated(with: count(playerAlias[Column("id")]).forKey("playerCount"))
                .groupByPrimaryKey()
                .orderByPrimaryKey()
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "team".*, COUNT("player"."id") AS "playerCount" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id" ORDER BY "team"."id""#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["playerCount"] as Int }, [2, 1])

            let grouped = Citizenship.select(Column("citizenId"), count(Column("countryCode")).forKey("n")).groupByPrimaryKey()
            XCTAssertEqual(
                try sql(db, grouped),
                #"SELECT "citizenId", COUNT("countryCode") AS "n" FROM "citizenship" GROUP BY "citizenId", "countryCode""#)
            XCTAssertEqual(try Row.fetchAll(db, grouped).count, 3)

            // Any previous grouping is discarded.
            XCTAssertEqual(
                try sql(db, Table("event").all().group(Column("message")).groupByPrimaryKey()),
                #"SELECT * FROM "event" GROUP BY "rowid""#)
        }
    }

    func testPrimaryKeyRequestsThrowForViewAndUnknownTable() throws {
        try makeDatabase().read { db in
            for request in [
                Table("playerView").orderByPrimaryKey(),
                Table("playerView").selectPrimaryKey(as: Row.self),
                Table("playerView").all().groupByPrimaryKey(),
            ] {
                XCTAssertThrowsError(try request.fetchAll(db)) { error in
                    guard let error = error as? DatabaseError else { return XCTFail("\(error)") }
                    XCTAssertEqual(error.resultCode, .SQLITE_MISUSE)
                    XCTAssertEqual(
                        error.message,
                        "table playerView has no primary key: it can not be selected, sorted or grouped by primary key")
                }
            }
            XCTAssertThrowsError(try Table("missing").orderByPrimaryKey().fetchAll(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: missing")
            }
            XCTAssertThrowsError(try Table("missing").selectPrimaryKey(as: Int64.self).fetchAll(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: missing")
            }
        }
    }

    func testGroupByPrimaryKeyOfAssociationThrows() throws {
        try makeDatabase().read { db in
            let request = Team.joining(required: Team.players.groupByPrimaryKey())
            XCTAssertThrowsError(try request.fetchAll(db)) { error in
                XCTAssertTrue("\(error)".contains("refined with group, having or distinct can only be used with including(all:) or request(for:)"), "\(error)")
            }
        }
    }

    func testSelectIDOfRequest() throws {
        try makeDatabase().read { db in
            XCTAssertEqual(try Player.selectID().orderByPrimaryKey().fetchAll(db), [1, 2, 3])
            XCTAssertEqual(try Player.filter(Column("teamId") == 1).selectID().fetchSet(db), [1, 2])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id" FROM "player" WHERE "teamId" = ?"#)
        }
    }
}
