import Folio
import Foundation
import XCTest

// The samples of Documentation/SQLAndRows.md.

enum SQLAndRowsGuide {
    struct Player: Codable, FetchableRecord, PersistableRecord, Equatable {
        var id: Int64
        var name: String
        var score: Int
    }

    struct JoinedPlayer: FetchableRecord, Equatable {
        var id: Int64
        var name: String
        var teamId: Int64

        init(row: Row) throws {
            id = try row.decode(forColumn: "id")
            name = try row.decode(forColumn: "name")
            teamId = try row.decode(forColumn: "teamId")
        }
    }

    struct Team: FetchableRecord, Equatable {
        var id: Int64
        var name: String

        init(row: Row) throws {
            id = try row.decode(forColumn: "id")
            name = try row.decode(forColumn: "name")
        }
    }

    struct PlayerInfo: FetchableRecord {
        var player: JoinedPlayer
        var team: Team

        init(row: Row) throws {
            player = try JoinedPlayer(row: row.scopes["player"]!)
            team = try Team(row: row.scopes["team"]!)
        }

        static func all() -> AdaptedFetchRequest<SQLRequest<PlayerInfo>> {
            let request: SQLRequest<PlayerInfo> = """
                SELECT player.*, team.*
                FROM player JOIN team ON team.id = player.teamId
                ORDER BY player.id
                """
            return request.adapted { db in
                let adapters = try splittingRowAdapters(columnCounts: [
                    db.columns(in: "player").count,
                    db.columns(in: "team").count,
                ])
                return ScopeAdapter([
                    "player": adapters[0],
                    "team": adapters[1],
                ])
            }
        }
    }
}

/// Runs the samples of Documentation/SQLAndRows.md.
final class SQLAndRowsGuideTests: FolioTestCase {
    typealias Player = SQLAndRowsGuide.Player

    private func makeTeams() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamId INTEGER NOT NULL REFERENCES team(id));
                INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
                INSERT INTO player VALUES (1, 'Arthur', 2), (2, 'Barbara', 1);
                """)
        }
        return dbQueue
    }

    func testExecutingSQL() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (
                  id INTEGER PRIMARY KEY,
                  name TEXT NOT NULL,
                  score INTEGER NOT NULL);
                """)

            try db.execute(
                sql: "INSERT INTO player (name, score) VALUES (?, ?)",
                arguments: ["Arthur", 100])

            try db.execute(
                sql: "INSERT INTO player (name, score) VALUES (:name, :score)",
                arguments: ["name": "Barbara", "score": 1000])

            let name = "O'Brien"
            try db.execute(literal: "INSERT INTO player (name, score) VALUES (\(name), \(500))")

            let playerId = db.lastInsertedRowID // 3
            let changes = db.changesCount       // 1
            XCTAssertEqual(playerId, 3)
            XCTAssertEqual(changes, 1)

            let statement = try db.makeStatement(sql: "INSERT INTO player (name, score) VALUES (?, ?)")
            for (name, score) in [("Craig", 200), ("David", 300)] {
                try statement.execute(arguments: [name, score])
            }

            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id"),
                ["Arthur", "Barbara", "O'Brien", "Craig", "David"])
            XCTAssertThrowsError(try statement.execute(arguments: ["Eve"])) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.sql, "INSERT INTO player (name, score) VALUES (?, ?)")
            }
        }
    }

    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur', 100), (2, 'Barbara', 1000), (3, 'Craig', 50), (4, 'David', 150);
                """)
        }
        return dbQueue
    }

    func testFetchingRowsAndValues() throws {
        try makePlayers().read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id")
            let row = try Row.fetchOne(db, sql: "SELECT * FROM player WHERE id = ?", arguments: [1])!
            let name: String = row["name"]       // by column name, case-insensitive
            let score: Int = row[2]              // by index
            let bonus: Int? = row["bonus"]       // nil: no such column

            let names = try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name")
            let maxScore = try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") // Int?
            let scores = try Int.fetchSet(db, sql: "SELECT score FROM player")

            XCTAssertEqual(rows.count, 4)
            XCTAssertEqual(name, "Arthur")
            XCTAssertEqual(score, 100)
            XCTAssertNil(bonus)
            XCTAssertEqual(names, ["Arthur", "Barbara", "Craig", "David"])
            XCTAssertEqual(maxScore, 1000)
            XCTAssertEqual(scores, [50, 100, 150, 1000])

            let dbValue: DatabaseValue = row["score"]
            var printed = ""
            switch dbValue.storage {
            case .null: printed = "NULL"
            case .int64(let int): printed = "\(int)"
            case .double(let double): printed = "\(double)"
            case .string(let string): printed = string
            case .blob(let data): printed = "\(data)"
            }
            XCTAssertEqual(printed, "100")
            let decodedScore = try row.decode(Int.self, forColumn: "score")
            XCTAssertEqual(decodedScore, 100)
            XCTAssertThrowsError(try row.decode(Int.self, forColumn: "name")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
                XCTAssertTrue("\(error)".contains("name"), "\(error)")
            }
        }
    }

    func testCursors() throws {
        try makePlayers().read { db in
            var seen: [String] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM player ORDER BY id")
            while let row = try rows.next() {
                let name: String = row["name"]
                seen.append(name)
            }
            XCTAssertEqual(seen, ["Arthur", "Barbara", "Craig", "David"])

            let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player")
            let total = try scores.reduce(0, +)
            XCTAssertEqual(total, 1300)

            let names = try String.fetchCursor(db, sql: "SELECT name FROM player ORDER BY id")
                .map { $0.uppercased() }
            let array = try Array(names)
            let set = try Set(Int.fetchCursor(db, sql: "SELECT score FROM player"))
            let byScore = try Dictionary(
                grouping: Player.fetchCursor(db, sql: "SELECT * FROM player"),
                by: \.score)
            XCTAssertEqual(array, ["ARTHUR", "BARBARA", "CRAIG", "DAVID"])
            XCTAssertEqual(set, [50, 100, 150, 1000])
            XCTAssertEqual(byScore[1000]?.first?.name, "Barbara")
        }
    }

    func testRowAdapters() throws {
        try makeDatabaseQueue().read { db in
            // ["newA": 0, "newB": 1]
            let adapter = ColumnMapping(["newA": "a", "newB": "b"])
            let row = try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: adapter)!
            XCTAssertEqual(row, ["newA": 0, "newB": 1])

            // ["c": 2]
            let suffix = try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: SuffixRowAdapter(fromIndex: 2))!
            XCTAssertEqual(suffix, ["c": 2])

            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: RangeRowAdapter(1..<3)), ["b": 1, "c": 2])
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT 0 AS a", adapter: EmptyRowAdapter()), [:])
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT 0 AS A", adapter: RenameColumnAdapter { $0.lowercased() }).map { Array($0.columnNames) }, ["a"])
        }
    }

    func testScopes() throws {
        try makeTeams().read { db in
            let sql = "SELECT player.*, team.* FROM player JOIN team ON team.id = player.teamId"
            let adapter = ScopeAdapter([
                "player": RangeRowAdapter(0..<3),
                "team": SuffixRowAdapter(fromIndex: 3),
            ])
            var seen: [(Row, Row)] = []
            for row in try Row.fetchAll(db, sql: sql + " ORDER BY player.id", adapter: adapter) {
                let playerRow = row.scopes["player"]! // id, name, teamId
                let teamRow = row.scopes["team"]!     // id, name
                seen.append((playerRow, teamRow))
            }
            XCTAssertEqual(seen.map(\.0), [["id": 1, "name": "Arthur", "teamId": 2], ["id": 2, "name": "Barbara", "teamId": 1]])
            XCTAssertEqual(seen.map(\.1), [["id": 2, "name": "Blues"], ["id": 1, "name": "Reds"]])
        }
    }

    func testSplittingRowAdapters() throws {
        try makeTeams().read { db in
            let infos = try SQLAndRowsGuide.PlayerInfo.all().fetchAll(db)
            XCTAssertEqual(infos.map(\.player.name), ["Arthur", "Barbara"])
            XCTAssertEqual(infos.map(\.team.name), ["Blues", "Reds"])
        }
    }

    func testAdapterThatDoesNotFitThrows() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, sql: "SELECT 1 AS a", adapter: RangeRowAdapter(0..<2))) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.sql, "SELECT 1 AS a")
                XCTAssertTrue(error?.message?.contains("RangeRowAdapter") == true, "\(String(describing: error))")
            }
        }
    }

    func testWritesThatReturnRows() throws {
        try makePlayers().write { db in
            clearSQLQueries()
            // DELETE FROM player WHERE score < 100 RETURNING *
            let deletedPlayers = try Player
                .filter { $0.score < 100 }
                .deleteAndFetchAll(db)
            XCTAssertEqual(deletedPlayers, [Player(id: 3, name: "Craig", score: 50)])

            // DELETE FROM player WHERE score < 200 RETURNING id
            let deletedIds = try Player
                .filter { $0.score < 200 }
                .deleteAndFetchIds(db)
            XCTAssertEqual(deletedIds, [1, 4])

            // UPDATE player SET score = score + 10 RETURNING *
            let updatedPlayers = try Player
                .all()
                .updateAndFetchAll(db) { [$0.score += 10] }
            XCTAssertEqual(updatedPlayers, [Player(id: 2, name: "Barbara", score: 1010)])
            XCTAssertTrue(sqlQueries.contains { $0.hasPrefix("DELETE FROM \"player\" WHERE \"score\" < ? RETURNING") }, "\(sqlQueries)")
            XCTAssertTrue(sqlQueries.contains { $0.hasPrefix("UPDATE \"player\" SET \"score\" = \"score\" + ? RETURNING") }, "\(sqlQueries)")

            // DELETE FROM player RETURNING name, score
            let statement = try Player.all().deleteAndFetchStatement(db) { [$0.name, $0.score] }
            let rows = try Row.fetchAll(statement)
            XCTAssertEqual(rows, [["name": "Barbara", "score": 1010]])
            XCTAssertEqual(try Player.fetchCount(db), 0)

            let returned = try Row.fetchAll(db, sql: "INSERT INTO player (name, score) VALUES ('Eve', 5) RETURNING id, name")
            XCTAssertEqual(returned, [["id": 1, "name": "Eve"]])
        }
    }
}

extension SQLAndRowsGuide.Player: Identifiable { }
