import CSQLite
import Folio
import XCTest

/// The row, value and record cursors adopt `DatabaseCursor`.
final class DatabaseCursorTests: FolioTestCase {
    private struct Player: Decodable, FetchableRecord, TableRecord {
        var id: Int64
        var name: String?
        static let team = belongsTo(Team.self)
    }

    private struct Team: Decodable, FetchableRecord, TableRecord {
        var id: Int64
        var name: String
        static let players = hasMany(Player.self)
    }

    private struct TeamInfo: Decodable, FetchableRecord {
        var id: Int64
        var name: String
        var players: [Player]
    }

    /// What every database cursor tells, through the protocol only.
    private func information(_ cursor: some DatabaseCursor) -> String {
        "\(cursor.sql) | \(cursor.arguments) | \(cursor.columnNames) | \(cursor.columnCount) | \(cursor.databaseRegion)"
    }

    func testRowValueAndRecordCursorsTellTheirStatement() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let sql = "SELECT id, name FROM player WHERE score > ?"
            let expected = "SELECT id, name FROM player WHERE score > ? | [500] | [\"id\", \"name\"] | 2 | player(id,name,score)"
            XCTAssertEqual(information(try Row.fetchCursor(db, sql: sql, arguments: [500])), expected)
            XCTAssertEqual(information(try DatabaseValue.fetchCursor(db, sql: sql, arguments: [500])), expected)
            XCTAssertEqual(information(try Int64.fetchCursor(db, sql: sql, arguments: [500])), expected)
            XCTAssertEqual(information(try Player.fetchCursor(db, sql: sql, arguments: [500])), expected)
        }
    }

    func testCursorTypesAreTheOnesGRDBReturns() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let rows: RowCursor = try Row.fetchCursor(db, sql: "SELECT name FROM player")
            let values: DatabaseValueCursor<DatabaseValue> = try DatabaseValue.fetchCursor(db, sql: "SELECT name FROM player")
            let fastValues: FastDatabaseValueCursor<Int64> = try Int64.fetchCursor(db, sql: "SELECT id FROM player")
            let players: RecordCursor<Player> = try Player.fetchCursor(db)
            let cursors: [any DatabaseCursor] = [rows, values, fastValues, players]
            XCTAssertEqual(cursors.map(\.columnCount), [1, 1, 1, 10])
            XCTAssertTrue(RowCursor.Element.self == Row.self)
            XCTAssertTrue(DatabaseValueCursor<String>.Element.self == String.self)
            XCTAssertTrue(FastDatabaseValueCursor<Int>.Element.self == Int.self)
            XCTAssertTrue(RecordCursor<Player>.Element.self == Player.self)
        }
    }

    func testDatabaseCursorsHaveAPrimaryAssociatedType() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let ids: any DatabaseCursor<Int64> = try Int64.fetchCursor(db, sql: "SELECT id FROM player ORDER BY id")
            XCTAssertEqual(try ids.next(), 1)
            var rest: [Int64] = []
            try ids.forEach { rest.append($0) }
            XCTAssertEqual(rest, [2, 3, 4, 5, 6])
            XCTAssertNil(try ids.next())
        }
    }

    func testArgumentsAreTheOnesTheStatementRunsWith() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT name FROM player WHERE id = :id")
            let names = try String?.fetchCursor(statement, arguments: ["id": 2])
            XCTAssertEqual(names.arguments, ["id": 2])
            XCTAssertEqual(try names.next(), "barbara")
            let request = Player.filter(Column("id") == 3)
            let players = try request.fetchCursor(db)
            XCTAssertEqual(players.sql, #"SELECT * FROM "player" WHERE "id" = ?"#)
            XCTAssertEqual(players.arguments, [3])
        }
    }

    func testSettingIsDoneEndsTheIterationAndResetsTheStatement() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let sql = "SELECT id FROM player ORDER BY id"
            let ids = try Int64.fetchCursor(db, sql: sql)
            XCTAssertFalse(ids._isDone)
            XCTAssertEqual(try ids.next(), 1)
            let statement = ids._statement
            XCTAssertNotEqual(sqlite3_stmt_busy(statement.sqliteStatement), 0)
            ids._isDone = true
            XCTAssertTrue(ids._isDone)
            XCTAssertEqual(sqlite3_stmt_busy(statement.sqliteStatement), 0)
            XCTAssertNil(try ids.next())
            // Setting false does not start an ended iteration again.
            ids._isDone = false
            XCTAssertTrue(ids._isDone)

            let rows = try Row.fetchCursor(db, sql: sql)
            XCTAssertNotNil(try rows.next())
            rows._isDone = true
            XCTAssertNil(try rows.next())

            let values = try DatabaseValue.fetchCursor(db, sql: sql)
            values._isDone = true
            XCTAssertNil(try values.next())

            let players = try Player.fetchCursor(db)
            XCTAssertEqual(try players.next()?.id, 1)
            players._isDone = true
            XCTAssertNil(try players.next())
        }
    }

    func testIsDoneBecomesTrueAtTheEnd() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT 1")
            XCTAssertFalse(rows._isDone)
            XCTAssertNotNil(try rows.next())
            XCTAssertNil(try rows.next())
            XCTAssertTrue(rows._isDone)
        }
    }

    func testElementReadsTheCurrentRow() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let sql = "SELECT id, name FROM player WHERE id = 2"
            let rows = try Row.fetchCursor(db, sql: sql)
            let row = try XCTUnwrap(rows.next())
            XCTAssertTrue(try rows._element(sqliteStatement: rows._statement.sqliteStatement) === row)

            let names = try DatabaseValue.fetchCursor(db, sql: "SELECT name FROM player WHERE id = 2")
            XCTAssertEqual(try names.next(), "barbara".databaseValue)
            XCTAssertEqual(try names._element(sqliteStatement: names._statement.sqliteStatement), "barbara".databaseValue)

            let ids = try Int64.fetchCursor(db, sql: sql)
            XCTAssertEqual(try ids.next(), 2)
            XCTAssertEqual(try ids._element(sqliteStatement: ids._statement.sqliteStatement), 2)

            let players = try Player.fetchCursor(db, sql: sql)
            XCTAssertEqual(try players.next()?.name, "barbara")
            XCTAssertEqual(try players._element(sqliteStatement: players._statement.sqliteStatement).name, "barbara")
        }
    }

    func testCursorsOfPrefetchedRowsAreDatabaseCursorsToo() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        try dbQueue.read { db in
            let request = Team.including(all: Team.players).order(Column("id"))
            let teams = try request.asRequest(of: TeamInfo.self).fetchCursor(db)
            XCTAssertEqual(teams.columnNames.prefix(3), ["id", "name", "color"])
            XCTAssertFalse(teams._isDone)
            XCTAssertEqual(try teams.next()?.players.map(\.id), [1, 2])
            teams._isDone = true
            XCTAssertTrue(teams._isDone)
            XCTAssertNil(try teams.next())

            let rows = try request.asRequest(of: Row.self).fetchCursor(db)
            XCTAssertFalse(rows._isDone)
            XCTAssertNotNil(try rows.next())
            rows._isDone = true
            XCTAssertTrue(rows._isDone)
            XCTAssertNil(try rows.next())
        }
    }

    func testDatabaseCursorUsedOutsideOfItsAccessThrows() throws {
        let dbQueue = try makeTeamAndPlayerDatabase()
        let rows = try dbQueue.read { db in try Row.fetchCursor(db, sql: "SELECT * FROM player") }
        XCTAssertThrowsError(try rows.next()) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        }
        XCTAssertTrue(rows._isDone)
    }
}
