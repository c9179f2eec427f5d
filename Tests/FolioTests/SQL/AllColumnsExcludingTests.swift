import Folio
import XCTest

final class AllColumnsExcludingTests: FolioTestCase {
    struct Player: Codable, FetchableRecord, MutablePersistableRecord {
        var id: Int64?
        var name: String
        var teamId: Int64?
        static var databaseSelection: [any SQLSelectable] { [.allColumns(excluding: ["secret"])] }
        static let team = belongsTo(Team.self)
        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    struct Team: Codable, FetchableRecord, TableRecord {
        var id: Int64
        var title: String
        static var databaseSelection: [any SQLSelectable] { [AllColumnsExcluding(["SECRET"])] }
        static let players = hasMany(Player.self)
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, secret TEXT, title TEXT);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, secret TEXT, teamId INTEGER REFERENCES team(id));
                INSERT INTO team VALUES (1, 'hidden', 'Reds');
                INSERT INTO player VALUES (1, 'Arthur', 'hidden', 1), (2, 'Barbara', 'hidden', NULL);
                """)
        }
        return dbQueue
    }

    func testDefaultSelectionListsRemainingColumns() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, Player.all().order(Column("id")))
            XCTAssertEqual(lastSQLQuery, #"SELECT "id", "name", "teamId" FROM "player" ORDER BY "id""#)
            XCTAssertEqual(rows.map { Array($0.columnNames) }, [["id", "name", "teamId"], ["id", "name", "teamId"]])
            XCTAssertEqual(try Player.fetchOne(db, key: 1)?.name, "Arthur")
        }
    }

    func testExplicitSelectionAndCaseInsensitiveNames() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            _ = try Row.fetchAll(db, Team.all())
            XCTAssertEqual(lastSQLQuery, #"SELECT "id", "title" FROM "team""#)
            _ = try Row.fetchAll(db, Table("player").select(.allColumns(excluding: ["ID", "unknown"]), Column("id")))
            XCTAssertEqual(lastSQLQuery, #"SELECT "name", "secret", "teamId", "id" FROM "player""#)
        }
    }

    func testJoinedRequestsQualifyColumnsAndSplitRows() throws {
        struct PlayerInfo: Decodable, FetchableRecord {
            var player: Player
            var team: Team
        }
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let infos = try PlayerInfo.fetchAll(db, Player.including(required: Player.team))
            XCTAssertEqual(lastSQLQuery, """
                SELECT "player"."id", "player"."name", "player"."teamId", "team"."id", "team"."title" \
                FROM "player" JOIN "team" ON "team"."id" = "player"."teamId"
                """)
            XCTAssertEqual(infos.count, 1)
            XCTAssertEqual(infos[0].player.name, "Arthur")
            XCTAssertEqual(infos[0].team.title, "Reds")

            let row = try XCTUnwrap(Row.fetchOne(db, Player.including(required: Player.team)))
            XCTAssertEqual(row.scopes["team"]?.count, 2)
        }
    }

    func testInsertAndFetchReturnsRemainingColumns() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            let player = Player(id: nil, name: "Craig", teamId: nil)
            let fetched = try XCTUnwrap(player.insertAndFetch(db))
            XCTAssertEqual(fetched.name, "Craig")
            XCTAssertTrue(
                sqlQueries.contains { $0.hasSuffix(#"RETURNING "id", "name", "teamId""#) },
                sqlQueries.joined(separator: "\n"))
        }
    }

    func testNumberOfSelectedColumns() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            XCTAssertEqual(try Player.numberOfSelectedColumns(db), 3)
            XCTAssertEqual(try Team.numberOfSelectedColumns(db), 2)
        }
    }

    func testExcludingAllColumnsThrows() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let request = Table("team").select(.allColumns(excluding: ["id", "secret", "title"]))
            XCTAssertThrowsError(try Row.fetchAll(db, request)) { error in
                let message = (error as? DatabaseError)?.message ?? ""
                XCTAssertTrue(message.contains("excludes all the columns of table team"), "\(error)")
            }
        }
    }

    func testMissingTableThrows() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, Table("missing").select(.allColumns(excluding: ["a"]))))
        }
    }
}
