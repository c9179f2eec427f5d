import Folio
import XCTest

private struct Team: Codable, FetchableRecord, PersistableRecord {
    static let players = hasMany(Player.self)
    var id: String
    var name: String
    var color: String
}

private struct Player: Codable, FetchableRecord, PersistableRecord {
    static let team = belongsTo(Team.self)
    static let awards = hasMany(Award.self)
    var id: Int64
    var teamId: String?
    var name: String
}

private struct Award: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var playerId: Int64
    var name: String
}

/// `dumpSQL`, `dumpRequest` and `dumpTables` on `Database`.
///
/// The expected outputs of the "rugby" tests are the outputs that GRDB
/// gives for the same database (recorded by the GRDBSnapshotTesting
/// library).
final class DumpTests: FolioTestCase {
    /// The rugby database: teams, players, and a view.
    private func makeRugbyDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE "team" ("id" TEXT PRIMARY KEY NOT NULL, "name" TEXT NOT NULL, "color" TEXT NOT NULL);
                CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "teamId" TEXT REFERENCES "team"("id"), "name" TEXT NOT NULL);
                CREATE INDEX "player_on_teamId" ON "player"("teamId");
                CREATE VIEW "playerAndTeam" AS SELECT player.*, team.name AS teamName
                FROM player
                LEFT JOIN team ON team.id = player.teamId;
                INSERT INTO team VALUES ('ENG', 'England Rugby', 'white'), ('FRA', 'XV de France', 'blue');
                INSERT INTO player (teamId, name) VALUES ('FRA', 'Antoine Dupond'), ('ENG', 'Owen Farrell'), (NULL, 'Tartempion');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    // MARK: - dumpSQL

    func testDumpSQLQuoteFormat() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            try db.dumpSQL("SELECT * FROM player ORDER BY id", format: .quote(), to: output)
            XCTAssertEqual(output.text, """
                1,'FRA','Antoine Dupond'
                2,'ENG','Owen Farrell'
                3,NULL,'Tartempion'

                """)
        }
    }

    func testDumpSQLWithArguments() throws {
        try makeRugbyDatabase().read { db in
            let name = "Antoine Dupond"
            let output = DumpOutput()
            try db.dumpSQL("SELECT * FROM player WHERE name = \(name)", to: output)
            XCTAssertEqual(output.text, "1|FRA|Antoine Dupond\n")
            XCTAssertEqual(lastSQLQuery, "SELECT * FROM player WHERE name = ?")
        }
    }

    func testDumpSQLRunsStatementsInOrder() throws {
        try makeDatabaseQueue().write { db in
            let output = DumpOutput()
            try db.dumpSQL("""
                CREATE TABLE player(id, name, score);
                INSERT INTO player VALUES (1, 'Arthur', 1000);
                INSERT INTO player VALUES (2, 'Barbara', 500);
                SELECT * FROM player ORDER BY name;
                SELECT MAX(score) AS maxScore FROM player;
                """, to: output)
            XCTAssertEqual(output.text, "1|Arthur|1000\n2|Barbara|500\n1000\n")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 2)
        }
    }

    func testDumpSQLErrors() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            XCTAssertThrowsError(try db.dumpSQL("SELECT * FROM nope", to: output)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: nope")
            }
            try db.dumpSQL("SELECT \(1), \(2)", to: output)
            XCTAssertThrowsError(try db.dumpSQL(SQL(sql: "SELECT ?", arguments: [1, 2]), to: output)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            XCTAssertEqual(output.text, "1|2\n")
        }
    }

    // MARK: - dumpRequest

    func testDumpSQLRequestLineFormat() throws {
        try makeRugbyDatabase().read { db in
            let request: SQLRequest<Player> = "SELECT * FROM player ORDER BY id"
            let output = DumpOutput()
            try db.dumpRequest(request, format: .line(nullValue: "<null>"), to: output)
            XCTAssertEqual(output.text, """
                    id = 1
                teamId = FRA
                  name = Antoine Dupond

                    id = 2
                teamId = ENG
                  name = Owen Farrell

                    id = 3
                teamId = <null>
                  name = Tartempion

                """)
        }
    }

    func testDumpQueryInterfaceRequest() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            try db.dumpRequest(Player.filter { $0.teamId != nil }.order(\.name.desc), to: output)
            XCTAssertEqual(output.text, "2|ENG|Owen Farrell\n1|FRA|Antoine Dupond\n")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "teamId" IS NOT NULL ORDER BY "name" DESC"#)
        }
    }

    func testDumpRequestPrintsAllColumnsOfJoinedAssociations() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            try db.dumpRequest(Player.including(required: Player.team).withStableOrder(), to: output)
            XCTAssertEqual(output.text, """
                1|FRA|Antoine Dupond|FRA|XV de France|blue
                2|ENG|Owen Farrell|ENG|England Rugby|white

                """)
        }
    }

    func testDumpRequestPrintsPrefetchedAssociations() throws {
        try makeRugbyDatabase().read { db in
            let request = Team.including(all: Team.players).withStableOrder()
            let output = DumpOutput()
            try db.dumpRequest(request, format: .json(), to: output)
            XCTAssertEqual(output.text, """
                [{"id":"ENG","name":"England Rugby","color":"white"},
                {"id":"FRA","name":"XV de France","color":"blue"}]

                players
                [{"id":1,"teamId":"FRA","name":"Antoine Dupond"},
                {"id":2,"teamId":"ENG","name":"Owen Farrell"}]

                """)

            let debug = DumpOutput()
            try db.dumpRequest(request, to: debug)
            XCTAssertEqual(debug.text, """
                ENG|England Rugby|white
                FRA|XV de France|blue

                players
                1|FRA|Antoine Dupond
                2|ENG|Owen Farrell

                """)
            XCTAssertEqual(lastSQLQuery, """
                SELECT *, "teamId" AS "grdb_teamId" FROM "player" WHERE "teamId" IN (?, ?) ORDER BY "id"
                """)
        }
    }

    func testDumpRequestPrintsPrefetchedRowsInTheOrderOfTheirQuery() throws {
        try makeRugbyDatabase().read { db in
            // Teams by name descending; players by name: the players of
            // all teams are printed in one list, in the order of their
            // query.
            let request = Team
                .order(\.name.desc)
                .including(all: Team.players.order(\.name.desc).forKey("members"))
            let output = DumpOutput()
            try db.dumpRequest(request, format: .list(header: true), to: output)
            XCTAssertEqual(output.text, """
                id|name|color
                FRA|XV de France|blue
                ENG|England Rugby|white

                members
                id|teamId|name
                2|ENG|Owen Farrell
                1|FRA|Antoine Dupond

                """)
        }
    }

    func testDumpRequestPrintsNestedPrefetchedAssociations() throws {
        let dbQueue = try makeRugbyDatabase()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE award (id INTEGER PRIMARY KEY, playerId INTEGER REFERENCES player(id), name TEXT);
                INSERT INTO award VALUES (1, 2, 'Best kicker'), (2, 1, 'Player of the year'), (3, 1, 'Best scrum-half');
                """)
        }
        try dbQueue.read { db in
            let request = Team
                .including(all: Team.players.including(all: Player.awards))
                .withStableOrder()
            let output = DumpOutput()
            try db.dumpRequest(request, to: output)
            XCTAssertEqual(output.text, """
                ENG|England Rugby|white
                FRA|XV de France|blue

                players
                1|FRA|Antoine Dupond
                2|ENG|Owen Farrell

                players.awards
                1|2|Best kicker
                2|1|Player of the year
                3|1|Best scrum-half

                """)
        }
    }

    func testDumpRequestPrintsPrefetchedAssociationsOfNoRow() throws {
        try makeRugbyDatabase().read { db in
            let request = Team.filter { $0.id == "ITA" }.including(all: Team.players)
            let output = DumpOutput()
            try db.dumpRequest(request, format: .json(), to: output)
            XCTAssertEqual(output.text, "[]\n\nplayers\n[]\n")

            let debug = DumpOutput()
            try db.dumpRequest(request, to: debug)
            XCTAssertEqual(debug.text, "players\n")
        }
    }

    private struct ColumnNamesFormat: DumpFormat {
        mutating func writeRow(_ db: Database, statement: Statement, to stream: inout DumpStream) {
            stream.write(statement.columnNames.joined(separator: ",") + "\n")
        }

        mutating func finalize(_ db: Database, statement: Statement, to stream: inout DumpStream) { }
    }

    func testCustomFormatsSeeTheKeysOfPrefetchedAssociations() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            try db.dumpRequest(Team.filter { $0.id == "ENG" }.including(all: Team.players), format: ColumnNamesFormat(), to: output)
            XCTAssertEqual(output.text, """
                id,name,color

                players
                id,teamId,name,grdb_teamId

                """)
        }
    }

    // MARK: - dumpTables

    func testDumpTablesPrintsRowsByPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT);
                INSERT INTO player VALUES (2, 'Barbara'), (1, 'Arthur'), (3, 'Craig');
                UPDATE player SET id = 4 WHERE id = 1;
                """)
        }
        try dbQueue.read { db in
            clearSQLQueries()
            let output = DumpOutput()
            try db.dumpTables(["player"], to: output)
            XCTAssertEqual(output.text, "2|Barbara\n3|Craig\n4|Arthur\n")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" ORDER BY "id""#)
        }
    }

    func testDumpTablesOrderOfTablesWithoutIntegerPrimaryKey() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE event (name TEXT);
                INSERT INTO event (rowid, name) VALUES (3, 'c'), (1, 'a'), (2, 'b');
                CREATE TABLE membership (teamId TEXT, playerId INTEGER, PRIMARY KEY (teamId, playerId)) WITHOUT ROWID;
                INSERT INTO membership VALUES ('b', 1), ('a', 2), ('a', 1);
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT);
                INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany');
                """)
        }
        try dbQueue.read { db in
            clearSQLQueries()
            let output = DumpOutput()
            try db.dumpTables(["event", "membership", "country"], to: output)
            XCTAssertEqual(output.text, """
                event
                a
                b
                c

                membership
                a|1
                a|2
                b|1

                country
                DE|Germany
                FR|France

                """)
            XCTAssertEqual(sqlQueries.filter { $0.hasPrefix("SELECT * FROM") }, [
                #"SELECT * FROM "event" ORDER BY "rowid""#,
                #"SELECT * FROM "membership" ORDER BY "teamId", "playerId""#,
                #"SELECT * FROM "country" ORDER BY "code""#,
            ])
        }
    }

    func testDumpTablesHeaders() throws {
        try makeRugbyDatabase().read { db in
            let one = DumpOutput()
            try db.dumpTables(["team"], to: one)
            XCTAssertEqual(one.text, "ENG|England Rugby|white\nFRA|XV de France|blue\n")

            let always = DumpOutput()
            try db.dumpTables(["team"], tableHeader: .always, to: always)
            XCTAssertEqual(always.text, "team\nENG|England Rugby|white\nFRA|XV de France|blue\n")

            // Tables come in the given order, with the given names.
            let several = DumpOutput()
            try db.dumpTables(["TEAM", "player"], to: several)
            XCTAssertEqual(several.text, """
                TEAM
                ENG|England Rugby|white
                FRA|XV de France|blue

                player
                1|FRA|Antoine Dupond
                2|ENG|Owen Farrell
                3||Tartempion

                """)

            let none = DumpOutput()
            try db.dumpTables([], to: none)
            XCTAssertEqual(none.text, "")
        }
    }

    func testDumpTablesListFormat() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            try db.dumpTables(["player", "team"], format: .list(header: true), tableHeader: .always, stableOrder: true, to: output)
            XCTAssertEqual(output.text, """
                player
                id|teamId|name
                1|FRA|Antoine Dupond
                2|ENG|Owen Farrell
                3||Tartempion

                team
                id|name|color
                ENG|England Rugby|white
                FRA|XV de France|blue

                """)
        }
    }

    func testDumpTablesPrintsEmptyTables() throws {
        try makeRugbyDatabase().write { db in
            try db.execute(sql: "DELETE FROM player")
            let output = DumpOutput()
            try db.dumpTables(["player", "team"], to: output)
            XCTAssertEqual(output.text, "player\n\nteam\nENG|England Rugby|white\nFRA|XV de France|blue\n")

            let json = DumpOutput()
            try db.dumpTables(["player"], format: .json(), to: json)
            XCTAssertEqual(json.text, "[]\n")
        }
    }

    func testDumpTablesOfViews() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
                INSERT INTO player VALUES (1, 'Craig', 1), (2, 'Arthur', 3), (3, 'Barbara', 2), (4, 'Arthur', 1);
                CREATE VIEW playerName1 AS SELECT name, score FROM player;
                CREATE VIEW playerName2 AS SELECT name, score FROM player ORDER BY score DESC;
                """)
        }
        try dbQueue.read { db in
            clearSQLQueries()
            // Views keep their own order...
            let output = DumpOutput()
            try db.dumpTables(["playerName2"], to: output)
            XCTAssertEqual(output.text, "Arthur|3\nBarbara|2\nCraig|1\nArthur|1\n")
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "playerName2""#)

            // ...unless they are sorted by all columns.
            let stable = DumpOutput()
            try db.dumpTables(["playerName1", "playerName2"], stableOrder: true, to: stable)
            XCTAssertEqual(stable.text, """
                playerName1
                Arthur|1
                Arthur|3
                Barbara|2
                Craig|1

                playerName2
                Arthur|1
                Arthur|3
                Barbara|2
                Craig|1

                """)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "playerName2" ORDER BY "name", "score""#)
        }
    }

    func testDumpTablesOfUnknownTableThrowsBeforePrinting() throws {
        try makeRugbyDatabase().read { db in
            let output = DumpOutput()
            XCTAssertThrowsError(try db.dumpTables(["team", "nope"], to: output)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
                XCTAssertEqual((error as? DatabaseError)?.message, "no such table: nope")
            }
            XCTAssertEqual(output.text, "")
            XCTAssertThrowsError(try db.dumpTables(["player_on_teamId"], to: output))
        }
    }

    func testDumpTablesOfTemporaryTables() throws {
        try makeRugbyDatabase().write { db in
            try db.execute(sql: "CREATE TEMP TABLE flag (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO flag VALUES (2, 'b'), (1, 'a')")
            let output = DumpOutput()
            try db.dumpTables(["flag"], to: output)
            XCTAssertEqual(output.text, "1|a\n2|b\n")
        }
    }
}
