import Folio
import XCTest

/// The row, value and record cursors share one skeleton (`_RowStepper`):
/// each of them throws again after a failed step, ends for good when its
/// `_isDone` is set, releases its statement, and hands out prefetched
/// rows the same way.
final class RowStepperTests: FolioTestCase {
    /// A value that decodes from a `DatabaseValue` only: its cursor is a
    /// `DatabaseValueCursor`, not a `FastDatabaseValueCursor`.
    struct Score: DatabaseValueConvertible, Equatable {
        var value: Int
        var databaseValue: DatabaseValue { value.databaseValue }
        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Score? {
            Int.fromDatabaseValue(dbValue).map(Score.init)
        }
    }

    struct Player: FetchableRecord, Decodable, TableRecord {
        static let databaseTableName = "player"
        static let scores = hasMany(Round.self)
        var id: Int
    }

    struct Round: TableRecord {
        static let databaseTableName = "round"
    }

    func testValueCursorThrowsAgainAfterAFailedStep() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t(a UNIQUE)")
            let sql = "INSERT INTO t VALUES (1), (1) RETURNING a"
            let scores = try Score.fetchCursor(db, sql: sql)
            XCTAssertTrue(type(of: scores) == DatabaseValueCursor<Score>.self)
            XCTAssertThrowsError(try { while try scores.next() != nil { } }())
            for _ in 0..<2 {
                XCTAssertThrowsError(try scores.next()) { error in
                    XCTAssertEqual((error as? DatabaseError)?.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
                    XCTAssertEqual((error as? DatabaseError)?.sql, sql)
                }
            }
            XCTAssertTrue(scores._isDone)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [])
        }
    }

    func testSettingIsDoneEndsEveryCursorAndReleasesItsStatement() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE player(id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO player VALUES (1), (2), (3)")
            let sql = "SELECT id FROM player ORDER BY id"

            let rows = try Row.fetchCursor(db, sql: sql)
            XCTAssertEqual(try rows.next()?["id"], 1)
            rows._isDone = true
            XCTAssertNil(try rows.next())

            let scores = try Score.fetchCursor(db, sql: sql)
            XCTAssertEqual(try scores.next(), Score(value: 1))
            scores._isDone = true
            XCTAssertNil(try scores.next())

            let ids = try Int.fetchCursor(db, sql: sql)
            XCTAssertEqual(try ids.next(), 1)
            ids._isDone = true
            XCTAssertNil(try ids.next())

            let players = try Player.fetchCursor(db, sql: sql)
            XCTAssertEqual(try players.next()?.id, 1)
            players._isDone = true
            XCTAssertNil(try players.next())

            // Each cursor reset the cached statement: it steps from the start.
            XCTAssertEqual(try Int.fetchAll(db, sql: sql), [1, 2, 3])
            // A write is not blocked by a statement left open.
            try db.execute(sql: "DROP TABLE player")
        }
    }

    func testCursorsOfPrefetchedRows() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: """
                CREATE TABLE player(id INTEGER PRIMARY KEY);
                CREATE TABLE round(id INTEGER PRIMARY KEY, playerId INTEGER REFERENCES player(id));
                INSERT INTO player VALUES (1), (2), (3);
                INSERT INTO round VALUES (1, 1), (2, 1), (3, 2);
                """)
            let request = Player.including(all: Player.scores).order(Column("id"))

            let players = try request.fetchCursor(db)
            XCTAssertEqual(try players.next()?.id, 1)
            XCTAssertFalse(players._isDone)
            XCTAssertEqual(try players.next()?.id, 2)
            XCTAssertEqual(try players.next()?.id, 3)
            XCTAssertNil(try players.next())
            XCTAssertTrue(players._isDone)
            XCTAssertNil(try players.next())

            let rows = try Row.fetchCursor(db, request)
            let first = try XCTUnwrap(rows.next())
            XCTAssertEqual(first["id"], 1)
            XCTAssertEqual(first.prefetchedRows["rounds"]?.count, 2)
            rows._isDone = true
            XCTAssertNil(try rows.next())
        }
    }

    func testValueCursorOfNoColumnThrows() throws {
        try makeDatabaseQueue().write { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            XCTAssertThrowsError(try Score.fetchCursor(db, sql: "INSERT INTO t VALUES (1)")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            }
            XCTAssertThrowsError(try Int.fetchCursor(db, sql: "INSERT INTO t VALUES (1)"))
            // The statement is released, and never ran.
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
            try db.execute(sql: "DROP TABLE t")
        }
    }
}
