import Folio
import Synchronization
import XCTest

// `TableAlias` (GRDB 7): a final class on `TableAliasBase`, whose members
// are the record's database components, qualified with the alias.

private struct Player: TableRecord {
    enum Columns {
        static let id = Column("id")
        static let points = Column("score")
        static let label = Column("full_name")
        static let info = JSONColumn("info")
        static let byPointsDesc = Column("score").desc
        static let everything = AllColumns()
    }
}

private struct Team: TableRecord {
    static let players = hasMany(Player.self)
}

private struct DynamicPlayer: TableRecord {
    static let databaseTableName = "player"
}

final class TableAliasTests: FolioTestCase {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    teamId INTEGER REFERENCES team(id),
                    full_name TEXT NOT NULL,
                    score INTEGER NOT NULL,
                    info TEXT);
                INSERT INTO team (id) VALUES (1), (2);
                INSERT INTO player (id, teamId, full_name, score, info) VALUES
                    (1, 1, 'Arthur', 1000, '{"country":"FR"}'),
                    (2, 1, 'Barbara', 500, '{"country":"DE"}'),
                    (3, 2, 'Craig', 10, NULL);
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    func testKeyPathMembersAreTheQualifiedColumnsOfTheRecord() throws {
        try makeDatabase().read { db in
            let alias = TableAlias<Player>(name: "p")
            let better = Player.filter { $0.points > alias.points }
            let best = Player.aliased(alias).filter(!better.exists())
            XCTAssertEqual(
                try sql(db, best),
                #"SELECT "p".* FROM "player" "p" WHERE NOT EXISTS (SELECT * FROM "player" WHERE "score" > "p"."score")"#)
            XCTAssertEqual(try ids(db, best), [1])

            let expression: SQLExpression = alias.label
            XCTAssertEqual(try sql(db, Player.aliased(alias).select(expression)), #"SELECT "p"."full_name" FROM "player" "p""#)
        }
    }

    func testKeyPathMembersOfEachKind() throws {
        try makeDatabase().read { db in
            let alias = TableAlias<Player>(name: "p")
            let json: AnySQLJSONExpressible = alias.info
            let ordering: SQLOrdering = alias.byPointsDesc
            let selection: SQLSelection = alias.everything
            let request = Player.aliased(alias)
                .joining(required: Player.belongsTo(Team.self))
                .select([selection, json["country"].forKey("country")])
                .order(ordering)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "p".*, "p"."info" ->> ? AS "country" FROM "player" "p" JOIN "team" ON "team"."id" = "p"."teamId" ORDER BY "p"."score" DESC"#)
            XCTAssertEqual(try Row.fetchAll(db, request).map { $0["country"] as String? }, ["FR", "DE", nil])
        }
    }

    func testMembersOfRecordsWithoutColumnsTypeAndOfRows() throws {
        try makeDatabase().read { db in
            let alias = TableAlias<DynamicPlayer>(name: "d")
            let request = DynamicPlayer.aliased(alias).filter(alias.full_name == "Craig").order(alias.score.desc)
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "d".* FROM "player" "d" WHERE "d"."full_name" = ? ORDER BY "d"."score" DESC"#)
            XCTAssertEqual(try ids(db, request), [3])

            let rowAlias = TableAlias<Row>(name: "r")
            let rows = Table("player").aliased(rowAlias).filter(rowAlias.score > 600)
            XCTAssertEqual(try sql(db, rows), #"SELECT "r".* FROM "player" "r" WHERE "r"."score" > ?"#)
            XCTAssertEqual(try ids(db, rows), [1])
        }
    }

    func testAnonymousAliases() throws {
        try makeDatabase().read { db in
            let alias = TableAlias(name: "p")
            XCTAssertTrue(type(of: alias) == TableAlias<Void>.self)
            let request = Player.aliased(alias)
                .select(alias[AllColumns()], alias[JSONColumn("info")]["country"].forKey("country"))
                .filter(alias["score"] > 100 && alias[Column("id")] != 0)
                .order(alias[Column("score").desc])
            XCTAssertEqual(
                try sql(db, request),
                #"SELECT "p".*, "p"."info" ->> ? AS "country" FROM "player" "p" WHERE ("p"."score" > ?) AND ("p"."id" <> ?) ORDER BY "p"."score" DESC"#)
            XCTAssertEqual(try ids(db, request), [1, 2])

            let other = TableAlias(name: "q")
            XCTAssertEqual(try sql(db, Table("player").aliased(other)), #"SELECT "q".* FROM "player" "q""#)
            let third = TableAlias(name: "r")
            XCTAssertEqual(try sql(db, Player.all().aliased(third)), #"SELECT "r".* FROM "player" "r""#)
            let fourth = TableAlias(name: "s")
            XCTAssertEqual(try sql(db, Table<Player>("player").aliased(fourth)), #"SELECT "s".* FROM "player" "s""#)

            // An anonymous alias of an association.
            let playerAlias = TableAlias()
            let teams = Team.joining(required: Team.players.aliased(playerAlias)).filter(playerAlias["score"] > 600)
            XCTAssertEqual(
                try sql(db, teams),
                #"SELECT "team".* FROM "team" JOIN "player" ON "player"."teamId" = "team"."id" WHERE "player"."score" > ?"#)
            XCTAssertEqual(try ids(db, teams), [1])
        }
    }

    func testAliasForARecordType() throws {
        try makeDatabase().read { db in
            let alias = TableAlias(name: "p", for: Player.self)
            XCTAssertTrue(type(of: alias) == TableAlias<Player>.self)
            XCTAssertEqual(try sql(db, Player.aliased(alias).filter(alias.points > 0)), #"SELECT "p".* FROM "player" "p" WHERE "p"."score" > ?"#)
            let unnamed = TableAlias(for: Player.self)
            XCTAssertEqual(try sql(db, Player.aliased(unnamed).filter(unnamed.points > 0)), #"SELECT * FROM "player" WHERE "score" > ?"#)
        }
    }

    func testAliasesAreEqualWhenTheyAreTheSameAlias() {
        let alias = TableAlias<Player>()
        let copy = alias
        let other = TableAlias<Player>()
        let sameName = TableAlias<Player>(name: "p")
        let sameName2 = TableAlias<Player>(name: "p")
        XCTAssertEqual(alias, copy)
        XCTAssertNotEqual(alias, other)
        XCTAssertNotEqual(sameName, sameName2)
        XCTAssertEqual(Set([alias, copy, other]).count, 2)
        let bases: Set<TableAliasBase> = [alias, other, TableAlias(name: "x")]
        XCTAssertEqual(bases.count, 3)
        XCTAssertTrue(bases.contains(copy))
        XCTAssertEqual(alias.hashValue, copy.hashValue)
    }

    func testAssociationConditionsReceiveAliasesEqualToTheAliasesOfTheirTables() throws {
        try makeDatabase().read { db in
            let received = Mutex<[TableAliasBase]>([])
            let cte = CommonTableExpression(named: "best", sql: "SELECT 1 AS playerId")
            let association = Player.association(to: cte) { player, best in
                received.withLock { $0.append(contentsOf: [player, best]) }
                return player[Column("id")] == best[Column("playerId")]
            }
            let playerAlias = TableAlias<Player>(name: "p")
            let bestAlias = TableAlias<Row>(name: "b")
            let request = Player.aliased(playerAlias).with(cte).joining(required: association.aliased(bestAlias))
            XCTAssertEqual(
                try sql(db, request),
                #"WITH "best" AS (SELECT 1 AS playerId) SELECT "p".* FROM "player" "p" JOIN "best" "b" ON "p"."id" = "b"."playerId""#)
            XCTAssertEqual(try ids(db, request), [1])
            let aliases = received.withLock { $0 }
            XCTAssertTrue(aliases.contains(playerAlias))
            XCTAssertTrue(aliases.contains(bestAlias))
        }
    }

    func testTableAliasesAreSendable() async throws {
        let alias = TableAlias<Player>(name: "p")
        let expression = await Task.detached { alias.points > 600 }.value
        let dbQueue = try makeDatabase()
        let sql = try await dbQueue.read { db in
            try Player.aliased(alias).filter(expression).makePreparedRequest(db).statement.sql
        }
        XCTAssertEqual(sql, #"SELECT "p".* FROM "player" "p" WHERE "p"."score" > ?"#)
    }
}
